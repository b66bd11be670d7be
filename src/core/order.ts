// The report's order (docs/report.md): file- and tool-level offences first, then by action
// name, then by path segment by segment. Ties go by the offending entry's own place (its
// target), so the order never depends on the key order of the input, then by line (offences
// of one place and code found at several lines, as unused-disable's), then by detection.

import type { Offence } from "./offence.js";
import { comparePaths, compareStrings } from "./path.js";

export function compareOffences(a: Offence, b: Offence): number {
  if (a.action !== b.action) {
    if (a.action === null) return -1;
    if (b.action === null) return 1;
    return compareStrings(a.action, b.action);
  }
  return (
    comparePaths(a.path, b.path) ||
    comparePaths(a.target.path, b.target.path) ||
    compareStrings(a.target.part, b.target.part) ||
    compareStrings(a.code, b.code) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    compareStrings(a.message, b.message)
  );
}

/** A sorted copy; Array.prototype.sort is stable, so equal offences keep detection order. */
export function sortOffences(offences: readonly Offence[]): Offence[] {
  return [...offences].sort(compareOffences);
}
