// A value against the schema it must satisfy, by the keywords a reader can judge alone:
// "type", "enum", "const", the numeric bounds and "multipleOf", "minLength"/"maxLength"
// (in code points), "pattern", "minItems"/"maxItems", and "format" for date-time, date,
// time, email, uri, uuid and ipv4; then into an object's "properties" and a list's single
// "items". Branches ("anyOf"…) and references are not followed (docs/checks.md). Iterative,
// so a deep value cannot overflow the stack. The first problem is the answer.

import { describeValue } from "./escape.js";
import { jsonEqual } from "./json-equal.js";
import { isList, type MapLike, type MapReader } from "./map.js";
import { compareStrings, type PathSegment } from "./path.js";
import { inspectString } from "../text/escape.js";

export interface ValueProblem {
  /** Where in the value (empty: the value itself). */
  readonly at: readonly PathSegment[];
  readonly message: string;
}

const FORMATS: Readonly<Record<string, RegExp>> = {
  "date-time": /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})?$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/,
  uuid: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
  ipv4: /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/,
};

function typeOf(value: unknown, read: MapReader): string {
  if (value === null) return "null";
  if (isList(value)) return "array";
  if (read.isMap(value)) return "object";
  return typeof value;
}

function hasType(value: unknown, type: unknown, read: MapReader): boolean {
  const actual = typeOf(value, read);
  if (type === "integer") return Number.isInteger(value);
  if (type === "number") return actual === "number";
  return actual === type;
}

// Any value a module builds (a bigint, a symbol, a cycle) can be named: never JSON.stringify.
const plain = (v: unknown): string => (typeof v === "string" ? inspectString(v) : describeValue(v));

/** What a numeric bound of `schema` says of `value`; null when the bound holds or is absent. */
function boundProblem(value: number, schema: MapLike, read: MapReader, key: string, fails: (value: number, limit: number) => boolean, says: string): string | null {
  const limit = read.get(schema, key);
  return typeof limit === "number" && fails(value, limit) ? `${value} is ${says} ${limit} ("${key}")` : null;
}

const below = (value: number, limit: number): boolean => value < limit;
const above = (value: number, limit: number): boolean => value > limit;
const notAbove = (value: number, limit: number): boolean => value <= limit;
const notBelow = (value: number, limit: number): boolean => value >= limit;

/** Compiled "pattern"s by source (null: not a valid expression), so each is compiled once; bounded for long-lived processes. */
const COMPILED_PATTERNS = new Map<string, RegExp | null>();
const MAX_PATTERNS = 1000;

function compiled(pattern: string): RegExp | null {
  let regex = COMPILED_PATTERNS.get(pattern);
  if (regex === undefined) {
    regex = null;
    try {
      regex = new RegExp(pattern, "u");
    } catch {
      // An invalid pattern is invalid-schema's to report.
    }
    if (COMPILED_PATTERNS.size >= MAX_PATTERNS) COMPILED_PATTERNS.clear();
    COMPILED_PATTERNS.set(pattern, regex);
  }
  return regex;
}

/** The number of code points of `text`. */
function codePoints(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** The first problem of `value` against the local keywords of `schema`; null when none. */
function localProblem(value: unknown, schema: MapLike, read: MapReader): string | null {
  const type = read.get(schema, "type");
  if (
    typeof type === "string"
      ? !hasType(value, type, read)
      : isList(type) && type.length > 0 && type.every((t) => typeof t === "string") && !type.some((t) => hasType(value, t, read))
  ) {
    const types = typeof type === "string" ? [type] : (type as readonly string[]);
    return `is ${describeValue(value)}, not ${types.map((t) => (/^[aeiou]/.test(String(t)) ? `an ${t}` : `a ${t}`)).join(" or ")}`;
  }
  const choices = read.get(schema, "enum");
  if (isList(choices) && choices.length > 0 && !choices.some((c) => jsonEqual(c, value))) return `${plain(value)} is none of the "enum" values ${choices.map(plain).join(", ")}`;
  if (read.has(schema, "const") && !jsonEqual(read.get(schema, "const"), value)) return `${plain(value)} is not the "const" value ${plain(read.get(schema, "const"))}`;
  if (typeof value === "number") {
    const multiple = read.get(schema, "multipleOf");
    return (
      boundProblem(value, schema, read, "minimum", below, "below") ??
      boundProblem(value, schema, read, "maximum", above, "above") ??
      boundProblem(value, schema, read, "exclusiveMinimum", notAbove, "not above") ??
      boundProblem(value, schema, read, "exclusiveMaximum", notBelow, "not below") ??
      (typeof multiple === "number" && multiple > 0 && !Number.isInteger(value / multiple) ? `${value} is no multiple of ${multiple} ("multipleOf")` : null)
    );
  }
  if (typeof value === "string") {
    const min = read.get(schema, "minLength");
    const max = read.get(schema, "maxLength");
    if (typeof min === "number" || typeof max === "number") {
      const length = codePoints(value);
      if (typeof min === "number" && length < min) return `${plain(value)} is ${length} characters long, under "minLength" ${min}`;
      if (typeof max === "number" && length > max) return `${plain(value)} is ${length} characters long, over "maxLength" ${max}`;
    }
    const pattern = read.get(schema, "pattern");
    if (typeof pattern === "string") {
      const regex = compiled(pattern);
      if (regex !== null && !regex.test(value)) return `${plain(value)} does not match "pattern" ${inspectString(pattern)}`;
    }
    const format = read.get(schema, "format");
    const check = typeof format === "string" && Object.hasOwn(FORMATS, format) ? FORMATS[format] : undefined;
    if (check !== undefined && !check.test(value)) return `${plain(value)} is not a valid "${format as string}"`;
    return null;
  }
  if (isList(value)) {
    const min = read.get(schema, "minItems");
    const max = read.get(schema, "maxItems");
    if (typeof min === "number" && value.length < min) return `the list has ${value.length} items, under "minItems" ${min}`;
    if (typeof max === "number" && value.length > max) return `the list has ${value.length} items, over "maxItems" ${max}`;
  }
  return null;
}

/** The first problem of `value` against `schema` and, below, its "properties" and "items"; null when none. */
export function valueProblem(value: unknown, schema: MapLike, read: MapReader): ValueProblem | null {
  const stack: { value: unknown; schema: MapLike; at: readonly PathSegment[] }[] = [{ value, schema, at: [] }];
  // A value and a schema that both refer back to themselves would be walked forever.
  const seen = read.plainData ? null : new Map<unknown, Set<MapLike>>();
  while (stack.length > 0) {
    const next = stack.pop() as (typeof stack)[number];
    if (seen !== null && typeof next.value === "object" && next.value !== null) {
      const schemas = seen.get(next.value) ?? new Set<MapLike>();
      if (schemas.has(next.schema)) continue;
      seen.set(next.value, schemas.add(next.schema));
    }
    const message = localProblem(next.value, next.schema, read);
    if (message !== null) return { at: next.at, message };
    // Pushed last to first, so the first problem is that of the first key in code-unit order, whatever the input's order.
    const properties = read.get(next.schema, "properties");
    if (read.isMap(next.value) && read.isMap(properties)) {
      for (const key of read.keys(next.value).sort(compareStrings).reverse()) {
        const inner = read.get(properties, key);
        if (read.isMap(inner)) stack.push({ value: read.get(next.value, key), schema: inner, at: [...next.at, key] });
      }
    }
    const items = read.get(next.schema, "items");
    if (isList(next.value) && read.isMap(items)) for (let i = next.value.length - 1; i >= 0; i--) stack.push({ value: next.value[i], schema: items, at: [...next.at, i] });
  }
  return null;
}
