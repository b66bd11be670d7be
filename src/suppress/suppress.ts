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
import type { Comment } from "./comments.js";
import { commentDirectives, directivesOf, type Directive } from "./directives.js";
import { unusedDisableOffence } from "./unused.js";

/** A file's offences after its directives; `source` gives its text (null when unreadable). */
export function suppressOffences(offences: readonly Offence[], kind: Exclude<FileKind, "elixir">, source: () => string | null): readonly Offence[] {
  if (kind === "json") return offences;
  if (kind === "json5" && offences.some((o) => o.code === "parse-error")) return offences;
  const text = source();
  if (text === null) return offences;
  return suppressByDirectives(offences, directivesOf(text, kind));
}

/** A file's offences after the directives of its comments, which the caller's own parse found (an Elixir file's). */
export function suppressByComments(offences: readonly Offence[], source: string, comments: readonly Comment[]): readonly Offence[] {
  return suppressByDirectives(offences, commentDirectives(source, comments));
}

function suppressByDirectives(offences: readonly Offence[], directives: readonly Directive[]): readonly Offence[] {
  if (directives.length === 0) return offences;
  const { kept, findings } = applyDirectives(offences, directives, OFFENCE_CODES);
  if (findings.length === 0 && kept.length === offences.length) return offences;
  return sortOffences([...kept, ...findings.map(unusedDisableOffence)]);
}
