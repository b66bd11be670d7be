// The strings of an action schema that reach a model: every key and every string value at any
// depth (the action's description, notes, examples and defaults, each property's name,
// description, title, enum and default values, and so on), since a client hands the model the
// whole schema. Iterative, so no nesting depth overflows the stack. A map or list a module
// shares between places (or that holds itself) is read once, at the first place it appears;
// a module's maps are read in code-unit key order, so which place is first never depends on
// the order its keys were written in. Places are linked paths, so deep nesting costs no copying;
// a check materializes one only for a string it reports.

import { isList, type MapLike, type MapReader } from "../map.js";
import { compareStrings, type LinkedPath } from "../path.js";

/** One model-visible string: where it is (a key, or a value at that path), and its text. */
export interface VisibleString {
  readonly text: string;
  /** The path of the key or value. */
  readonly at: LinkedPath;
  readonly part: "key" | "value";
  /** For a key: whether the map holding it has another key by that name. */
  readonly taken?: (name: string) => boolean;
}

interface Pending {
  readonly value: unknown;
  readonly path: LinkedPath | null;
}

/** Every key and string value of `schema` (an action schema), each map's own before those below it; the action's name is not among them. */
export function visibleStrings(schema: MapLike, read: MapReader): VisibleString[] {
  const out: VisibleString[] = [];
  const stack: Pending[] = [{ value: schema, path: null }];
  // Plain data is a tree; a module's objects may be shared or cyclic.
  const seen = read.plainData ? null : new Set<object>();
  while (stack.length > 0) {
    const { value, path } = stack.pop() as Pending;
    if (typeof value !== "object" || value === null || seen?.has(value) === true) continue;
    seen?.add(value);
    const children: Pending[] = [];
    if (isList(value)) {
      value.forEach((item, i) => {
        const at: LinkedPath = { parent: path, segment: i };
        if (typeof item === "string") out.push({ text: item, at, part: "value" });
        else children.push({ value: item, path: at });
      });
    } else if (read.isMap(value)) {
      const map = value;
      const taken = (name: string): boolean => read.has(map, name);
      for (const key of seen === null ? read.keys(value) : read.keys(value).sort(compareStrings)) {
        const at: LinkedPath = { parent: path, segment: key };
        out.push({ text: key, at, part: "key", taken });
        const item = read.get(value, key);
        if (typeof item === "string") out.push({ text: item, at, part: "value" });
        else children.push({ value: item, path: at });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Pending);
  }
  return out;
}
