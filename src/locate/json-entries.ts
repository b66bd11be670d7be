// Finds, in the text of a parsed action file (JSON or JSON5), the entry each path names: its
// key token and its value, as offsets, for the positions of offences and the edits of their
// repairs alike, from one scan of the text for every path at once (src/text/json5-scan.ts,
// which skips the subtrees no path enters). Called by the action file's and the tools file's
// passes (action-file.ts, tools-file.ts) with the paths their offences ask for, on text that
// already parsed; and, through sourcePositions, for the mistakes of a config file
// (src/config/load.ts).

import type { Target } from "../core/offence.js";
import type { Path } from "../core/path.js";
import { scanJson, type JsonScan } from "../text/json5-scan.js";
import { positionsAt, type Position } from "../text/positions.js";
import { partStart, type LocatedEntry } from "./located-entry.js";

/**
 * The entry of each path: its key token (none for an array element or the root) and its
 * value, always exact; null where the path does not resolve (scanJson's entries).
 */
export function locateJsonEntries(text: string, paths: readonly Path[]): (LocatedEntry | null)[] {
  return locatedEntries(scanJson(text, { paths }));
}

/** The entries a scan found for the paths it was asked, as a locator gives them. */
export function locatedEntries(scan: JsonScan): (LocatedEntry | null)[] {
  return scan.entries.map((entry) => (entry === null ? null : { ...entry, exact: true }));
}

/**
 * The position of each target: of its value's first character, or of its key token's (its
 * opening quote, or the first character of an unquoted key); an array element and the top
 * level have no key, and "key" gives the value. Null where the path does not resolve.
 */
export function sourcePositions(text: string, targets: readonly Target[]): (Position | null)[] {
  const entries = locateJsonEntries(
    text,
    targets.map((target) => target.path),
  );
  const offsets = entries.map((entry, i) => (entry === null ? -1 : partStart(entry, targets[i]?.part ?? "value")));
  const found = [...new Set(offsets.filter((offset) => offset >= 0))].sort((a, b) => a - b);
  const positions = positionsAt(text, found);
  const byOffset = new Map(found.map((offset, i) => [offset, positions[i] as Position]));
  return offsets.map((offset) => byOffset.get(offset) ?? null);
}
