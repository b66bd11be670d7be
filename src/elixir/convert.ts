// An Elixir tool's terms as the chain reads them (docs/inputs.md, "Elixir tool modules"): what
// the JSON a Wymcp server publishes would hold. Atoms and strings both become strings (the
// Elixir term checks, term-checks.ts, tell them apart), true, false and nil become booleans and
// null, charlists and tuples lists, keyword lists lists of pairs, and a struct the map of its
// fields. Each path keeps the places its key and value are written; each dynamic term is
// noted with its path, and the chain sees a stand-in that no check objects to.

import type { Path } from "../core/path.js";
import type { Dynamic, Place, Term } from "./term.js";

/** Where one path's entry is written: its key (a map entry's) and its value. */
export interface TermPlace {
  readonly key?: Place;
  readonly value: Place;
  /** The call in another file's terms were read through, when the value is not in the linted file. */
  readonly site?: Place;
  /** The function that built the value, when Elixir computed it where the reader could not place it (Term.built). */
  readonly built?: string;
  /** The value's place is its enclosing literal's (Term.approximate). */
  readonly approximate?: true;
}

/** A key a map literal writes again (term.ts, Repeat), with the path of the map from the tool's top level. */
export interface RepeatedKey {
  readonly path: Path;
  readonly key: string;
  readonly at: Place;
  readonly first: Place;
  /** The call in another file's terms were read through, when the map is not in the linted file. */
  readonly site?: Place;
}

export interface Converted {
  /** Places by path from the tool's top level (JSON of the path). */
  readonly places: Map<string, TermPlace>;
  readonly dynamics: { readonly path: Path; readonly term: Dynamic }[];
  /** Each repeated key once, at the first path its map is reached by. */
  readonly repeats: RepeatedKey[];
}

/** A map key as the chain names it: a string's or an atom's text, a number's digits. */
export function keyName(key: Term): string {
  switch (key.kind) {
    case "string":
    case "atom":
      return key.value;
    case "integer":
    case "float":
      return String(key.value);
    default:
      return `[${key.kind}]`;
  }
}

// What stands in for a value that cannot be read, by the key it is under: something the
// chain accepts there, so the dynamic-declaration warning is the only word about it.
const STAND_INS: Readonly<Record<string, () => unknown>> = {
  description: () => "(read at run time)",
  required: () => [],
  required_one_of: () => [],
  notes: () => [],
  related: () => [],
  examples: () => [],
};

function standIn(path: Path): unknown {
  const last = path[path.length - 1];
  const make = typeof last === "string" && path.length >= 3 && path[0] === "actions" ? STAND_INS[last] : undefined;
  if (path.length === 2 && path[0] === "actions") return Object.assign(Object.create(null), { description: "(read at run time)", properties: Object.create(null) });
  return make === undefined ? Object.create(null) : make();
}

export const pathKey = (path: Path): string => JSON.stringify(path);

/** The value the chain reads for `term` at `path`, recording places and dynamic terms in `into`. */
export function toValue(term: Term, path: Path, into: Converted, key?: Place, site?: Place): unknown {
  // The call in the linted file: the outermost one (a term another file read through a call of its own keeps this one).
  const here = site ?? term.site;
  into.places.set(pathKey(path), {
    ...(key === undefined ? {} : { key }),
    value: term.at,
    ...(here === undefined ? {} : { site: here }),
    ...(term.built === undefined ? {} : { built: term.built }),
    ...(term.approximate === undefined ? {} : { approximate: true }),
  });
  switch (term.kind) {
    case "string":
      return term.value;
    case "atom":
      return term.value === "nil" ? null : term.value === "true" ? true : term.value === "false" ? false : term.value;
    case "integer":
      return Number(term.value);
    case "float":
      return term.value;
    case "list":
    case "tuple":
      return term.items.map((item, i) => toValue(item, [...path, i], into, undefined, here));
    case "map": {
      for (const repeat of term.repeats ?? []) {
        const at = repeat.key.at;
        // A map read through an attribute used twice is one literal: its repeats are reported once.
        if (into.repeats.some((r) => r.at.file === at.file && r.at.span.start === at.span.start)) continue;
        into.repeats.push({ path, key: keyName(repeat.key), at, first: repeat.first, ...(here === undefined ? {} : { site: here }) });
      }
      const out: Record<string, unknown> = Object.create(null);
      for (const entry of term.entries) {
        const name = keyName(entry.key);
        if (entry.key.kind === "dynamic") {
          into.dynamics.push({ path: [...path, name], term: entry.key });
          into.places.set(pathKey([...path, name]), { value: entry.key.at, ...(here === undefined ? {} : { site: here }) });
          continue;
        }
        out[name] = toValue(entry.value, [...path, name], into, entry.key.at, here);
      }
      return out;
    }
    case "dynamic":
      into.dynamics.push({ path, term });
      return standIn(path);
  }
}
