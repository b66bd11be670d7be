// `wymcp-lint --explain CODE`: the text that explains one offence code, rendered from the
// code docs (code-docs.ts: docs/codes/<code>.md, the one source they share with SARIF rule
// help and docs/offence-codes.md). Called by the CLI (run.ts), which prints the text, or on null
// prints unknownCodeMessage() as a usage error (exit 2).

import { codeDocText, isOffenceCode } from "./code-docs.js";
import { inspectString } from "../core/escape.js";
import { OFFENCE_CODES } from "../core/offence.js";

/** The explanation of `code`, ending with "\n"; null when `code` is not an offence code. */
export function explain(code: string): string | null {
  return isOffenceCode(code) ? codeDocText(code) : null;
}

/** The usage error for a code explain() does not know, listing the known codes. */
export function unknownCodeMessage(code: string): string {
  return `unknown offence code ${inspectString(code)}; known codes: ${OFFENCE_CODES.join(", ")}`;
}
