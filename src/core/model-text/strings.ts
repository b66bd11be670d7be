// The strings of an action schema that reach a model: every key and every string value at any
// depth (the action's description, notes, examples and defaults, each property's name,
// description, title, enum and default values, and so on), since a client hands the model the
// whole schema. Iterative, so no nesting depth overflows the stack. A map or list a module
// shares between places (or that holds itself) is read once, at the first place it appears;
// a module's maps are read in code-unit key order, so which place is first never depends on
// the order its keys were written in. Places are linked paths, so deep nesting costs no copying;
// a check materializes one only for a string it reports. Each string is handed to a visitor
// rather than collected: a schema holds hundreds of them, and nearly all are clean
// (bench/README.md, the model-text checks' cost).

import { isList, type MapLike, type MapReader } from "../map.js";
import { compareStrings, type LinkedPath } from "../path.js";

/**
 * Called for each model-visible string: its text, the path of its key or value (as the path of
 * the map or list holding it and its own key or index, so no path is built for a string nobody
 * reports), which of the two it is, and for a key the map holding it (to ask whether another
 * key has a name).
 */
export type VisitString = (text: string, parent: LinkedPath | null, segment: string | number, part: "key" | "value", holder: MapLike | null) => void;

/** Visits every key and string value of `schema` (an action schema), each map's own before those below it; the action's name is not among them. */
export function visitStrings(schema: MapLike, read: MapReader, visit: VisitString): void {
  // The pending values and their paths, as two parallel stacks.
  const values: unknown[] = [schema];
  const paths: (LinkedPath | null)[] = [null];
  // Plain data is a tree; a module's objects may be shared or cyclic.
  const seen = read.plainData ? null : new Set<object>();
  while (values.length > 0) {
    const value = values.pop();
    const path = paths.pop() as LinkedPath | null;
    if (typeof value !== "object" || value === null || seen?.has(value) === true) continue;
    seen?.add(value);
    // The children are pushed in order, then reversed, so the first is visited first.
    const base = values.length;
    if (isList(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (typeof item === "string") visit(item, path, i, "value", null);
        else if (typeof item === "object" && item !== null) {
          values.push(item);
          paths.push({ parent: path, segment: i });
        }
      }
    } else if (read.isMap(value)) {
      for (const key of seen === null ? read.keys(value) : read.keys(value).sort(compareStrings)) {
        visit(key, path, key, "key", value);
        // A plain object's keys are its own: read without asking again.
        const item = seen === null ? (value as Readonly<Record<string, unknown>>)[key] : read.get(value, key);
        if (typeof item === "string") visit(item, path, key, "value", null);
        else if (typeof item === "object" && item !== null) {
          values.push(item);
          paths.push({ parent: path, segment: key });
        }
      }
    }
    reverseFrom(values, base);
    reverseFrom(paths, base);
  }
}

function reverseFrom(list: unknown[], from: number): void {
  for (let i = from, j = list.length - 1; i < j; i++, j--) {
    const swap = list[i];
    list[i] = list[j];
    list[j] = swap;
  }
}
