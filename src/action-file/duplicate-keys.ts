// duplicate-key (docs/checks.md): where an action file repeats a key in one object, at any
// depth. JSON.parse and parseJson5 keep only the last occurrence, silently; the loader asks
// them whether any key repeats (json5-parse.ts, repeatsKeys and KeyRepeats) and only then
// scans the text here, so files without repeats pay nothing more. One iterative scan over
// text that already parsed, with a set of keys per open object.

import { inspectString } from "../text/escape.js";
import { SCHEMA_KEY } from "../core/lint-tool.js";
import { finalizeOffence, toolOffence, withPosition, type Offence, type Target } from "../core/offence.js";
import { positionsAt, type Position } from "../text/positions.js";
import { newLexeme, scanIdentifier, scanString, skipSpace } from "../text/json5-lexer.js";
import { skipValue } from "../text/json5-lexer.js";
import { MAX_OFFENCES } from "../core/offence-cap.js";

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

interface Open {
  /** Each key seen in this object and the offset of its first occurrence; null for an array. */
  readonly keys: Map<string, number> | null;
  /** Where this container sits in its parent (undefined for the top level). */
  readonly segment: string | number | undefined;
  index: number;
}

/** The repeated keys of a text: the first ones in text order, up to the per-file cap, and how many more there are. */
export interface RepeatedKeys {
  readonly found: RepeatedKey[];
  /** Repeats past the cap (src/core/offence-cap.ts), counted: each path is as long as its depth. */
  readonly omitted: number;
}

/** The repeated keys of `text` (JSON or JSON5 that parsed), in text order. */
export function repeatedKeys(text: string): RepeatedKeys {
  let pos = skipSpace(text, 0);
  let c = text.charCodeAt(pos);
  if (c !== 123 && c !== 91) return { found: [], omitted: 0 };
  let omitted = 0;
  const found: { path: (string | number)[]; key: string; at: number; first: number }[] = [];
  const stack: Open[] = [{ keys: c === 123 ? new Map() : null, segment: undefined, index: 0 }];
  pos++;
  const lexeme = newLexeme();
  for (;;) {
    const open = stack[stack.length - 1] as Open;
    pos = skipSpace(text, pos);
    c = text.charCodeAt(pos);
    if (c === 44) {
      pos = skipSpace(text, pos + 1);
      c = text.charCodeAt(pos);
      open.index++;
    }
    if (c === 93 || c === 125) {
      pos++;
      stack.pop();
      if (stack.length === 0) break;
      continue;
    }
    if (pos >= text.length) break; // only text that does not parse ends here
    let segment: string | number = open.index;
    if (open.keys !== null) {
      const keyAt = pos;
      pos = c === 34 || c === 39 ? scanString(text, pos, true, lexeme) : scanIdentifier(text, pos, lexeme);
      if (pos === keyAt) break; // not a key: text that does not parse
      segment = lexeme.text;
      const first = open.keys.get(segment);
      if (first === undefined) open.keys.set(segment, keyAt);
      else if (found.length < MAX_OFFENCES) found.push({ path: stack.slice(1).map((o) => o.segment as string | number), key: segment, at: keyAt, first });
      else omitted++;
      pos = skipSpace(text, skipSpace(text, pos) + 1); // past ":"
      c = text.charCodeAt(pos);
    }
    if (c === 123 || c === 91) {
      stack.push({ keys: c === 123 ? new Map() : null, segment, index: 0 });
      pos++;
    } else {
      pos = skipValue(text, pos);
    }
  }
  const offsets = [...new Set(found.flatMap((f) => [f.at, f.first]))].sort((a, b) => a - b);
  const positions = new Map(positionsAt(text, offsets).map((p, i) => [offsets[i] as number, p]));
  return { found: found.map((f) => ({ path: f.path, key: f.key, at: positions.get(f.at) as Position, first: positions.get(f.first) as Position })), omitted };
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
