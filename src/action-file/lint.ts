// One action file's lint from its text (ARCHITECTURE.md, "The pipeline"): parse it (parse.ts), lint the
// value with the core (advisory checks included; a parsed value is plain data, so the core
// skips its cycle and sharing checks), and add a duplicate-key offence for each repeated
// key when the parse saw one (duplicate-keys.ts). Positions and edits are the locator's
// (src/locate/action-file.ts), once the offences are known.

import { basename, extname } from "node:path";
import { lintActionFile, type ToolLint } from "../core/lint-tool.js";
import { PLAIN_DATA } from "../core/map.js";
import { sortOffences } from "../core/order.js";
import { finalizeOffence } from "../core/offence.js";
import { omittedDraft } from "../core/offence-cap.js";
import { duplicateKeyOffence, repeatedKeys } from "./duplicate-keys.js";
import { parse } from "./parse.js";

/** The tool an action file declares: its base name before `.actions.`, else before its last extension. */
export function toolNameOf(file: string): string {
  const base = basename(file);
  const at = base.lastIndexOf(".actions.");
  return at >= 0 ? base.slice(0, at) : base.slice(0, base.length - extname(base).length);
}

/** An action file's offences from its decoded text; only duplicate-key offences carry positions yet. */
export function lintActionText(text: string, kind: "json" | "json5", toolName: string): ToolLint {
  const parsed = parse(text, kind);
  if ("offence" in parsed) return { tool: toolName || null, actions: 0, offences: [parsed.offence] };
  const lint = lintActionFile(parsed.value, toolName, { read: PLAIN_DATA, advisory: true });
  // Repeated keys are found in the text, with their positions; only texts that have one pay.
  if (!parsed.repeatsKeys) return lint;
  const { found, omitted } = repeatedKeys(text);
  const repeated = found.map(duplicateKeyOffence);
  if (omitted > 0) repeated.push(finalizeOffence(omittedDraft(omitted), null));
  return repeated.length === 0 ? lint : { ...lint, offences: sortOffences([...lint.offences, ...repeated]) };
}
