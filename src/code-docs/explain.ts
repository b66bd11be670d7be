// `wymcp-lint --explain CODE`: the text that explains one offence code, rendered from the
// code docs (code-docs.ts: docs/codes/<code>.md, the one source they share with SARIF rule
// help and docs/offence-codes.md). Called by the CLI (run.ts), which prints the text, or on null
// prints unknownCodeMessage() as a usage error (exit 2).

import { closeMatch } from "../core/close-match.js";
import { codeDocText } from "./code-docs.js";
import { inspectString } from "../text/escape.js";
import { defaultSeverity, isOffenceCode, OFFENCE_CODES } from "../core/codes.js";

/** The explanation of `code`, its default severity under the title, ending with "\n"; null when `code` is not an offence code. */
export function explain(code: string): string | null {
  if (!isOffenceCode(code)) return null;
  const text = codeDocText(code);
  const titleEnd = text.indexOf("\n");
  return `${text.slice(0, titleEnd)}\nDefault severity: ${defaultSeverity(code)}${text.slice(titleEnd)}`;
}

/** The usage error for a code explain() does not know: the close match (a misspelling, "_" for "-", a case slip), else the known codes. */
export function unknownCodeMessage(code: string): string {
  const match = closeMatch(code.replace(/_/g, "-"), OFFENCE_CODES);
  if (match !== null) return `unknown offence code ${inspectString(code)}; did you mean ${inspectString(match)}?`;
  return `unknown offence code ${inspectString(code)}; known codes: ${OFFENCE_CODES.join(", ")}`;
}
