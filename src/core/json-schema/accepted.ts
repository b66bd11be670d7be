// A fast, strict sufficient condition for a value's validity, as advisory/plainly-valid.ts is
// for a schema's: a schema whose every keyword is one of the common ones, holding a value that
// plainly satisfies each, is valid in draft-07 and 2020-12 under either reading of "format",
// and the validator need not run. Anything else (another keyword, a reference, a value JSON
// cannot carry, a value in doubt or failing) answers false, and the validator decides
// (value-check.ts). Most values written beside schemas are valid, and this costs a fraction
// of copying the document for the validator and running it (bench/README.md). Keys that are
// no keyword are ignored, as JSON Schema ignores them. The value is JSON data (parsed, or a
// module's value as value-check.ts turned it into JSON); the schema is read with its reader.
// Iterative, at any depth of the value; "anyOf" branches inside each other up to a bound.

import { jsonEqual } from "../json-equal.js";
import { ANNOTATION_KEYWORDS, JSON_SCHEMA_KEYWORDS } from "../json-schema-keywords.js";
import { isList, type MapLike, type MapReader } from "../map.js";
import { jsonSchemaValidator } from "./validator.js";

// Keywords that never make a value invalid: annotations, and what only a reference could reach.
const INERT = new Set(["$schema", "$id", "$defs", "definitions", ...ANNOTATION_KEYWORDS]);

/** Compiled "pattern"s by source (null: not a valid expression), each compiled once; bounded for long-lived processes. */
const COMPILED_PATTERNS = new Map<string, RegExp | null>();
const MAX_PATTERNS = 1000;

function compiled(pattern: string): RegExp | null {
  let regex = COMPILED_PATTERNS.get(pattern);
  if (regex === undefined) {
    regex = null;
    try {
      regex = new RegExp(pattern, "u");
    } catch {
      // Not an expression: the validator decides.
    }
    if (COMPILED_PATTERNS.size >= MAX_PATTERNS) COMPILED_PATTERNS.clear();
    COMPILED_PATTERNS.set(pattern, regex);
  }
  return regex;
}

function codePoints(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/**
 * An absolute URI with an authority, in plain characters (no userinfo, IP literal or
 * percent-encoding): a subset of what the validator's "uri" and "uri-reference" accept, told
 * without compiling their expressions, which costs a few milliseconds (up to ~15) once per
 * process (bench/README.md).
 */
const PLAIN_URI =
  /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9._~!$&'()*+,;=-]*(?::\d*)?(?:\/[a-z0-9._~!$&'()*+,;=:@-]*)*(?:\?[a-z0-9._~!$&'()*+,;=:@/?-]*)?(?:#[a-z0-9._~!$&'()*+,;=:@/?-]*)?$/i;

/** Whether `value` is of `format` as the validator reads it; true for a format it does not know. */
function ofFormat(value: string, format: string): boolean {
  if ((format === "uri" || format === "uri-reference") && PLAIN_URI.test(value)) return true;
  const test = jsonSchemaValidator().format[format];
  return test === undefined || test(value);
}

/** Whether a list's entries are distinct, when that is cheap to tell (a long list of maps or lists is the validator's). */
function distinct(list: readonly unknown[]): boolean {
  if (list.every(isPrimitive)) return new Set(list).size === list.length;
  if (list.length > 64) return false;
  for (let j = 1; j < list.length; j++) for (let i = 0; i < j; i++) if (jsonEqual(list[i], list[j])) return false;
  return true;
}

const isCount = (limit: unknown): limit is number => Number.isInteger(limit) && (limit as number) >= 0;
const isPrimitive = (v: unknown): boolean => v === null || typeof v !== "object";
const isObject = (v: unknown): v is Readonly<Record<string, unknown>> => typeof v === "object" && v !== null && !isList(v);

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "boolean":
      return typeof value === "boolean";
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      return Number.isInteger(value);
    case "array":
      return isList(value);
    case "object":
      return isObject(value);
    default:
      return false;
  }
}

/** Whether `value` equals one of `choices`, when that can be told plainly (a module's maps in a schema are not compared here); null when it cannot. */
function among(value: unknown, choices: readonly unknown[], read: MapReader): boolean | null {
  if (isPrimitive(value)) return choices.some((choice) => choice === value);
  return read.plainData ? choices.some((choice) => jsonEqual(choice, value)) : null;
}

/** How a schema's "$ref" is followed: the schema it leads to, or undefined when it cannot be told plainly. */
export type Referenced = (ref: string) => unknown;

// How deep "anyOf" branches are tried inside each other before the validator is left to decide.
const MAX_BRANCH_DEPTH = 16;

/**
 * Whether `value` (JSON data) is plainly valid against `schema` and all below it: "$ref"
 * followed by `referenced` (the schema it leads to is checked, and its siblings too, which
 * only draft-07 ignores), "anyOf" by a branch plainly valid, "allOf" by each.
 */
export function plainlyAccepted(value: unknown, schema: unknown, read: MapReader, referenced: Referenced, depth = 0): boolean {
  // Each step goes down into the value, or through a reference (a chain of them is cut).
  const values: unknown[] = [value];
  const schemas: unknown[] = [schema];
  let references = 0;
  while (values.length > 0) {
    const here = values.pop();
    const against = schemas.pop();
    if (against === true) continue;
    if (!read.isMap(against)) return false;
    const ref = read.get(against, "$ref");
    if (ref !== undefined) {
      const target = typeof ref === "string" && references++ < 10_000 ? referenced(ref) : undefined;
      if (target === undefined) return false;
      values.push(here);
      schemas.push(target);
    }
    if (!plainLocally(here, against, read, values, schemas, referenced, depth)) return false;
  }
  return true;
}

/** Whether `value` plainly satisfies each keyword of `schema`, pushing what lies below onto `values` and `schemas`. */
function plainLocally(value: unknown, schema: MapLike, read: MapReader, values: unknown[], schemas: unknown[], referenced: Referenced, depth: number): boolean {
  const isMapValue = isObject(value);
  // Parsed text's maps are plain objects with no inherited keys: read directly, the common case.
  const plain = read.plainData ? (schema as Readonly<Record<string, unknown>>) : null;
  for (const key of plain !== null ? Object.keys(plain) : read.keys(schema)) {
    const limit = plain !== null ? plain[key] : read.get(schema, key);
    switch (key) {
      case "type":
        if (typeof limit === "string" ? !hasType(value, limit) : !isList(limit) || !limit.some((t) => hasType(value, t))) return false;
        break;
      case "properties":
      case "additionalProperties":
        // Both read together, once: at "properties", or at "additionalProperties" when there is none.
        if (!isMapValue || (key === "additionalProperties" && read.has(schema, "properties"))) break;
        if (!propertiesPlain(value, schema, read, values, schemas)) return false;
        break;
      case "items":
        if (!isList(value)) break;
        if (isList(limit)) {
          // A tuple, and "additionalItems" past it (draft-07; 2020-12 has no list "items", and the validator reads it so too).
          const rest = read.get(schema, "additionalItems");
          for (let i = 0; i < value.length; i++) {
            values.push(value[i]);
            schemas.push(i < limit.length ? limit[i] : (rest ?? true));
          }
        } else
          for (const entry of value) {
            values.push(entry);
            schemas.push(limit);
          }
        break;
      case "enum":
        if (!isList(limit) || among(value, limit, read) !== true) return false;
        break;
      case "format":
        // A format the validator knows must hold (either reading of "format" then agrees); another is ignored by every dialect.
        if (typeof value === "string" && typeof limit === "string" && !ofFormat(value, limit)) return false;
        break;
      case "required":
        if (!isMapValue) break;
        if (!isList(limit) || !limit.every((name) => typeof name === "string" && Object.hasOwn(value, name))) return false;
        break;
      case "minimum":
      case "maximum":
      case "exclusiveMinimum":
      case "exclusiveMaximum":
        if (typeof value !== "number") break;
        if (typeof limit !== "number") return false;
        if (key === "minimum" ? value < limit : key === "maximum" ? value > limit : key === "exclusiveMinimum" ? value <= limit : value >= limit) return false;
        break;
      case "minLength":
      case "maxLength":
        if (typeof value !== "string") break;
        if (!isCount(limit) || (key === "minLength" ? codePoints(value) < limit : codePoints(value) > limit)) return false;
        break;
      case "pattern":
        if (typeof value === "string" && (typeof limit !== "string" || compiled(limit)?.test(value) !== true)) return false;
        break;
      case "minItems":
      case "maxItems":
        if (!isList(value)) break;
        if (!isCount(limit) || (key === "minItems" ? value.length < limit : value.length > limit)) return false;
        break;
      case "uniqueItems":
        if (isList(value) && limit === true && !distinct(value)) return false;
        break;
      case "const":
        if (among(value, [limit], read) !== true) return false;
        break;
      case "multipleOf":
        // Integers exactly; a fraction (0.07 of 0.01) is the validator's, which divides decimals exactly.
        if (typeof value === "number" && !(Number.isSafeInteger(value) && Number.isSafeInteger(limit) && (limit as number) > 0 && value % (limit as number) === 0)) return false;
        break;
      case "minProperties":
      case "maxProperties":
        if (!isMapValue) break;
        if (!isCount(limit) || (key === "minProperties" ? Object.keys(value).length < limit : Object.keys(value).length > limit)) return false;
        break;
      case "allOf":
        if (!isList(limit)) return false;
        for (const inner of limit) {
          values.push(value);
          schemas.push(inner);
        }
        break;
      case "anyOf":
        if (!isList(limit) || depth >= MAX_BRANCH_DEPTH || !limit.some((branch) => plainlyAccepted(value, branch, read, referenced, depth + 1))) return false;
        break;
      case "$ref":
        // Followed by plainlyAccepted.
        break;
      case "additionalItems":
        // Read with a list "items"; it applies to nothing otherwise.
        break;
      default:
        if (!INERT.has(key) && JSON_SCHEMA_KEYWORDS.has(key)) return false;
    }
  }
  return true;
}

/** A map value's keys against "properties" and "additionalProperties" ("patternProperties" is the validator's). */
function propertiesPlain(value: Readonly<Record<string, unknown>>, schema: MapLike, read: MapReader, values: unknown[], schemas: unknown[]): boolean {
  const properties = read.get(schema, "properties");
  const additional = read.get(schema, "additionalProperties");
  if (properties !== undefined && !read.isMap(properties)) return false;
  for (const key of Object.keys(value)) {
    const against = properties !== undefined && read.has(properties, key) ? read.get(properties, key) : additional;
    if (against === undefined) continue;
    values.push(value[key]);
    schemas.push(against);
  }
  return true;
}
