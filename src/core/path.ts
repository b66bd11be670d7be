// Paths are arrays of segments (map keys and list indexes) inside; they are rendered only
// at the edge (render-location.ts). This module owns comparing them for the report's order.

export type PathSegment = string | number;
export type Path = readonly PathSegment[];

export function compareStrings(a: string, b: string): number {
  // UTF-16 code-unit order, as docs/report.md says; never locale order.
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Integers before strings; integers by value; strings by UTF-16 code units. */
export function compareSegments(a: PathSegment, b: PathSegment): number {
  if (typeof a === "number") return typeof b === "number" ? a - b : -1;
  return typeof b === "number" ? 1 : compareStrings(a, b);
}

/** Segment by segment; a prefix sorts before its extensions. */
export function comparePaths(a: Path, b: Path): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareSegments(a[i] as PathSegment, b[i] as PathSegment);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/** A path as a linked list, so deep walks share prefixes instead of copying arrays. */
export interface LinkedPath {
  readonly parent: LinkedPath | null;
  readonly segment: PathSegment;
}

/** The array form of a linked path (null is the empty path). */
export function materialize(node: LinkedPath | null): PathSegment[] {
  const out: PathSegment[] = [];
  for (let n = node; n !== null; n = n.parent) out.push(n.segment);
  return out.reverse();
}
