// Values from Elixir, places from the reader (docs/inputs.md, "Evaluated by Elixir"): a term
// Elixir computed (evaluate.ts) is given, part by part, the place of the term the static
// reader read for the same part, where the reader read one. A part the reader could not read
// (a dynamic term: a pipe, a `for`, a call with arguments) gets the place of the expression
// it stopped at, and is marked as built by the function that expression is in (Term.built),
// which the offence's message names; a part of a function the reader did not see at all, the
// place given as `fallback`. Where both read a value and the values differ, the reader is
// wrong: each such part is a Disagreement, and Elixir's value is the one checked.

import type { Path } from "../core/path.js";
import { keyName } from "./convert.js";
import { keyId, type Place, type Term } from "./term.js";

/** A part both read, read differently: the reader's term and Elixir's, at `path` from the function's value. */
export interface Disagreement {
  readonly path: Path;
  readonly read: Term;
  readonly computed: Term;
}

/** Where a part the reader could not read is placed: its place, the function it names, the call in the linted file when that place is in another. */
export interface Origin {
  readonly at: Place;
  readonly built: string;
  readonly site?: Place;
}

/** What merging needs beyond the terms: the function that holds a place. */
export interface MergeContext {
  /** The function the expression at `place` is written in ("MyApp.Schemas.props/1"); null when it is in none. */
  readonly functionAt: (place: Place) => string | null;
  readonly disagreements: Disagreement[];
}

/** `computed`, every part placed at `origin` and marked as built there. */
function built(computed: Term, origin: Origin): Term {
  const at = { at: origin.at, built: origin.built, ...(origin.site === undefined ? {} : { site: origin.site }) };
  switch (computed.kind) {
    case "list":
    case "tuple":
      return { ...computed, ...at, items: computed.items.map((item) => built(item, origin)) };
    case "map":
      return { ...computed, ...at, entries: computed.entries.map((entry) => ({ key: built(entry.key, origin), value: built(entry.value, origin) })) };
    default:
      return { ...computed, ...at };
  }
}

function sameScalar(a: Term, b: Term): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "string":
    case "atom":
    case "integer":
    case "float":
      return a.value === (b as typeof a).value;
    default:
      return false;
  }
}

/**
 * `computed` with the places of `read` (the reader's term for the same part; null where it
 * read none), at `path`; `fallback` is the origin of a part the reader did not read.
 */
export function mergeTerms(computed: Term, read: Term | null, path: Path, fallback: Origin, context: MergeContext): Term {
  if (read === null) return built(computed, fallback);
  const site = read.site === undefined ? {} : { site: read.site };
  if (read.kind === "dynamic") return built(computed, { at: read.at, built: context.functionAt(read.at) ?? fallback.built, ...site });
  const differ = (): Term => {
    context.disagreements.push({ path, read, computed });
    return built(computed, { at: read.at, built: context.functionAt(read.at) ?? fallback.built, ...site });
  };
  // A part of this one the reader did not read is placed at this one, in the function that writes it.
  const here: Origin = { at: read.at, built: context.functionAt(read.at) ?? fallback.built, ...site };
  const child = (item: Term, readItem: Term | null, segment: string | number): Term => mergeTerms(item, readItem, [...path, segment], here, context);
  switch (computed.kind) {
    case "list":
    case "tuple":
      if (read.kind !== computed.kind || read.items.length !== computed.items.length) return differ();
      return { ...computed, at: read.at, ...site, items: computed.items.map((item, i) => child(item, read.items[i] as Term, i)) };
    case "map": {
      if (read.kind !== "map" || read.struct !== computed.struct) return differ();
      const readById = new Map<string, { key: Term; value: Term }>();
      let unknownKeys = false;
      for (const entry of read.entries) {
        const id = keyId(entry.key);
        if (id === null) unknownKeys = true;
        else readById.set(id, entry);
      }
      const computedIds = new Set(computed.entries.map((entry) => keyId(entry.key)));
      // A key the reader read that Elixir's map lacks, or (when the reader knew every key) one it lacks: the reader is wrong.
      if ([...readById.keys()].some((id) => !computedIds.has(id))) return differ();
      if (!unknownKeys && computed.entries.some((entry) => !readById.has(keyId(entry.key) ?? ""))) return differ();
      const entries = computed.entries.map((entry) => {
        const readEntry = readById.get(keyId(entry.key) ?? "");
        if (readEntry === undefined) return { key: built(entry.key, here), value: child(entry.value, null, keyName(entry.key)) };
        return { key: readEntry.key, value: child(entry.value, readEntry.value, keyName(entry.key)) };
      });
      return { ...computed, at: read.at, ...site, entries, ...(read.repeats === undefined ? {} : { repeats: read.repeats }) };
    }
    default:
      return sameScalar(computed, read) ? read : differ();
  }
}
