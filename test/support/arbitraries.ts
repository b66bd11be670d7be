// fast-check arbitraries for tool declarations that mix valid and broken pieces at every
// depth. They generate a *spec* (plain data: readable counterexamples, good shrinking),
// which build() turns into the real objects: keys set with Object.defineProperty (so
// "__proto__" is an own key), Maps with non-string keys, symbols, null-prototype,
// other-realm and frozen objects, then shared sub-objects and cycles linked in afterwards.
// Used by test/core/properties.test.ts and the long campaign (test/fuzz/campaign.ts).

import fc from "fast-check";
import { types } from "node:util";
import vm from "node:vm";
import { actionSchemaKeys } from "../../src/vocabulary.js";

// ---------------------------------------------------------------------------------------
// Specs

export type KeySpec =
  | { readonly k: "s"; readonly s: string }
  | { readonly k: "sym"; readonly d: string }
  /** Non-string keys other than symbols exist only in Maps; a plain object gets String(). */
  | { readonly k: "num"; readonly n: number }
  | { readonly k: "bool"; readonly b: boolean }
  | { readonly k: "obj" };

export type MapKind = "plain" | "null" | "Map" | "frozen" | "foreign";
export type Instance = "Date" | "Set" | "class" | "RegExp" | "Promise" | "Error";

export type Spec =
  | { readonly t: "str"; readonly s: string }
  | { readonly t: "num"; readonly n: number }
  | { readonly t: "bool"; readonly b: boolean }
  | { readonly t: "null" }
  | { readonly t: "undef" }
  | { readonly t: "big"; readonly n: bigint }
  | { readonly t: "sym"; readonly d: string }
  | { readonly t: "fn" }
  | { readonly t: "inst"; readonly c: Instance }
  | { readonly t: "list"; readonly frozen: boolean; readonly items: readonly Spec[] }
  | { readonly t: "map"; readonly kind: MapKind; readonly entries: readonly Entry[] };

export type Entry = readonly [KeySpec, Spec];

/** Links applied after building: a shared sub-object (never closing a cycle), or a back edge. */
export interface LinkSpec {
  readonly mode: "share" | "cycle";
  readonly a: number;
  readonly b: number;
  readonly slot: number;
}

export type ActionsMode = "map" | "fn" | "throw" | "promise" | "junk";

export interface DeclarationSpec {
  readonly toolName: Spec;
  readonly toolDescription: Spec;
  readonly mode: ActionsMode;
  /** The actions map (or, for mode "junk", what stands in its place). */
  readonly actions: Spec;
  /** What actions() throws, for mode "throw". */
  readonly thrown: Spec;
  readonly links: readonly LinkSpec[];
}

const str = (s: string): Spec => ({ t: "str", s });
const skey = (s: string): KeySpec => ({ k: "s", s });
const list = (items: readonly Spec[], frozen = false): Spec => ({ t: "list", frozen, items });

function keyId(key: KeySpec): string | null {
  switch (key.k) {
    case "s":
      return `s:${key.s}`;
    case "num":
      return `n:${Object.is(key.n, -0) ? 0 : key.n}`;
    case "bool":
      return `b:${key.b}`;
    default:
      return null; // symbols and object keys are always distinct
  }
}

/** First occurrence wins, so a spec never states a key twice. */
function dedupe(entries: readonly Entry[]): Entry[] {
  const seen = new Set<string>();
  return entries.filter(([key]) => {
    const id = keyId(key);
    if (id === null) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

const mapSpec = (kind: MapKind, entries: readonly Entry[]): Spec => ({ t: "map", kind, entries: dedupe(entries) });

/** The value a map spec holds at a string key (specs never repeat a key). */
export function specGet(spec: Spec | undefined, key: string): Spec | undefined {
  if (spec?.t !== "map") return undefined;
  return spec.entries.find(([k]) => k.k === "s" && k.s === key)?.[1];
}

function stringKeys(spec: Spec | undefined): string[] {
  return spec?.t === "map" ? spec.entries.flatMap(([k]) => (k.k === "s" ? [k.s] : [])) : [];
}

// ---------------------------------------------------------------------------------------
// Strings and names

export const PROTOTYPE_NAMES = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"] as const;

const BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];

/** Strings built to break a terminal, a log line or a CI annotation. */
export const HOSTILE_STRINGS: readonly string[] = [
  "\u001b[2J",
  "\u001b]0;owned\u0007",
  "\u001b[31mred\u001b[0m",
  "a\rb",
  "a\nb",
  "x\n::error::forged",
  "::error::forged",
  "::error file=a.js,line=1::boom",
  "%0A::error::x",
  "50%25",
  "\r\n",
  "\u2028",
  "\u2029",
  ...BIDI.map((b) => `${b}evil`),
  "\u0000",
  "\u0007",
  "\u007f",
  "\u0085",
  "\u009b2J",
  "\t",
  "#{System.halt()}",
  '"',
  "\\",
  "\ud800",
  "\udfff",
  "a\udc00b",
  "😀",
  "👩‍👩‍👧",
  "é",
  "",
  " ",
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);

/** Strings of every sort: hostile constants, controls, lone surrogates, emoji, mixtures. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("Search the catalogue", "Order an item", "x", "List things") },
  { weight: 3, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 4 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { minLength: 2, maxLength: 3 }).map((parts) => parts.join("")) },
);

const VOCABULARY = actionSchemaKeys();
const WALK_KEYWORDS = ["properties", "items", "additionalProperties"] as const;

const plainName = fc.constantFrom("q", "query", "id", "email", "limit", "opts", "list", "name", "a", "b", "c");
const keywordName = fc.constantFrom("properties", "items", "additionalProperties", "type", "required", "description", "$ref", "enum", "$schema");
/** One edit from a JSON Schema keyword: unknown-keyword's findings, as keys of walked schemas. */
const keywordTypo = fc.constantFrom("tpye", "itmes", "propertes", "additionalProperty", "requird", "enums");

/** Property, action and default names: plain, keyword-like, prototype names, hostile, random. */
export const nameArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: plainName },
  { weight: 2, arbitrary: keywordName },
  { weight: 1, arbitrary: keywordTypo },
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
  { weight: 2, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 4 }) },
);

const UNDECLARED = ["missing", "querry", "Q", "ids", "x"] as const;

/** A vocabulary key with one slip: a letter dropped, doubled or swapped, a case change, an s. */
const closeUnknownKey: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...VOCABULARY), fc.nat(), fc.constantFrom("drop", "double", "swap", "upper", "plural", "singular", "space"))
  .map(([word, at, slip]) => {
    const i = at % word.length;
    switch (slip) {
      case "drop":
        return word.slice(0, i) + word.slice(i + 1);
      case "double":
        return word.slice(0, i) + word.charAt(i) + word.slice(i);
      case "swap":
        return i + 1 < word.length ? word.slice(0, i) + word.charAt(i + 1) + word.charAt(i) + word.slice(i + 2) : `${word}x`;
      case "upper":
        return word.charAt(0).toUpperCase() + word.slice(1);
      case "plural":
        return `${word}s`;
      case "singular":
        return word.endsWith("s") ? word.slice(0, -1) : `${word}_`;
      default:
        return `${word} `;
    }
  })
  .filter((k) => !(VOCABULARY as readonly string[]).includes(k));

/** Keys outside the vocabulary, close to it and far from it. */
export const unknownKeyArb: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 3, arbitrary: closeUnknownKey },
    { weight: 2, arbitrary: fc.constantFrom("type", "inputSchema", "parameters", "x-internal", "$schema", "title", "additionalProperties", "items") },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  )
  .filter((k) => !(VOCABULARY as readonly string[]).includes(k));

// ---------------------------------------------------------------------------------------
// Values

const mapKind: fc.Arbitrary<MapKind> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<MapKind>("plain") },
  { weight: 1, arbitrary: fc.constant<MapKind>("null") },
  { weight: 1, arbitrary: fc.constant<MapKind>("Map") },
  { weight: 1, arbitrary: fc.constant<MapKind>("frozen") },
  { weight: 1, arbitrary: fc.constant<MapKind>("foreign") },
);

const symKey: fc.Arbitrary<KeySpec> = oddString.map((d) => ({ k: "sym", d }));

/** A key of the wrong type: a symbol anywhere; in a Map also a number, a boolean, an object. */
const nonStringKey: fc.Arbitrary<KeySpec> = fc.oneof(
  symKey,
  fc.integer({ min: -2, max: 3 }).map((n): KeySpec => ({ k: "num", n })),
  fc.boolean().map((b): KeySpec => ({ k: "bool", b })),
  fc.constant<KeySpec>({ k: "obj" }),
);

const primitiveArb: fc.Arbitrary<Spec> = fc.oneof(
  oddString.map(str),
  fc.oneof(fc.integer(), fc.constantFrom(Number.NaN, -0, Infinity, 1.5)).map((n): Spec => ({ t: "num", n })),
  fc.boolean().map((b): Spec => ({ t: "bool", b })),
  fc.constant<Spec>({ t: "null" }),
);

/** A value of (almost always) the wrong type for whatever slot it lands in. */
export const junkArb: fc.Arbitrary<Spec> = fc.oneof(
  { weight: 4, arbitrary: primitiveArb },
  { weight: 1, arbitrary: fc.constant<Spec>({ t: "undef" }) },
  { weight: 1, arbitrary: fc.bigInt({ min: -5n, max: 5n }).map((n): Spec => ({ t: "big", n })) },
  { weight: 1, arbitrary: oddString.map((d): Spec => ({ t: "sym", d })) },
  { weight: 1, arbitrary: fc.constant<Spec>({ t: "fn" }) },
  { weight: 1, arbitrary: fc.constantFrom<Instance>("Date", "Set", "class", "RegExp", "Promise", "Error").map((c): Spec => ({ t: "inst", c })) },
  { weight: 1, arbitrary: fc.array(primitiveArb, { maxLength: 3 }).map((items) => list(items)) },
  {
    weight: 1,
    arbitrary: fc.tuple(mapKind, fc.array(fc.tuple(nameArb.map(skey), primitiveArb), { maxLength: 2 })).map(([kind, entries]) => mapSpec(kind, entries)),
  },
);

/** Either the valid piece or, now and then, a broken one. */
function either(valid: fc.Arbitrary<Spec>, broken: fc.Arbitrary<Spec>, mixed: boolean): fc.Arbitrary<Spec> {
  return mixed ? fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: broken }) : valid;
}

/** Extra entries that make a map broken: wrong-type keys. */
function badKeys(mixed: boolean): fc.Arbitrary<Entry[]> {
  if (!mixed) return fc.constant([]);
  return fc.oneof({ weight: 8, arbitrary: fc.constant<Entry[]>([]) }, { weight: 1, arbitrary: fc.array(fc.tuple(nonStringKey, primitiveArb), { minLength: 1, maxLength: 2 }) });
}

// ---------------------------------------------------------------------------------------
// Schemas (the key-set walk's territory)

const otherKeyword: fc.Arbitrary<Entry> = fc.oneof(
  fc.constantFrom("string", "integer", "object", "array").map((t): Entry => [skey("type"), str(t)]),
  fc.constant<Entry>([skey("type"), list([str("string"), str("null")])]),
  oddString.map((d): Entry => [skey("description"), str(d)]),
  fc.array(oddString.map(str), { maxLength: 3 }).map((e): Entry => [skey("enum"), list(e)]),
  fc.constant<Entry>([skey("$ref"), str("#/$defs/thing")]),
  fc.tuple(fc.constantFrom("anyOf", "format", "minimum", "required", "default"), junkArb).map(([k, v]): Entry => [skey(k), v]),
);

const schemaCache = new Map<string, fc.Arbitrary<Spec>>();
const propsCache = new Map<string, fc.Arbitrary<Spec>>();

/** A property schema `depth` levels deep at most; `mixed` lets broken pieces in at every slot. */
export function schemaArb(depth: number, mixed: boolean): fc.Arbitrary<Spec> {
  const id = `${depth}:${mixed}`;
  const cached = schemaCache.get(id);
  if (cached) return cached;
  const none = fc.constant<Entry[]>([]);
  const slot = (key: string, arb: fc.Arbitrary<Spec>): fc.Arbitrary<Entry[]> =>
    fc.oneof({ weight: 2, arbitrary: none }, { weight: 1, arbitrary: arb.map((v): Entry[] => [[skey(key), v]]) });
  const deeper = depth > 0;
  const tuple = fc.array(fc.constant<Spec>(mapSpec("plain", [[skey("type"), str("string")]])), { maxLength: 2 }).map((items) => list(items));
  const properties = deeper ? slot("properties", either(propsArb(depth - 1, mixed), junkArb, mixed)) : none;
  const items = deeper ? slot("items", either(fc.oneof({ weight: 3, arbitrary: schemaArb(depth - 1, mixed) }, { weight: 1, arbitrary: tuple }), junkArb, mixed)) : none;
  const additional = slot(
    "additionalProperties",
    either(
      deeper
        ? fc.oneof(
            fc.boolean().map((b): Spec => ({ t: "bool", b })),
            schemaArb(depth - 1, mixed),
          )
        : fc.boolean().map((b): Spec => ({ t: "bool", b })),
      junkArb,
      mixed,
    ),
  );
  const arb = fc
    .tuple(mapKind, fc.array(otherKeyword, { maxLength: 2 }), properties, items, additional, badKeys(mixed))
    .map(([kind, other, p, i, a, bad]) => mapSpec(kind, [...other, ...p, ...i, ...a, ...bad]));
  schemaCache.set(id, arb);
  return arb;
}

/** A "properties" map: names to property schemas (in mixed mode also to non-maps, `true` included). */
export function propsArb(depth: number, mixed: boolean): fc.Arbitrary<Spec> {
  const id = `${depth}:${mixed}`;
  const cached = propsCache.get(id);
  if (cached) return cached;
  const value = either(schemaArb(depth, mixed), fc.oneof(fc.constant<Spec>({ t: "bool", b: true }), junkArb), mixed);
  const arb = fc.tuple(mapKind, fc.array(fc.tuple(nameArb.map(skey), value), { maxLength: 4 }), badKeys(mixed)).map(([kind, entries, bad]) => mapSpec(kind, [...entries, ...bad]));
  propsCache.set(id, arb);
  return arb;
}

/** One property whose schema nests `properties` / `items` / `additionalProperties` many levels down. */
function deepChainArb(mixed: boolean): fc.Arbitrary<Spec> {
  const step = fc.oneof(
    nameArb.map((n) => ({ via: "properties" as const, name: n })),
    fc.constant({ via: "items" as const, name: "" }),
    fc.constant({ via: "additionalProperties" as const, name: "" }),
  );
  return fc.tuple(fc.array(step, { minLength: 5, maxLength: 60 }), schemaArb(0, mixed), mapKind).map(([steps, leaf, kind]) => {
    let schema = leaf;
    for (const { via, name } of steps) {
      schema =
        via === "properties"
          ? mapSpec(kind, [
              [skey("type"), str("object")],
              [skey("properties"), mapSpec("plain", [[skey(name), schema]])],
            ])
          : mapSpec(kind, [[skey(via), schema]]);
    }
    return mapSpec("plain", [[skey("deep"), schema]]);
  });
}

// ---------------------------------------------------------------------------------------
// Defaults, consistent with the closure or not (docs/checks.md)

/** Names a default may carry that no schema here declares (plus the odd ones). */
const extraKey: fc.Arbitrary<KeySpec> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...UNDECLARED, ...PROTOTYPE_NAMES).map(skey) },
  { weight: 1, arbitrary: hostileString.map(skey) },
  { weight: 1, arbitrary: nonStringKey },
);

function extras(value: fc.Arbitrary<Spec>): fc.Arbitrary<Entry[]> {
  return fc.oneof({ weight: 4, arbitrary: fc.constant<Entry[]>([]) }, { weight: 1, arbitrary: fc.array(fc.tuple(extraKey, value), { minLength: 1, maxLength: 2 }) });
}

/** Data for a value whose schema is `schema`: an object by its closure, a list by "items", or a leaf. */
function dataFor(schema: Spec | undefined, depth: number): fc.Arbitrary<Spec> {
  if (schema?.t !== "map" || depth <= 0) return primitiveArb;
  const properties = specGet(schema, "properties");
  const items = specGet(schema, "items");
  const additional = specGet(schema, "additionalProperties");
  const choices: fc.Arbitrary<Spec>[] = [primitiveArb];
  if (properties?.t === "map" || additional !== undefined) choices.push(objectFor(schema, depth - 1), objectFor(schema, depth - 1));
  if (items?.t === "map") choices.push(fc.tuple(fc.array(dataFor(items, depth - 1), { maxLength: 3 }), fc.boolean()).map(([e, f]) => list(e, f)));
  if (properties === undefined && additional === undefined) {
    // No "properties": open, and the walk does not descend; only a non-string key is wrong.
    choices.push(fc.tuple(mapKind, fc.array(fc.tuple(nameArb.map(skey), primitiveArb), { maxLength: 2 }), extras(primitiveArb)).map(([k, e, x]) => mapSpec(k, [...e, ...x])));
  }
  return fc.oneof(...choices);
}

/** An object of data for an object schema: some declared keys, now and then an extra one. */
function objectFor(schema: Spec, depth: number): fc.Arbitrary<Spec> {
  const properties = specGet(schema, "properties");
  const additional = specGet(schema, "additionalProperties");
  const declared = stringKeys(properties);
  const extraValue = additional?.t === "map" ? dataFor(additional, depth) : primitiveArb;
  const declaredEntries =
    declared.length === 0
      ? fc.constant<Entry[]>([])
      : fc
          .subarray(declared)
          .chain((names) => fc.tuple(...names.map((n) => dataFor(specGet(properties, n), depth).map((v): Entry => [skey(n), v]))))
          .map((entries) => [...entries]);
  return fc.tuple(mapKind, declaredEntries, extras(extraValue)).map(([kind, d, x]) => mapSpec(kind, [...d, ...x]));
}

/** `defaults` for an action whose "properties" is `properties`: the top level is closed. */
function defaultsFor(properties: Spec): fc.Arbitrary<Spec> {
  return objectFor(
    mapSpec("plain", [
      [skey("properties"), properties],
      [skey("additionalProperties"), { t: "bool", b: false }],
    ]),
    4,
  );
}

// ---------------------------------------------------------------------------------------
// Action schemas

function pick<T>(values: readonly T[], fallback: readonly T[]): fc.Arbitrary<T> {
  return fc.constantFrom(...(values.length > 0 ? values : fallback));
}

/** Disjoint non-empty groups: no duplicate and no superset among them. */
function validGroups(declared: readonly string[]): fc.Arbitrary<Spec> {
  if (declared.length === 0) return fc.constant(list([]));
  return fc.tuple(fc.shuffledSubarray([...declared], { minLength: 1 }), fc.integer({ min: 1, max: 3 })).map(([names, size]) => {
    const groups: Spec[] = [];
    for (let i = 0; i < names.length; i += size) groups.push(list(names.slice(i, i + size).map(str)));
    return list(groups);
  });
}

/** Lists of names drawn from the declared ones and a few undeclared ones: duplicates, supersets, empty groups. */
function brokenNames(declared: readonly string[]): fc.Arbitrary<Spec> {
  const entry = fc.oneof({ weight: 6, arbitrary: pick([...declared, ...UNDECLARED.slice(0, 2)], UNDECLARED).map(str) }, { weight: 1, arbitrary: junkArb });
  return fc.tuple(fc.array(entry, { maxLength: 4 }), fc.boolean()).map(([e, f]) => list(e, f));
}

function brokenGroups(declared: readonly string[]): fc.Arbitrary<Spec> {
  const group = fc.oneof({ weight: 6, arbitrary: brokenNames(declared) }, { weight: 1, arbitrary: junkArb });
  const pool = [...declared, ...UNDECLARED.slice(0, 2)];
  // A group, then the same set reordered (duplicate) and grown by one name (superset).
  const related = fc.tuple(fc.shuffledSubarray(pool, { minLength: 1, maxLength: Math.min(3, pool.length) }), fc.constantFrom(...pool), fc.boolean()).map(([g, extra, flip]) => {
    const again = list([...g].reverse().map(str));
    const grown = list([...g, extra].map(str));
    return list(flip ? [grown, list(g.map(str)), again] : [list(g.map(str)), again, grown]);
  });
  return fc.oneof({ weight: 3, arbitrary: fc.array(group, { maxLength: 4 }).map((g) => list(g)) }, { weight: 1, arbitrary: related });
}

const oneLine = oddString.map((s) => s.replaceAll("\n", " "));
const withNewline = fc.tuple(oddString, oddString).map(([a, b]) => `${a}\n${b}`);

const exampleMap = fc.tuple(mapKind, fc.array(fc.tuple(nameArb.map(skey), primitiveArb), { maxLength: 2 })).map(([k, e]) => mapSpec(k, e));

type Slot = readonly [string, fc.Arbitrary<Spec>];

function optional(mixed: boolean, key: string, valid: fc.Arbitrary<Spec>, broken: fc.Arbitrary<Spec>): fc.Arbitrary<Entry[]> {
  return fc.oneof({ weight: 1, arbitrary: fc.constant<Entry[]>([]) }, { weight: 1, arbitrary: either(valid, broken, mixed).map((v): Entry[] => [[skey(key), v]]) });
}

/** An action schema; in mixed mode, every key may be broken, missing, or joined by unknown ones. */
export function actionArb(mixed: boolean): fc.Arbitrary<Spec> {
  const properties = either(fc.oneof({ weight: 5, arbitrary: propsArb(3, mixed) }, { weight: 1, arbitrary: deepChainArb(mixed) }), fc.oneof(junkArb, fc.constant(list([]))), mixed);
  return properties.chain((props) => {
    const declared = props.t === "map" && props.entries.every(([k]) => k.k === "s") ? stringKeys(props) : [];
    const slots: Slot[] = [["description", either(oneLine.map(str), fc.oneof(withNewline.map(str), junkArb), mixed)]];
    const mandatory = fc.tuple(...slots.map(([key, arb]) => arb.map((v): Entry => [skey(key), v])));
    const optionals = fc.tuple(
      optional(
        mixed,
        "required",
        fc.subarray(declared).map((n) => list(n.map(str))),
        fc.oneof({ weight: 4, arbitrary: brokenNames(declared) }, { weight: 1, arbitrary: junkArb }),
      ),
      optional(mixed, "required_one_of", validGroups(declared), fc.oneof({ weight: 4, arbitrary: brokenGroups(declared) }, { weight: 1, arbitrary: junkArb })),
      optional(mixed, "defaults", props.t === "map" ? defaultsFor(props) : exampleMap, junkArb),
      optional(mixed, "notes", oddString.map(str), junkArb),
      optional(
        mixed,
        "related",
        fc.array(plainName.map(str), { maxLength: 3 }).map((e) => list(e)),
        fc.oneof(brokenNames([]), junkArb),
      ),
      optional(
        mixed,
        "examples",
        fc.array(exampleMap, { maxLength: 2 }).map((e) => list(e)),
        fc.oneof(
          fc.array(junkArb, { maxLength: 2 }).map((e) => list(e)),
          junkArb,
        ),
      ),
    );
    const unknown = mixed
      ? fc.oneof({ weight: 3, arbitrary: fc.constant<Entry[]>([]) }, { weight: 1, arbitrary: fc.array(fc.tuple(unknownKeyArb.map(skey), junkArb), { minLength: 1, maxLength: 2 }) })
      : fc.constant<Entry[]>([]);
    const drop = mixed
      ? fc.oneof({ weight: 6, arbitrary: fc.constant<string[]>([]) }, { weight: 1, arbitrary: fc.subarray(["description", "properties"], { minLength: 1 }) })
      : fc.constant<string[]>([]);
    return fc.tuple(mapKind, mandatory, optionals, unknown, badKeys(mixed), drop).map(([kind, m, opt, unk, bad, dropped]) => {
      const entries: Entry[] = [...m, [skey("properties"), props], ...opt.flat(), ...unk, ...bad];
      return mapSpec(
        kind,
        entries.filter(([k]) => !(k.k === "s" && dropped.includes(k.s))),
      );
    });
  });
}

// ---------------------------------------------------------------------------------------
// Mutations: a broken piece dropped anywhere in an otherwise generated tree

export type Mutation =
  | { readonly op: "set"; readonly at: number; readonly key: KeySpec; readonly value: Spec }
  | { readonly op: "delete"; readonly at: number; readonly index: number };

const mutationKey: fc.Arbitrary<KeySpec> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WALK_KEYWORDS).map(skey) },
  { weight: 2, arbitrary: fc.constantFrom(...VOCABULARY).map(skey) },
  { weight: 2, arbitrary: nameArb.map(skey) },
  { weight: 1, arbitrary: nonStringKey },
);

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant("set" as const), at: fc.nat(), key: mutationKey, value: fc.oneof(junkArb, schemaArb(1, true)) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("delete" as const), at: fc.nat(), index: fc.nat() }) },
);

function countContainers(spec: Spec): number {
  if (spec.t === "list") return 1 + spec.items.reduce((n, s) => n + countContainers(s), 0);
  if (spec.t === "map") return 1 + spec.entries.reduce((n, [, s]) => n + countContainers(s), 0);
  return 0;
}

/** The spec with the mutation applied to its container number `at` (pre-order, modulo the count). */
export function mutate(spec: Spec, mutation: Mutation): Spec {
  const total = countContainers(spec);
  if (total === 0) return spec;
  let target = mutation.at % total;
  const visit = (s: Spec): Spec => {
    if (s.t !== "list" && s.t !== "map") return s;
    if (target-- === 0) return apply(s);
    if (s.t === "list") return { ...s, items: s.items.map(visit) };
    return { ...s, entries: s.entries.map(([k, v]): Entry => [k, visit(v)]) };
  };
  const apply = (s: Spec & { t: "list" | "map" }): Spec => {
    if (s.t === "list") {
      if (mutation.op === "delete") return { ...s, items: s.items.filter((_, i) => i !== mutation.index % Math.max(1, s.items.length)) };
      return { ...s, items: [...s.items, mutation.value] };
    }
    if (mutation.op === "delete") return { ...s, entries: s.entries.filter((_, i) => i !== mutation.index % Math.max(1, s.entries.length)) };
    const id = keyId(mutation.key);
    const rest = id === null ? s.entries : s.entries.filter(([k]) => keyId(k) !== id);
    return { ...s, entries: [...rest, [mutation.key, mutation.value]] };
  };
  return visit(spec);
}

/** A valid action, a mixed one, a mixed one with deep mutations, or no map at all. */
export const actionValueArb: fc.Arbitrary<Spec> = fc.oneof(
  { weight: 4, arbitrary: actionArb(false) },
  { weight: 4, arbitrary: actionArb(true) },
  { weight: 2, arbitrary: fc.tuple(actionArb(false), fc.array(mutationArb, { minLength: 1, maxLength: 3 })).map(([a, ms]) => ms.reduce(mutate, a)) },
  { weight: 1, arbitrary: junkArb },
);

const actionKey: fc.Arbitrary<KeySpec> = fc.oneof(
  { weight: 10, arbitrary: nameArb.map(skey) },
  { weight: 1, arbitrary: withNewline.map(skey) },
  { weight: 1, arbitrary: nonStringKey },
);

/** An actions map, with now and then a "$schema" entry (a string or not). */
export const actionsMapArb: fc.Arbitrary<Spec> = fc
  .tuple(
    mapKind,
    fc.array(fc.tuple(actionKey, actionValueArb), { maxLength: 5 }),
    fc.oneof({ weight: 4, arbitrary: fc.constant<Entry[]>([]) }, { weight: 1, arbitrary: fc.oneof(oddString.map(str), junkArb).map((v): Entry[] => [[skey("$schema"), v]]) }),
  )
  .map(([kind, entries, schemaRef]) => mapSpec(kind, [...schemaRef, ...entries]));

const linkArb: fc.Arbitrary<LinkSpec> = fc.record({
  mode: fc.oneof({ weight: 3, arbitrary: fc.constant("share" as const) }, { weight: 1, arbitrary: fc.constant("cycle" as const) }),
  a: fc.nat(),
  b: fc.nat(),
  slot: fc.nat(),
});

const toolNameArb: fc.Arbitrary<Spec> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("catalogue", "search", "my-tool").map(str) },
  { weight: 1, arbitrary: fc.constantFrom("help", "").map(str) },
  { weight: 1, arbitrary: oddString.map(str) },
  { weight: 1, arbitrary: junkArb },
);

export function declarationArb(options: { readonly links?: boolean } = {}): fc.Arbitrary<DeclarationSpec> {
  const mode = fc.oneof(
    { weight: 4, arbitrary: fc.constant<ActionsMode>("map") },
    { weight: 4, arbitrary: fc.constant<ActionsMode>("fn") },
    { weight: 1, arbitrary: fc.constantFrom<ActionsMode>("throw", "promise", "junk") },
  );
  return fc.record({
    toolName: toolNameArb,
    toolDescription: fc.oneof({ weight: 6, arbitrary: oneLine.map(str) }, { weight: 1, arbitrary: junkArb }),
    mode,
    actions: fc.oneof({ weight: 12, arbitrary: actionsMapArb }, { weight: 1, arbitrary: junkArb }),
    thrown: fc.oneof(oddString.map(str), junkArb),
    links:
      options.links === false
        ? fc.constant([])
        : fc.oneof({ weight: 1, arbitrary: fc.constant<LinkSpec[]>([]) }, { weight: 1, arbitrary: fc.array(linkArb, { minLength: 1, maxLength: 4 }) }),
  });
}

// ---------------------------------------------------------------------------------------
// Building the real objects

const foreign = vm.runInNewContext("({ object: () => ({}) })") as { object(): object };

function realKey(key: KeySpec, inMap: boolean): unknown {
  switch (key.k) {
    case "s":
      return key.s;
    case "sym":
      return Symbol(key.d);
    case "num":
      return inMap ? key.n : String(key.n);
    case "bool":
      return inMap ? key.b : String(key.b);
    default:
      return inMap ? {} : "[object Object]";
  }
}

function define(target: object, key: unknown, value: unknown): void {
  if (types.isMap(target)) (target as Map<unknown, unknown>).set(key, value);
  else if (Array.isArray(target)) (target as unknown[])[key as number] = value;
  else Object.defineProperty(target, key as PropertyKey, { value, enumerable: true, writable: true, configurable: true });
}

class Thing {
  readonly x = 1;
}

function instance(c: Instance): unknown {
  switch (c) {
    case "Date":
      return new Date(0);
    case "Set":
      return new Set([1]);
    case "class":
      return new Thing();
    case "RegExp":
      return /x/;
    case "Promise":
      return Promise.resolve(1);
    default:
      return new Error("\u001b[2J boom\n::error::x");
  }
}

interface Building {
  readonly containers: object[];
  readonly frozen: object[];
}

function buildValue(spec: Spec, b: Building): unknown {
  switch (spec.t) {
    case "str":
      return spec.s;
    case "num":
      return spec.n;
    case "bool":
      return spec.b;
    case "null":
      return null;
    case "undef":
      return undefined;
    case "big":
      return spec.n;
    case "sym":
      return Symbol(spec.d);
    case "fn":
      return function junk(): number {
        return 1;
      };
    case "inst":
      return instance(spec.c);
    case "list": {
      const out: unknown[] = [];
      b.containers.push(out);
      if (spec.frozen) b.frozen.push(out);
      for (const item of spec.items) out.push(buildValue(item, b));
      return out;
    }
    case "map": {
      const inMap = spec.kind === "Map";
      const out: object = inMap ? new Map() : spec.kind === "null" ? Object.create(null) : spec.kind === "foreign" ? foreign.object() : {};
      b.containers.push(out);
      if (spec.kind === "frozen") b.frozen.push(out);
      for (const [key, value] of spec.entries) define(out, realKey(key, inMap), buildValue(value, b));
      return out;
    }
  }
}

/** Own enumerable entries of a map or list (the walk's view of children). */
export function children(value: object): unknown[] {
  if (types.isMap(value)) return [...(value as Map<unknown, unknown>).values()];
  if (Array.isArray(value)) return [...value];
  return Reflect.ownKeys(value)
    .filter((k) => Object.prototype.propertyIsEnumerable.call(value, k))
    .map((k) => (value as Record<PropertyKey, unknown>)[k]);
}

function ownKeys(value: object): unknown[] {
  if (types.isMap(value)) return [...(value as Map<unknown, unknown>).keys()];
  if (Array.isArray(value)) return value.map((_, i) => i);
  return Reflect.ownKeys(value).filter((k) => Object.prototype.propertyIsEnumerable.call(value, k));
}

function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null && (types.isMap(value) || Array.isArray(value) || isPlain(value));
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

function reaches(from: object, to: object): boolean {
  const seen = new Set<object>();
  const stack = [from];
  while (stack.length > 0) {
    const node = stack.pop() as object;
    if (node === to) return true;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const child of children(node)) if (isContainer(child)) stack.push(child);
  }
  return false;
}

const LINK_KEYS = ["properties", "items", "additionalProperties", "shared"];

function applyLink(link: LinkSpec, containers: readonly object[]): void {
  const holder = containers[link.b % containers.length] as object;
  // Maps rather than lists: a shared or enclosing schema is what the walk can meet twice.
  const maps = containers.filter((c) => !Array.isArray(c));
  const pool = maps.length > 0 ? maps : containers;
  const candidates = link.mode === "cycle" ? pool.filter((c) => reaches(c, holder)) : pool.filter((c) => c !== containers[0] && !reaches(c, holder));
  if (candidates.length === 0) return;
  const shared = candidates[link.a % candidates.length] as object;
  if (Array.isArray(holder)) {
    define(holder, link.slot % (holder.length + 1), shared);
    return;
  }
  // Half the time a key the walk follows, so shared maps and cycles land where they count.
  const keys = link.slot % 2 === 0 ? LINK_KEYS : ownKeys(holder);
  define(holder, keys.length > 0 ? keys[(link.slot >>> 1) % keys.length] : "shared", shared);
}

/** Whether following maps and lists from `root` ever comes back to a map or list on the way. */
export function hasCycle(root: unknown): boolean {
  const onPath = new Set<object>();
  const done = new Set<object>();
  const stack: { node: object; leaving: boolean }[] = [];
  if (isContainer(root)) stack.push({ node: root, leaving: false });
  while (stack.length > 0) {
    const { node, leaving } = stack.pop() as { node: object; leaving: boolean };
    if (leaving) {
      onPath.delete(node);
      done.add(node);
      continue;
    }
    if (done.has(node)) continue;
    onPath.add(node);
    stack.push({ node, leaving: true });
    for (const child of children(node)) {
      if (!isContainer(child)) continue;
      if (onPath.has(child)) return true;
      if (!done.has(child)) stack.push({ node: child, leaving: false });
    }
  }
  return false;
}

/** Builds a spec into real objects, links shared sub-objects and cycles in, then freezes. */
export function build(spec: Spec, links: readonly LinkSpec[] = []): unknown {
  const b: Building = { containers: [], frozen: [] };
  const value = buildValue(spec, b);
  if (b.containers.length > 0) for (const link of links) applyLink(link, b.containers);
  for (const f of b.frozen) Object.freeze(f);
  return value;
}

export interface Declaration {
  readonly spec: DeclarationSpec;
  /** The actions map as the tool's actions() returns it, or the junk that stands in for it. */
  readonly actions: unknown;
  /** What the tool face obtains as its actions map (null when actions() throws or is async). */
  readonly toolActions: unknown;
  /** A fresh tool object whose actions come from `actions` in the spec's mode. */
  tool(): object;
  /** The tool's name as an action file's name would give it. */
  readonly fileName: string;
  readonly acyclic: boolean;
}

function makeTool(spec: DeclarationSpec, name: unknown, description: unknown, actions: unknown, junkActions: unknown): object {
  switch (spec.mode) {
    case "map":
      return { name, description, actions };
    case "fn":
      return { name, description, actions: () => actions };
    case "throw": {
      const thrown = build(spec.thrown);
      return {
        name,
        description,
        actions: () => {
          throw typeof thrown === "string" ? new Error(thrown) : thrown;
        },
      };
    }
    case "promise":
      return { name, description, actions: async () => actions };
    default:
      return { name, description, actions: junkActions };
  }
}

export function declarationFrom(spec: DeclarationSpec, actions: unknown = build(spec.actions, spec.links)): Declaration {
  const name = build(spec.toolName);
  const description = build(spec.toolDescription);
  // Mode "junk": the tool's actions are neither a function nor (mostly) a map.
  const junkActions = build(spec.thrown);
  return {
    spec,
    actions,
    toolActions: spec.mode === "map" || spec.mode === "fn" ? actions : spec.mode === "junk" ? junkActions : null,
    tool: () => makeTool(spec, name, description, actions, junkActions),
    fileName: typeof name === "string" ? name : "tool",
    acyclic: !hasCycle(actions),
  };
}

// ---------------------------------------------------------------------------------------
// Shuffling key order

/** A small seeded PRNG (mulberry32), so a shuffle is reproducible from the property's seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(values: readonly T[], random: () => number): T[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * A copy with the own keys of every plain object and the entries of every Map in a random
 * order, recursively; lists keep their order (it means something), frozen stays frozen,
 * prototypes are kept, and a sub-object shared in the input is shared in the copy.
 */
export function shuffleDeep(value: unknown, random: () => number, memo = new Map<object, unknown>()): unknown {
  if (!isContainer(value)) return value;
  const known = memo.get(value);
  if (known !== undefined) return known;
  let out: object;
  if (types.isMap(value)) {
    const map = new Map<unknown, unknown>();
    memo.set(value, map);
    for (const [k, v] of shuffled([...(value as Map<unknown, unknown>)], random)) map.set(k, shuffleDeep(v, random, memo));
    out = map;
  } else if (Array.isArray(value)) {
    const arr: unknown[] = [];
    memo.set(value, arr);
    for (const v of value) arr.push(shuffleDeep(v, random, memo));
    out = arr;
  } else {
    const obj = Object.create(Object.getPrototypeOf(value)) as object;
    memo.set(value, obj);
    for (const k of shuffled(ownKeys(value), random)) define(obj, k, shuffleDeep((value as Record<PropertyKey, unknown>)[k as PropertyKey], random, memo));
    out = obj;
  }
  if (Object.isFrozen(value)) Object.freeze(out);
  return out;
}
