// duplicate-key (docs/checks.md): where an action file repeats a key in one object, at any
// depth. JSON.parse and parseJson5 keep only the last occurrence, silently; the loader asks
// them whether any key repeats (json5-parse.ts, repeatsKeys and KeyRepeats) and only then
// scans the text for where (src/text/json5-scan.ts), so files without repeats pay nothing
// more. This module turns what the scan found into positions and offences.

import { inspectString } from "../text/escape.js";
import { SCHEMA_KEY } from "../core/lint-tool.js";
import { finalizeOffence, toolOffence, withPosition, type Offence, type Target } from "../core/offence.js";
import { positionsAt, type Position } from "../text/positions.js";
import { scanJson, type JsonScan, type ScanRequest } from "../text/json5-scan.js";
import { MAX_LISTED_SEGMENTS, MAX_OFFENCES } from "../core/offence-cap.js";

/** A key repeated in one object: where the object sits, and both occurrences' key tokens. */
export interface RepeatedKey {
  /** The path of the object holding the key, from the file's top level. */
  readonly path: readonly (string | number)[];
  readonly key: string;
  /** The repeated occurrence (the second, third, …). */
  readonly at: Position;
  /** The first occurrence. */
  readonly first: Position;
}

/** The repeated keys of a text: the first ones in text order, up to the per-file cap, and how many more there are. */
export interface RepeatedKeys {
  readonly found: RepeatedKey[];
  /** Repeats past the cap (src/core/offence-cap.ts), counted: each path is as long as its depth. */
  readonly omitted: number;
}

/** What a scan is asked for the repeated keys: as many listed as a file lists offences, with as many path segments. */
export const REPEATED_KEYS: NonNullable<ScanRequest["repeats"]> = { limit: MAX_OFFENCES, segments: MAX_LISTED_SEGMENTS };

/** The repeated keys of `text` (JSON or JSON5 that parsed), in text order. */
export function repeatedKeys(text: string): RepeatedKeys {
  return repeatedKeysOf(text, scanJson(text, { repeats: REPEATED_KEYS }));
}

/** The repeated keys a scan of `text` asked for REPEATED_KEYS found, with their positions. */
export function repeatedKeysOf(text: string, scan: JsonScan): RepeatedKeys {
  const found = scan.repeats;
  const offsets = [...new Set(found.flatMap((f) => [f.at, f.first]))].sort((a, b) => a - b);
  const positions = new Map(positionsAt(text, offsets).map((p, i) => [offsets[i] as number, p]));
  return {
    found: found.map((f) => ({ path: f.path, key: f.key, at: positions.get(f.at) as Position, first: positions.get(f.first) as Position })),
    omitted: scan.omittedRepeats,
  };
}

/**
 * A repeated key as an offence, at the repeated occurrence. Inside an action it belongs to
 * that action, its path the object's path within the action schema; a repeated action name
 * is that action's, with the empty path; anything else (a repeated "$schema", a top level
 * that is not a map) is the tool's. `keeper` is who drops the earlier occurrences (for an
 * Elixir map literal, Elixir: src/elixir/).
 */
export function duplicateKeyOffence(repeated: RepeatedKey, keeper = "a parser"): Offence {
  const { path, key, at, first } = repeated;
  const message = `the key ${inspectString(key)} appears again in the same object (first at line ${first.line}, column ${first.column}); ${keeper} keeps only the last`;
  const fix = `Remove one of the ${inspectString(key)} entries or merge them, or rename this one if it was meant to be another key.`;
  const [action, ...rest] = path;
  let offence: Offence;
  if (path.length === 0 && key !== SCHEMA_KEY) {
    offence = finalizeOffence({ code: "duplicate-key", path: [], target: { path: [], part: "key" }, message, fix }, key);
  } else if (typeof action === "string" && action !== SCHEMA_KEY) {
    offence = finalizeOffence({ code: "duplicate-key", path: rest, target: { path: [...rest, key], part: "key" }, message, fix }, action);
  } else {
    const target: Target = { path: [...path, key], part: "key" };
    offence = toolOffence("duplicate-key", message, fix, target);
  }
  return withPosition(offence, at.line, at.column);
}
