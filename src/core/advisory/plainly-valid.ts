// A fast, strict sufficient condition for invalid-schema's meta-schema validation: a schema
// whose every keyword is one of the common ones, with a value both draft-07's and 2020-12's
// meta-schemas accept, is valid in either, and the generated validator (which looks up every
// keyword of the dialect on every subschema) need not run. Anything else (a keyword not in
// this table, a value in doubt) answers false, and the validator decides. Keys that are no
// keyword are accepted, as both meta-schemas accept them. A tuple "items" (a list of schemas)
// is valid in draft-07 only, so it passes only when the caller validates with draft-07.
// Iterative: any depth.

import { isList, type MapLike, type MapReader } from "../map.js";
import { JSON_SCHEMA_KEYWORDS } from "../json-schema-keywords.js";

type Rule = "items" | "string" | "number" | "positive" | "count" | "boolean" | "any" | "list" | "type" | "enum" | "names" | "schema" | "schemas" | "named";

const SIMPLE_TYPES = new Set(["array", "boolean", "integer", "null", "number", "object", "string"]);

const RULES: ReadonlyMap<string, Rule> = new Map<string, Rule>([
  ...(["description", "title", "$comment", "format", "pattern", "$schema", "$ref", "contentMediaType", "contentEncoding"] as const).map((k) => [k, "string"] as const),
  ...(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const).map((k) => [k, "number"] as const),
  ["multipleOf", "positive"],
  ...(["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains"] as const).map((k) => [k, "count"] as const),
  ...(["uniqueItems", "readOnly", "writeOnly", "deprecated"] as const).map((k) => [k, "boolean"] as const),
  ["default", "any"],
  ["const", "any"],
  ["examples", "list"],
  ["type", "type"],
  ["enum", "enum"],
  ["required", "names"],
  ["items", "items"],
  ...(["additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema"] as const).map(
    (k) => [k, "schema"] as const,
  ),
  ...(["allOf", "anyOf", "oneOf", "prefixItems"] as const).map((k) => [k, "schemas"] as const),
  ...(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"] as const).map((k) => [k, "named"] as const),
]);

const isPrimitive = (v: unknown): boolean => v === null || typeof v !== "object";

/** Whether the values of `list` are distinct primitives (so uniqueness needs no deep comparison). */
function distinctPrimitives(list: readonly unknown[]): boolean {
  return list.every(isPrimitive) && new Set(list).size === list.length;
}

/** Whether `root` is valid by the table; `tuples`: the dialect is draft-07, which accepts a tuple "items". */
export function plainlyValid(root: MapLike, read: MapReader, tuples = false): boolean {
  const stack: MapLike[] = [root];
  // A module's maps may be shared or form a cycle (through "anyOf", say): each is read once.
  const seen: Set<object> | null = read.plainData ? null : new Set([root]);
  const push = (value: unknown): boolean => {
    if (typeof value === "boolean") return true;
    if (!read.isMap(value)) return false;
    if (seen !== null) {
      if (seen.has(value)) return true;
      seen.add(value);
    }
    stack.push(value);
    return true;
  };
  while (stack.length > 0) {
    const schema = stack.pop() as MapLike;
    for (const key of read.keys(schema)) {
      const rule = RULES.get(key);
      if (rule === undefined) {
        if (JSON_SCHEMA_KEYWORDS.has(key)) return false;
        continue;
      }
      const value = read.get(schema, key);
      if (!fits(rule, value, read, push, tuples)) return false;
    }
  }
  return true;
}

function fits(rule: Rule, value: unknown, read: MapReader, push: (value: unknown) => boolean, tuples: boolean): boolean {
  switch (rule) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "positive":
      return typeof value === "number" && value > 0;
    case "count":
      return Number.isInteger(value) && (value as number) >= 0;
    case "boolean":
      return typeof value === "boolean";
    case "any":
      return true;
    case "list":
      return isList(value);
    case "type":
      return typeof value === "string"
        ? SIMPLE_TYPES.has(value)
        : isList(value) && value.length > 0 && value.every((t) => typeof t === "string" && SIMPLE_TYPES.has(t)) && distinctPrimitives(value);
    case "enum":
      return isList(value) && value.length > 0 && distinctPrimitives(value);
    case "names":
      return isList(value) && value.every((n) => typeof n === "string") && distinctPrimitives(value);
    case "items":
      // A tuple (a list): draft-07's schemaArray, at least one schema.
      return isList(value) ? tuples && value.length > 0 && value.every(push) : push(value);
    case "schema":
      return push(value);
    case "schemas":
      return isList(value) && value.length > 0 && value.every(push);
    case "named": {
      if (!read.isMap(value)) return false;
      for (const name of read.keys(value)) if (!push(read.get(value, name))) return false;
      return true;
    }
  }
}
