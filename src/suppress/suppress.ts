// Inline suppressions for one linted file: reads its directives (JSON5 action files and
// tool modules; JSON has no comments), drops the offences they cover and adds an
// `unused-disable` offence for each useless one; a check held back only by suppressed
// offences runs after all (apply-directives.ts). A JSON5 file that did not parse keeps its
// parse-error untouched: its comments cannot be trusted. Called by the run (src/lint/) on
// every file's raw offences, before severities are resolved, so the config can set
// unused-disable like any code.

import { OFFENCE_CODES } from "../core/codes.js";
import { sortOffences } from "../core/order.js";
import type { FileKind } from "../files/kind.js";
import type { ToolLint } from "../core/tool-lint.js";
import type { Offence } from "../core/offence.js";
import { applyDirectives } from "./apply-directives.js";
import type { Comment } from "./comments.js";
import { commentDirectives, directivesOf, type Directive } from "./directives.js";
import { unusedDisableOffence } from "./unused.js";

/** A file's lint after its directives; `source` gives its text (null when unreadable). */
export function suppressLint(lint: ToolLint, kind: Exclude<FileKind, "elixir">, source: () => string | null): ToolLint {
  if (kind === "json") return lint;
  if (kind === "json5" && lint.offences.some((o) => o.code === "parse-error")) return lint;
  const text = source();
  if (text === null) return lint;
  return suppressByDirectives(lint, directivesOf(text, kind));
}

/** A file's offences after the directives of its comments, which the caller's own parse found (an Elixir file's). */
export function suppressByComments(offences: readonly Offence[], source: string, comments: readonly Comment[]): readonly Offence[] {
  return suppressByDirectives({ tool: null, actions: 0, offences }, commentDirectives(source, comments)).offences;
}

function suppressByDirectives(lint: ToolLint, directives: readonly Directive[]): ToolLint {
  if (directives.length === 0) return lint;
  const { offences } = lint;
  const { kept, findings, heldBack } = applyDirectives(offences, directives, OFFENCE_CODES, lint.heldBack);
  if (findings.length === 0 && kept.length === offences.length && heldBack.length === (lint.heldBack?.length ?? 0)) return lint;
  const result: ToolLint = {
    tool: lint.tool,
    actions: lint.actions,
    offences: sortOffences([...kept, ...findings.map(unusedDisableOffence)]),
    ...(lint.declaration === undefined ? {} : { declaration: lint.declaration }),
  };
  return heldBack.length === 0 ? result : { ...result, heldBack };
}
