// The per-file cap (docs/report.md): a file reports at most MAX_OFFENCES offences, in every
// format, and one too-many-offences offence that counts the rest. Deep input can hold an
// offence per level, each with a path as long as its depth, so listing them all costs
// memory and output with the square of the input; and a thousand offences each thousands of
// levels deep is still a report of hundreds of MB. So the offences listed also hold at most
// MAX_LISTED_SEGMENTS path segments between them (the first listed whatever its depth), and a
// report stays a few MB however deep the file. The cap is kept in two places: the checks
// whose offences grow with nesting stop building them past it and leave a counting draft
// (omittedDraft), and the run caps each file's final list (capOffences), folding those
// counts into its one offence. The count is carried in the offence's message, which this
// module alone writes and reads, so an offence stays plain data across threads.

import type { Draft, Offence } from "./offence.js";
import { toolOffence } from "./offence.js";
import { countText } from "../text/number-text.js";

/** The most offences one file lists. */
export const MAX_OFFENCES = 1000;

/** The most path segments the offences one file lists hold between them, the first offence aside (each segment is in its path, its location and often its message). */
export const MAX_LISTED_SEGMENTS = 100_000;

const CAP = countText(MAX_OFFENCES);
const SEGMENTS = countText(MAX_LISTED_SEGMENTS);
const FIX = "Fix the offences listed (--fix mends many of them) and lint again: the rest are listed as these go.";

function countMessage(count: number, where: string): string {
  return `${count} more ${count === 1 ? "offence" : "offences"} ${where} not listed: a file lists at most ${CAP}, with at most ${SEGMENTS} path segments between them`;
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
  const listed = new ListBudget<Offence>();
  for (const offence of offences) {
    if (offence.code === "too-many-offences") counted += countOf(offence);
    else listed.add(offence.path.length, () => offence);
  }
  if (counted === 0 && listed.omitted === 0) return offences;
  return [toolOffence("too-many-offences", countMessage(counted + listed.omitted, "in this file are"), FIX), ...listed.items];
}

/**
 * A list under the cap: items taken in order while there are fewer than MAX_OFFENCES and
 * their path segments fit (the first always does), then only counted, so what is listed is
 * the first of the order.
 */
class ListBudget<T> {
  readonly items: T[] = [];
  omitted = 0;
  #segments = 0;
  #full = false;

  /** Takes the item `make` builds, whose path has `segments` (a function, for a draft whose path is built by make), or only counts it. */
  add(segments: number | ((item: T) => number), make: () => T): void {
    if (!this.#full && this.items.length < MAX_OFFENCES) {
      const item = make();
      const size = typeof segments === "number" ? segments : segments(item);
      if (this.items.length === 0 || this.#segments + size <= MAX_LISTED_SEGMENTS) {
        this.items.push(item);
        this.#segments += size;
        return;
      }
    }
    this.#full = true;
    this.omitted++;
  }
}

/**
 * Drafts of a check whose offences can grow with nesting: built up to the cap, then only
 * counted; `list()` gives them with the counting draft after them.
 */
export class CappedDrafts {
  readonly #drafts = new ListBudget<Draft>();

  /** Adds the draft `make` builds, or only counts it past the cap. */
  add(make: () => Draft): void {
    this.#drafts.add((draft) => draft.path.length, make);
  }

  list(): Draft[] {
    const { items, omitted } = this.#drafts;
    return omitted === 0 ? items : [...items, omittedDraft(omitted)];
  }
}
