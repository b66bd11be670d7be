// Constructors for the drafts that several checks report, so each offence has one wording
// (a message that says what was found, a fix the author can apply at once).

import { describeValue, inspectKey } from "./escape.js";
import type { Draft } from "./offence.js";
import type { Path, PathSegment } from "./path.js";

/** `subject` must be `expected`; got what was found. */
export function wrongType(path: Path, targetPath: Path, subject: string, expected: string, found: unknown, fix: string): Draft {
  return {
    code: "wrong-type",
    path,
    target: { path: targetPath, part: "value" },
    message: `${subject} must be ${expected}; got ${describeValue(found)}`,
    fix,
  };
}

/** A key of the wrong type (a symbol, or a non-string Map key) in the map at `path`. */
export function wrongKeyType(path: Path, key: unknown, what: string): Draft {
  return {
    code: "wrong-type",
    path,
    target: { path: [...path, keySegment(key)], part: "key" },
    message: `${what} must be a string; got ${inspectKey(key)}`,
    fix: `Replace the key ${inspectKey(key)} with a string key.`,
  };
}

/** A path segment standing for any key; non-string keys by their String() form. */
export function keySegment(key: unknown): PathSegment {
  if (typeof key === "string" || typeof key === "number") return key;
  return inspectKey(key);
}
