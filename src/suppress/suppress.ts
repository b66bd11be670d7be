// Inline suppressions for one linted file: reads its directives (JSON5 action files and
// tool modules; JSON has no comments), drops the offences they cover and adds an
// `unused-disable` offence for each useless one. A JSON5 file that did not parse keeps its
// parse-error untouched: its comments cannot be trusted. Called by the run (src/lint/) on
// every file's raw offences, before severities are resolved, so the config can set
// unused-disable like any code.

import { OFFENCE_CODES } from "../core/codes.js";
import { sortOffences } from "../core/order.js";
import type { FileKind } from "../files/kind.js";
import type { Offence } from "../core/offence.js";
import { applyDirectives } from "./apply-directives.js";
import { directivesOf } from "./directives.js";
import { unusedDisableOffence } from "./unused.js";

/** A file's offences after its directives; `source` gives its text (null when unreadable). */
export function suppressOffences(offences: readonly Offence[], kind: FileKind, source: () => string | null): readonly Offence[] {
  if (kind === "json") return offences;
  if (kind === "json5" && offences.some((o) => o.code === "parse-error")) return offences;
  const text = source();
  if (text === null) return offences;
  const directives = directivesOf(text, kind);
  if (directives.length === 0) return offences;
  const { kept, findings } = applyDirectives(offences, directives, OFFENCE_CODES);
  if (findings.length === 0 && kept.length === offences.length) return offences;
  return sortOffences([...kept, ...findings.map(unusedDisableOffence)]);
}
