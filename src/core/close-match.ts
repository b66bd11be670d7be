// Finds the known word a misspelt one was probably meant to be: edit distance 2 or less,
// (a swap of neighbours counting as one) that changes less than half the word, or a
// singular/plural slip (docs/checks.md). Used by the unknown-key fix and the
// undeclared-name fixes; soleCloseMatch decides whether --fix may rename.

/** Edit distance (a swap of neighbours counting as one), or limit + 1 once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      // A swap of two neighbours counts as one edit (optimal string alignment).
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        value = Math.min(value, (beforePrevious[j - 2] as number) + 1);
      }
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

function singular(word: string): string {
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

const MAX_DISTANCE = 2;

// The distance from the lower-cased word to a candidate, or -1 when the candidate is not close.
function closeness(lower: string, candidate: string): number {
  const c = candidate.toLowerCase();
  const d = singular(c) === singular(lower) ? 0 : editDistance(lower, c, MAX_DISTANCE);
  // Changing half of a short word is not a slip: "y" is not a typo of "o".
  return d > MAX_DISTANCE || (d > 0 && d * 2 >= lower.length) ? -1 : d;
}

/** The closest candidate to `word`, or null when none is close. */
export function closeMatch(word: string, candidates: Iterable<string>): string | null {
  const lower = word.toLowerCase();
  let best: string | null = null;
  let bestDistance = MAX_DISTANCE + 1;
  for (const candidate of candidates) {
    const d = closeness(lower, candidate);
    if (d < 0 || d > bestDistance) continue;
    // Equal distances go to the smaller name, so the answer never depends on key order.
    if (d < bestDistance || (best !== null && candidate < best)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * The one candidate close to `word`, or null when none or several are: a rename made
 * without asking (--fix) must have no rival reading.
 */
export function soleCloseMatch(word: string, candidates: Iterable<string>): string | null {
  const lower = word.toLowerCase();
  let sole: string | null = null;
  for (const candidate of candidates) {
    if (closeness(lower, candidate) < 0) continue;
    if (sole !== null) return null;
    sole = candidate;
  }
  return sole;
}
