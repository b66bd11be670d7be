// What the validator found, in the linter's words: of the errors it gives (every failed
// keyword, with where in the value and where in the schema as evaluated), the one that says
// what is wrong, worded from the schema and the value themselves. Keywords that only apply
// others ("$ref", "properties", "items", "allOf", "if"…) are explained by what failed below
// them; the branches of a failed "anyOf" or "oneOf", the entries "contains" tried and the
// names "propertyNames" tried explain that keyword, which is the one reported. Of what is
// left the first is reported: the outermost place in the value, then map keys in code-unit
// order and list entries in order, whatever the order of the input.

import { describeValue } from "../escape.js";
import { isList } from "../map.js";
import { comparePaths, type PathSegment } from "../path.js";
import { inspectString } from "../../text/escape.js";
import { locationSegments, type OutputUnit } from "./validator.js";

export interface ValueProblem {
  /** Where in the value (empty: the value itself). */
  readonly at: readonly PathSegment[];
  readonly message: string;
}

/** What explaining needs beside the errors: the value, the schema it was validated against and how to read the document. */
export interface Explaining {
  readonly value: unknown;
  /** The copy of the schema the value was validated against. */
  readonly schema: unknown;
  /** The copies that stand for a false schema (copy.ts). */
  readonly falseSchemas: ReadonlySet<object>;
  /** The schema a reference leads to, from the schema holding it; undefined when it leads nowhere. */
  readonly referenced: (holder: object) => unknown;
  /** Whether `value` is valid against `schema` (a copy in the same document). */
  readonly valid: (value: unknown, schema: unknown) => boolean;
  /** Keys refused by a false "additionalProperties" where the key-set walk reaches are another check's (a default's keys: the defaults check's). */
  readonly closureKeysElsewhere: boolean;
}

// Keywords that apply subschemas and report only that one failed: what failed below them says more.
const APPLICATORS = new Set([
  "$ref",
  "$recursiveRef",
  "properties",
  "patternProperties",
  "additionalProperties",
  "unevaluatedProperties",
  "items",
  "prefixItems",
  "additionalItems",
  "unevaluatedItems",
  "allOf",
  "if",
  "dependentSchemas",
]);

// Keywords whose subschemas' errors explain them, and the keyword (beside them) those subschemas sit under.
const EXPLAINED_BELOW: Readonly<Record<string, string | null>> = {
  anyOf: null,
  oneOf: null,
  propertyNames: null,
  contains: "contains",
  minContains: "contains",
  maxContains: "contains",
};

interface Located {
  readonly error: OutputUnit;
  /** The keyword location's segments (decoded). */
  readonly keywordPath: readonly string[];
  /** Where in the value, as path segments (list indexes as numbers). */
  readonly at: PathSegment[];
}

/** The value's own keys and entries, as the validator reads them. */
function child(value: unknown, segment: string): unknown {
  if (isList(value)) return value[Number(segment)];
  if (typeof value === "object" && value !== null && Object.hasOwn(value, segment)) return (value as Record<string, unknown>)[segment];
  return undefined;
}

/** A place in the value as path segments: a list's entries by index. */
function valuePath(value: unknown, segments: readonly string[]): PathSegment[] {
  const out: PathSegment[] = [];
  let at = value;
  for (const segment of segments) {
    out.push(isList(at) ? Number(segment) : segment);
    at = child(at, segment);
  }
  return out;
}

function valueAt(value: unknown, at: readonly PathSegment[]): unknown {
  let here = value;
  for (const segment of at) here = child(here, String(segment));
  return here;
}

const plain = (v: unknown): string => (typeof v === "string" ? inspectString(v) : describeValue(v));

const article = (type: unknown): string => `${/^[aeiou]/.test(String(type)) ? "an" : "a"} ${String(type)}`;

/** The problem the errors of one validation show; null when each is another check's. */
export function explain(errors: readonly OutputUnit[], explaining: Explaining): ValueProblem | null {
  const located: Located[] = errors.map((error) => ({
    error,
    keywordPath: locationSegments(error.keywordLocation),
    at: valuePath(explaining.value, locationSegments(error.instanceLocation)),
  }));
  const left = explaining.closureKeysElsewhere ? located.filter((one) => !closureKey(one, explaining)) : located;
  const found = pick(left);
  if (found !== null) return worded(found, explaining, left);
  // Only keywords that apply others are left: what failed below them was another check's.
  return left.length < located.length ? null : worded(located[0] as Located, explaining, located);
}

/**
 * Whether an error is a key a false "additionalProperties" refuses where the key-set walk
 * reaches (through "properties", single-schema "items" and "additionalProperties" schemas
 * only): the closure refuses it too, and the defaults check says so (docs/checks.md).
 */
function closureKey({ error, keywordPath }: Located, explaining: Explaining): boolean {
  const n = keywordPath.length;
  if (error.keyword !== "not" || keywordPath[n - 2] !== "additionalProperties" || !explaining.falseSchemas.has(holderOf(keywordPath, explaining) ?? {})) return false;
  for (let i = 0; i < n - 2; ) {
    if (keywordPath[i] === "properties" && i + 1 < n - 2) i += 2;
    else if (keywordPath[i] === "items" || keywordPath[i] === "additionalProperties") i += 1;
    else return false;
  }
  return true;
}

/** The error to report of `located`; null when none says what failed itself. */
function pick(located: readonly Located[]): Located | null {
  // The keyword locations below which errors only explain another.
  const explained: string[] = [];
  for (const { error } of located) {
    const under = EXPLAINED_BELOW[error.keyword];
    if (under === undefined) continue;
    explained.push(under === null ? `${error.keywordLocation}/` : `${error.keywordLocation.slice(0, error.keywordLocation.lastIndexOf("/"))}/${under}/`);
  }
  const leaves = located.filter(({ error }, i) => {
    if (explained.some((prefix) => error.keywordLocation.startsWith(prefix))) return false;
    if (APPLICATORS.has(error.keyword)) return false;
    // "dependencies" applies a schema (its errors follow) or asks for names (it failed itself).
    if (error.keyword === "dependencies") return !located.slice(i + 1).some((other) => other.error.keywordLocation.startsWith(`${error.keywordLocation}/`));
    return true;
  });
  // The first place in the value; at one place, the validator's order (its keywords' order).
  return leaves.length === 0 ? null : leaves.reduce((best, next) => (comparePaths(next.at, best.at) < 0 ? next : best));
}

/** The schema holding the keyword of a keyword location (the validated schema's copy, walked; references followed). */
function holderOf(keywordPath: readonly string[], explaining: Explaining): Record<string, unknown> | undefined {
  let at: unknown = explaining.schema;
  for (const segment of keywordPath.slice(0, -1)) {
    if (typeof at !== "object" || at === null) return undefined;
    const here = at as Record<string, unknown>;
    at = segment === "$ref" && typeof here["$ref"] === "string" ? explaining.referenced(here) : isList(here) ? here[Number(segment)] : here[segment];
  }
  return typeof at === "object" && at !== null && !isList(at) ? (at as Record<string, unknown>) : undefined;
}

function worded(found: Located, explaining: Explaining, all: readonly Located[]): ValueProblem {
  const { error, keywordPath, at } = found;
  const keyword = error.keyword;
  const holder = holderOf(keywordPath, explaining) ?? {};
  const value = valueAt(explaining.value, at);
  const limit = holder[keyword];
  const here = (message: string): ValueProblem => ({ at, message });
  switch (keyword) {
    case "type": {
      const types = isList(limit) ? limit : [limit];
      return here(`is ${describeValue(value)}, not ${types.map(article).join(" or ")}`);
    }
    case "enum":
      return here(
        isList(limit) && limit.length === 0
          ? `${plain(value)} is refused: "enum" is empty, so no value is allowed`
          : `${plain(value)} is none of the "enum" values ${isList(limit) ? limit.map(plain).join(", ") : ""}`,
      );
    case "const":
      return here(`${plain(value)} is not the "const" value ${plain(limit)}`);
    case "minimum":
      return here(`${plain(value)} is below ${plain(limit)} ("minimum")`);
    case "maximum":
      return here(`${plain(value)} is above ${plain(limit)} ("maximum")`);
    case "exclusiveMinimum":
      return here(`${plain(value)} is not above ${plain(limit)} ("exclusiveMinimum")`);
    case "exclusiveMaximum":
      return here(`${plain(value)} is not below ${plain(limit)} ("exclusiveMaximum")`);
    case "multipleOf":
      return here(`${plain(value)} is no multiple of ${plain(limit)} ("multipleOf")`);
    case "minLength":
    case "maxLength":
      return here(`${plain(value)} is ${codePoints(String(value))} characters long, ${keyword === "minLength" ? "under" : "over"} "${keyword}" ${plain(limit)}`);
    case "pattern":
      return here(`${plain(value)} does not match "pattern" ${plain(limit)}`);
    case "format":
      return here(`${plain(value)} is not a valid ${plain(limit)}`);
    case "minItems":
    case "maxItems":
      return here(`the list has ${isList(value) ? value.length : 0} items, ${keyword === "minItems" ? "under" : "over"} "${keyword}" ${plain(limit)}`);
    case "uniqueItems": {
      const [i, j] = firstRepeat(isList(value) ? value : [], explaining);
      return here(`entries ${i} and ${j} of the list are equal ("uniqueItems")`);
    }
    case "contains":
      return here(`the list has no entry the "contains" schema accepts`);
    case "minContains":
    case "maxContains": {
      const accepted = isList(value) ? value.filter((entry) => explaining.valid(entry, holder["contains"])).length : 0;
      return here(
        `the list has ${accepted} ${accepted === 1 ? "entry" : "entries"} the "contains" schema accepts, ${keyword === "minContains" ? "under" : "over"} "${keyword}" ${plain(limit)}`,
      );
    }
    case "required": {
      const missing = isList(limit) ? limit.find((name) => typeof name === "string" && !hasOwn(value, name)) : undefined;
      return here(`lacks the required key ${plain(missing)}`);
    }
    case "minProperties":
    case "maxProperties": {
      const count = typeof value === "object" && value !== null ? Object.keys(value).length : 0;
      return here(`the map has ${count} ${count === 1 ? "key" : "keys"}, ${keyword === "minProperties" ? "under" : "over"} "${keyword}" ${plain(limit)}`);
    }
    case "dependentRequired":
    case "dependencies": {
      const [key, missing] = firstUnmet(limit, value);
      return here(`has ${plain(key)} but not ${plain(missing)}, which "${keyword}" asks for beside it`);
    }
    case "anyOf":
      return here(`${plain(value)} matches none of the "anyOf" schemas`);
    case "oneOf": {
      const matches = isList(limit) ? limit.filter((branch) => explaining.valid(value, branch)).length : 0;
      return here(matches === 0 ? `${plain(value)} matches none of the "oneOf" schemas` : `${plain(value)} matches ${matches} of the "oneOf" schemas, not exactly one`);
    }
    case "propertyNames":
      return propertyName(found, explaining, all);
    case "not":
      return explaining.falseSchemas.has(holder) ? nothingAllowed(keywordPath, at, explaining) : here(`${plain(value)} matches the "not" schema, which it must not`);
    default:
      return here(`${plain(value)} fails "${keyword}"`);
  }
}

/** A false schema failed (copy.ts writes it {"not": {}}): said of the key or entry it refuses where it stands for one. */
function nothingAllowed(keywordPath: readonly string[], at: readonly PathSegment[], explaining: Explaining): ValueProblem {
  // The keywords above the false schema: its own ("additionalProperties"), or a map's and the name ("properties", "x").
  const own = keywordPath[keywordPath.length - 2];
  const above = keywordPath[keywordPath.length - 3];
  const last = at[at.length - 1];
  const parent = at.slice(0, -1);
  if (last !== undefined && (own === "additionalProperties" || own === "unevaluatedProperties"))
    return { at: parent, message: `the key ${plain(last)} is not allowed: "${own}" is false` };
  if (last !== undefined && (own === "items" || own === "additionalItems" || own === "unevaluatedItems"))
    return { at: parent, message: `entry ${plain(last)} is not allowed: "${own}" is false` };
  if (last !== undefined && above === "properties") return { at: parent, message: `the key ${plain(last)} is not allowed: its schema is false` };
  if (last !== undefined && above === "patternProperties") return { at: parent, message: `the key ${plain(last)} is not allowed: its "patternProperties" schema is false` };
  return { at, message: `${plain(valueAt(explaining.value, at))} is refused: the schema here is false, so no value is allowed` };
}

/** A key name "propertyNames" refused, worded as its own problem, at the map: the first name refused, by what refused it. */
function propertyName(found: Located, explaining: Explaining, all: readonly Located[]): ValueProblem {
  const below = all.filter(({ error, at }) => error.keywordLocation.startsWith(`${found.error.keywordLocation}/`) && at.length === found.at.length + 1);
  if (below.length === 0) return { at: found.at, message: `a key is refused by "propertyNames"` };
  const names = below.map((other) => other.at[other.at.length - 1]);
  const name = String(names.reduce((a, b) => (comparePaths([b as PathSegment], [a as PathSegment]) < 0 ? b : a)));
  const inner = pick(below.filter((other) => other.at[other.at.length - 1] === name));
  if (inner === null) return { at: found.at, message: `the key ${plain(name)} is refused by "propertyNames"` };
  const { message } = worded({ ...inner, at: [] }, { ...explaining, value: name }, all);
  return { at: found.at, message: `the key ${plain(name)} is refused by "propertyNames": ${message}` };
}

function hasOwn(value: unknown, key: string): boolean {
  return typeof value === "object" && value !== null && !isList(value) && Object.hasOwn(value, key);
}

/** The first key of a "dependentRequired" (or a list "dependencies") the value has without one of the names it asks for. */
function firstUnmet(dependencies: unknown, value: unknown): [string, string] {
  if (typeof dependencies === "object" && dependencies !== null)
    for (const [key, names] of Object.entries(dependencies)) {
      if (!hasOwn(value, key) || !isList(names)) continue;
      const missing = names.find((name) => typeof name === "string" && !hasOwn(value, name));
      if (typeof missing === "string") return [key, missing];
    }
  return ["", ""];
}

/** The first two equal entries of a list, by the validator's equality. */
function firstRepeat(list: readonly unknown[], explaining: Explaining): [number, number] {
  for (let j = 1; j < list.length; j++) for (let i = 0; i < j; i++) if (explaining.valid(list[i], { const: list[j] })) return [i, j];
  return [0, 0];
}

function codePoints(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}
