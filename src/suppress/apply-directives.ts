// Applies a file's suppression directives to its offences (docs/configuration.md,
// "Inline suppressions"): disable-next-line removes the offences of the named codes on the line
// after the comment; disable-line those on the comment's own lines (an offence placed in another file, Offence.file,
// is on the line that reads its value, Offence.via); disable-file those anywhere in the file (including offences with no
// line). A check the chain's gate held back only for offences suppressed here runs after
// all. Each directive that suppressed nothing for some code it names, names no offence
// code, or is malformed becomes a finding, which unused.ts reports as `unused-disable`.
// Pure; called by the run's pipeline.

import { closeMatch } from "../core/close-match.js";
import { releaseHeldBack, type HeldBack } from "../core/held-back.js";
import type { Offence } from "../core/offence.js";
import { DIRECTIVE_KINDS, type Directive } from "./directives.js";

/** Why (part of) a directive suppressed nothing. */
export type DirectiveProblem =
  | { readonly kind: "unused"; readonly code: string }
  | { readonly kind: "unknown-code"; readonly code: string; readonly suggestion: string | null }
  | { readonly kind: "no-code" }
  | { readonly kind: "malformed"; readonly suggestion: string | null };

export interface DirectiveFinding {
  readonly directive: Directive;
  readonly problems: readonly DirectiveProblem[];
}

export interface Suppressed {
  /** The offences no directive suppressed, in their order, then those of the checks released. */
  readonly kept: readonly Offence[];
  readonly suppressed: number;
  readonly findings: readonly DirectiveFinding[];
  /** The checks still held back once the suppressed offences no longer hold them (core/held-back.ts). */
  readonly heldBack: readonly HeldBack[];
}

function covers(directive: Directive, offence: Offence): boolean {
  if (!directive.codes.includes(offence.code)) return false;
  if (directive.kind === "wymcp-lint-disable-file") return true;
  // An offence placed in another file (an Elixir value written in another module) is on this file's line that reads it.
  const line = offence.file === undefined ? offence.line : offence.via?.line;
  if (line === undefined) return false;
  if (directive.kind === "wymcp-lint-disable-line") return line >= directive.line && line <= directive.endLine;
  return line === directive.endLine + 1;
}

/**
 * The offences left after the directives, and what each useless directive did wrong. A
 * suppressed offence holds nothing back: a check it alone held back runs after all (its
 * withheld offences join, under the same directives). A directive for a check still held
 * back is used when it covers what that check would find, and is never judged unused when
 * what the check would find is unknown.
 */
export function applyDirectives(offences: readonly Offence[], directives: readonly Directive[], codes: readonly string[], held: readonly HeldBack[] = []): Suppressed {
  const used = directives.map(() => new Set<string>());
  let suppressed = 0;
  const isSuppressed = (offence: Offence): boolean => {
    let covered = false;
    directives.forEach((directive, i) => {
      if (directive.kind !== "malformed" && covers(directive, offence)) {
        (used[i] as Set<string>).add(offence.code);
        covered = true;
      }
    });
    return covered;
  };
  const keep = (offence: Offence): boolean => {
    if (!isSuppressed(offence)) return true;
    suppressed++;
    return false;
  };
  const kept = offences.filter(keep);
  const { released, held: heldBack } = releaseHeldBack(kept, held);
  for (const offence of released) if (keep(offence)) kept.push(offence);
  const unjudged = new Set<string>();
  for (const record of heldBack) {
    if (record.withheld === null) unjudged.add(record.check);
    else for (const offence of record.withheld) isSuppressed(offence);
  }
  const findings = directives.flatMap((directive, i): DirectiveFinding[] => {
    const problems: DirectiveProblem[] = [];
    if (directive.kind === "malformed") {
      problems.push({ kind: "malformed", suggestion: closeMatch(directive.word, DIRECTIVE_KINDS) });
    } else if (directive.codes.length === 0) {
      problems.push({ kind: "no-code" });
    } else {
      for (const code of directive.codes) {
        if (!codes.includes(code)) problems.push({ kind: "unknown-code", code, suggestion: closeMatch(code, codes) });
        else if (!(used[i] as Set<string>).has(code) && !unjudged.has(code)) problems.push({ kind: "unused", code });
      }
    }
    return problems.length === 0 ? [] : [{ directive, problems: Object.freeze(problems) }];
  });
  return { kept, suppressed, findings, heldBack };
}
