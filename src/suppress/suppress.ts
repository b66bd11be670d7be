// Inline suppressions for one linted file: given its directives (its kind reads them:
// src/inputs/), drops the offences they cover and adds an `unused-disable` offence for each
// useless one; a check held back only by suppressed offences runs after all
// (apply-directives.ts). Called by the run's pipeline (src/lint/pipeline.ts) on every file's
// placed offences, before severities are resolved, so the config can set unused-disable like
// any code.

import { OFFENCE_CODES } from "../core/codes.js";
import { sortOffences } from "../core/order.js";
import type { ToolLint } from "../core/tool-lint.js";
import type { Offence } from "../core/offence.js";
import { applyDirectives } from "./apply-directives.js";
import type { Directive } from "./directives.js";
import { unusedDisableOffence } from "./unused.js";

/**
 * A file's lints (one per tool it declares) after the file's directives. With several tools
 * (an Elixir file's tool modules), a directive is judged over the whole file: it is unused only
 * when it is so for every tool, and that is reported once, with the tool `ownerOf` its line.
 */
export function suppressFile(lints: readonly ToolLint[], directives: readonly Directive[], ownerOf: (line: number) => number): ToolLint[] {
  if (directives.length === 0) return [...lints];
  const kept = lints.map((lint) => suppressByDirectives(lint, directives));
  if (kept.length === 1) return kept;
  const key = (offence: Offence): string => `${offence.line}:${offence.column}:${offence.message}`;
  const unused = kept.map((lint) => new Set(lint.offences.filter((o) => o.code === "unused-disable").map(key)));
  return kept.map((lint, i) => {
    const offences = lint.offences.filter((o) => o.code !== "unused-disable" || (ownerOf(o.line ?? 0) === i && unused.every((set) => set.has(key(o)))));
    return offences.length === lint.offences.length ? lint : { ...lint, offences };
  });
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
