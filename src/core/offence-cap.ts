// The per-file cap (docs/report.md): a file reports at most MAX_OFFENCES offences, in every
// format, and one too-many-offences offence that counts the rest. Deep input can hold an
// offence per level, each with a path as long as its depth, so listing them all costs
// memory and output with the square of the input. The cap is kept in two places: the checks
// whose offences grow with nesting stop building them past it and leave a counting draft
// (omittedDraft), and the run caps each file's final list (capOffences), folding those
// counts into its one offence. The count is carried in the offence's message, which this
// module alone writes and reads, so an offence stays plain data across threads.

import type { Draft, Offence } from "./offence.js";
import { toolOffence } from "./offence.js";
import { countText } from "../text/number-text.js";

/** The most offences one file lists. */
export const MAX_OFFENCES = 1000;

const CAP = countText(MAX_OFFENCES);
const FIX = "Fix the offences listed (--fix mends many of them) and lint again: the rest are listed as these go.";

function countMessage(count: number, where: string): string {
  return `${count} more ${count === 1 ? "offence" : "offences"} ${where} not listed: a file lists at most ${CAP}`;
}

/** How many offences a too-many-offences offence stands for. */
function countOf(offence: Offence): number {
  return Number(/^\d+/.exec(offence.message)?.[0] ?? 0);
}

/** For a check that stopped building offences past the cap: the `count` it did not build, in one draft. */
export function omittedDraft(count: number): Draft {
  return { code: "too-many-offences", path: [], target: { path: [], part: "value" }, message: countMessage(count, "past the cap are"), fix: FIX };
}

/**
 * A file's sorted offences under the cap: at most MAX_OFFENCES listed, in order, after one
 * file-level too-many-offences offence counting the rest (and what the checks counted); the
 * same list when it is within the cap.
 */
export function capOffences(offences: readonly Offence[]): readonly Offence[] {
  let counted = 0;
  const listed: Offence[] = [];
  let rest = 0;
  for (const offence of offences) {
    if (offence.code === "too-many-offences") counted += countOf(offence);
    else if (listed.length < MAX_OFFENCES) listed.push(offence);
    else rest++;
  }
  if (counted === 0 && rest === 0) return offences;
  listed.unshift(toolOffence("too-many-offences", countMessage(counted + rest, "in this file are"), FIX));
  return listed;
}

/**
 * Drafts of a check whose offences can grow with nesting: built up to the cap, then only
 * counted; `list()` gives them with the counting draft after them.
 */
export class CappedDrafts {
  readonly #drafts: Draft[] = [];
  #omitted = 0;

  /** Adds the draft `make` builds, or only counts it past the cap. */
  add(make: () => Draft): void {
    if (this.#drafts.length < MAX_OFFENCES) this.#drafts.push(make());
    else this.#omitted++;
  }

  list(): Draft[] {
    return this.#omitted === 0 ? this.#drafts : [...this.#drafts, omittedDraft(this.#omitted)];
  }
}
