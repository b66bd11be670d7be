// A schema document read as JSON Schema reads it, for the checks that reach into it: a local
// reference's JSON Pointer followed (unresolved-ref, and the value check's plain path), and
// whether any map of it has a key ("$id") or is of a kind (dialect.ts).

import { isList, type MapLike, type MapReader } from "../map.js";

export const MISSING = Symbol("missing");

/** The value `pointer` (a URI fragment, "#" included) reaches in `document`, or MISSING. */
export function follow(document: MapLike, pointer: string, read: MapReader): unknown {
  let at: unknown = document;
  if (pointer === "#") return at;
  for (const raw of pointer.slice(2).split("/")) {
    let token: string;
    try {
      token = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return MISSING;
    }
    if (read.isMap(at)) {
      if (!read.has(at, token)) return MISSING;
      at = read.get(at, token);
    } else if (isList(at) && /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < at.length) {
      at = at[Number(token)];
    } else {
      return MISSING;
    }
  }
  return at;
}

/** Whether a map at or below `root` (through maps and lists, each looked at once) has `key`. */
export function holdsKey(root: MapLike, key: string, read: MapReader): boolean {
  return someMap(root, read, (map) => read.has(map, key));
}

/** Whether a map at or below `root` (through maps and lists, each looked at once) passes `test`. */
export function someMap(root: MapLike, read: MapReader, test: (map: MapLike) => boolean): boolean {
  const stack: unknown[] = [root];
  const seen: Set<unknown> | null = read.plainData ? null : new Set();
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next !== "object" || next === null) continue;
    if (seen !== null) {
      if (seen.has(next)) continue;
      seen.add(next);
    }
    if (isList(next)) {
      for (const entry of next) if (typeof entry === "object") stack.push(entry);
    } else if (read.isMap(next)) {
      if (test(next)) return true;
      for (const name of read.keys(next)) {
        const inner = read.get(next, name);
        if (typeof inner === "object") stack.push(inner);
      }
    }
  }
  return false;
}
