// The value check (src/core/value-check.ts): values against their schemas by the JSON Schema
// validator, worded by the linter (json-schema/explain.ts), with the measured false alarms of
// the hand-written check it replaced gone (docs/codes/value-mismatch.md); the keywords it now
// reads, each with its message; "format" by the dialect; what it leaves unjudged; and a tool
// module's values (Maps, bigints, cycles) read as JSON would carry them.

import assert from "node:assert/strict";
import { test } from "node:test";
import { jsonEqual } from "../../src/core/json-equal.js";
import { ANY_MAP, type MapReader, PLAIN_DATA } from "../../src/core/map.js";
import { type JudgedProblem, valueJudge } from "../../src/core/value-check.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema";

/** The problem of `value` against the property schema `schema` of a one-property action (its document). */
function problem(schema: Record<string, unknown>, value: unknown, read: MapReader = PLAIN_DATA): JudgedProblem | null {
  const document = { description: "An action", properties: { p: schema } };
  return valueJudge(document, read, true).problem(value, schema);
}

const message = (schema: Record<string, unknown>, value: unknown): string | undefined => problem(schema, value)?.message;

test("what the hand-written check got wrong is right: multipleOf by decimals, emails, prefixItems, $ref's siblings in draft-07, format in 2020-12", () => {
  const cents = { type: "number", multipleOf: 0.01 };
  for (const price of [0.07, 19.99, 0.1, 1e-2, 100]) assert.equal(problem(cents, price), null, `${price}`);
  assert.equal(message(cents, 0.075), `0.075 is no multiple of 0.01 ("multipleOf")`);
  const email = { type: "string", format: "email" };
  for (const address of ['"john doe"@example.com', "joe@[127.0.0.1]", "joe@[IPv6:::1]", "o'brien@example.com"]) assert.equal(problem(email, address), null, address);
  assert.deepEqual(problem(email, "joe@"), { at: [], message: `"joe@" is not a valid "email"`, formats: { holds: "assert", dialect: "assert" } });
  // 2020-12: "items" applies past "prefixItems" only.
  assert.equal(problem({ $schema: DRAFT_2020, type: "array", prefixItems: [{ type: "integer" }], items: { type: "string" } }, [1, "a"]), null);
  assert.equal(message({ $schema: DRAFT_2020, type: "array", prefixItems: [{ type: "integer" }], items: { type: "string" } }, [1, 2]), "is 2, not a string");
  // Without "$schema", "prefixItems" makes a schema 2020-12 (draft-07 would ignore it and read "items" at every place).
  assert.equal(problem({ type: "array", prefixItems: [{ type: "integer" }], items: { type: "string" } }, [1, "a"]), null);
  // draft-07 ignores the siblings of "$ref"; 2020-12 applies them.
  const referred = { type: "integer", maximum: 100 };
  const document = { description: "An action", properties: { limit: referred, page: { $ref: "#/properties/limit", maximum: 5 } } };
  const page = document.properties.page;
  assert.equal(valueJudge(document, PLAIN_DATA, true).problem(50, page), null);
  const modern = { ...document, properties: { ...document.properties, page: { ...page, $schema: DRAFT_2020 } } };
  assert.equal(valueJudge(modern, PLAIN_DATA, true).problem(50, modern.properties.page)?.message, `50 is above 5 ("maximum")`);
  // 2020-12: "format" is an annotation, reported only when asked (formats, below).
  assert.deepEqual(problem({ $schema: DRAFT_2020, type: "string", format: "date" }, "yesterday")?.formats, { holds: "assert", dialect: "annotate" });
});

test("each keyword the hand-written check left alone is judged, in the linter's words", () => {
  const cases: [Record<string, unknown>, unknown, string, (string | number)[]?][] = [
    [{ anyOf: [{ type: "string" }, { type: "integer" }] }, 1.5, `1.5 matches none of the "anyOf" schemas`],
    [{ oneOf: [{ type: "number" }, { type: "integer" }] }, 1, `1 matches 2 of the "oneOf" schemas, not exactly one`],
    [{ oneOf: [{ type: "string" }, { type: "boolean" }] }, 1, `1 matches none of the "oneOf" schemas`],
    [{ allOf: [{ type: "integer" }, { minimum: 5 }] }, 3, `3 is below 5 ("minimum")`],
    [{ not: { type: "string" } }, "s", `"s" matches the "not" schema, which it must not`],
    // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, never awaited
    [{ if: { type: "string" }, then: { minLength: 3 } }, "ab", `"ab" is 2 characters long, under "minLength" 3`],
    [{ if: { type: "string" }, else: { minimum: 0 } }, -1, `-1 is below 0 ("minimum")`],
    [{ type: "object", required: ["id"] }, {}, `lacks the required key "id"`],
    [{ type: "object", properties: { a: {} }, additionalProperties: false }, { a: 1, b: 2 }, `the key "b" is not allowed: "additionalProperties" is false`],
    [{ type: "object", additionalProperties: { type: "integer" } }, { a: "x" }, `is "x", not an integer`, ["a"]],
    [{ type: "array", uniqueItems: true }, [1, { a: 1 }, { a: 1 }], `entries 1 and 2 of the list are equal ("uniqueItems")`],
    [{ type: "array", contains: { type: "string" } }, [1, 2], `the list has no entry the "contains" schema accepts`],
    [{ enum: [] }, 1, `1 is refused: "enum" is empty, so no value is allowed`],
    [{ allOf: [false] }, 1, `1 is refused: the schema here is false, so no value is allowed`],
    [{ type: "object", properties: { gone: false } }, { gone: 1 }, `the key "gone" is not allowed: its schema is false`],
    [{ type: "object", propertyNames: { maxLength: 2 } }, { ab: 1, abc: 2 }, `the key "abc" is refused by "propertyNames": "abc" is 3 characters long, over "maxLength" 2`],
    [{ type: "object", minProperties: 2 }, { a: 1 }, `the map has 1 key, under "minProperties" 2`],
    [{ type: "object", dependencies: { card: ["billing"] } }, { card: 1 }, `has "card" but not "billing", which "dependencies" asks for beside it`],
    [{ $schema: DRAFT_2020, type: "object", dependentRequired: { card: ["billing"] } }, { card: 1 }, `has "card" but not "billing", which "dependentRequired" asks for beside it`],
    [{ $schema: DRAFT_2020, type: "array", contains: { type: "string" }, minContains: 2 }, ["a", 1], `the list has 1 entry the "contains" schema accepts, under "minContains" 2`],
    [{ $schema: DRAFT_2020, type: "array", prefixItems: [{}], items: false }, [1, 2], `entry 1 is not allowed: "items" is false`],
    [{ $schema: DRAFT_2020, type: "object", properties: { a: {} }, unevaluatedProperties: false }, { a: 1, b: 2 }, `the key "b" is not allowed: "unevaluatedProperties" is false`],
    [{ type: "string", pattern: "^[a-z]+$" }, "A1", `"A1" does not match "pattern" "^[a-z]+$"`],
    [{ const: "on" }, "off", `"off" is not the "const" value "on"`],
    [{ type: "array", items: { type: "string" }, maxItems: 1 }, ["a", "b"], `the list has 2 items, over "maxItems" 1`],
  ];
  for (const [schema, value, expected, at = []] of cases) assert.deepEqual(problem(schema, value), { at, message: expected }, JSON.stringify(schema));
});

test("references within the action schema are followed, and the first problem is the outermost, keys in code-unit order whatever the input's", () => {
  const node = { type: "object", properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/properties/tree" } } }, required: ["name"] };
  const document = { description: "An action", properties: { tree: node } };
  const judge = valueJudge(document, PLAIN_DATA, true);
  assert.equal(judge.problem({ name: "root", children: [{ name: "leaf", children: [] }] }, node), null);
  assert.deepEqual(judge.problem({ name: "root", children: [{ name: "leaf", children: [{ name: 3 }] }] }, node), {
    at: ["children", 0, "children", 0, "name"],
    message: "is 3, not a string",
  });
  const schema = { properties: { a: { type: "string" }, b: { type: "string" } } };
  const expected = { at: ["a"], message: "is 1, not a string" };
  assert.deepEqual(problem(schema, { a: 1, b: 2 }), expected);
  assert.deepEqual(problem(schema, { b: 2, a: 1 }), expected);
  assert.deepEqual(problem({ type: "object", required: ["x"], properties: { a: { type: "string" } } }, { a: 1 }), { at: [], message: `lacks the required key "x"` });
});

test("a default's keys the closure refuses are the defaults check's: left to it where the key-set walk reaches, reported beyond", () => {
  const closed = { type: "object", properties: { a: { type: "integer" } }, additionalProperties: false };
  const either = { anyOf: [closed] };
  const judge = valueJudge({ description: "An action", properties: { p: closed, q: either } }, PLAIN_DATA, true);
  assert.equal(judge.problem({ a: 1, b: 2 }, closed, true), null);
  assert.deepEqual(judge.problem({ a: 1, b: 2 }, closed), { at: [], message: `the key "b" is not allowed: "additionalProperties" is false` });
  assert.deepEqual(judge.problem({ a: "one", b: 2 }, closed, true), { at: ["a"], message: `is "one", not an integer` });
  assert.equal(judge.problem({ a: 1, b: 2 }, either, true)?.message, `a map matches none of the "anyOf" schemas`);
});

test("a problem that depends on how format is read says which reading it holds under", () => {
  // The one reading under which "not" a format fails: "format" an annotation makes {"not": {}}.
  assert.deepEqual(problem({ $schema: DRAFT_07, not: { format: "email" } }, "not an address"), {
    at: [],
    message: `"not an address" matches the "not" schema, which it must not`,
    formats: { holds: "annotate", dialect: "assert" },
  });
  // A problem under both readings carries none.
  assert.deepEqual(problem({ $schema: DRAFT_2020, type: "integer", format: "email" }, "x"), { at: [], message: `is "x", not an integer` });
  // Formats the dialect does not define are unknown to it, and never asserted.
  assert.equal(problem({ type: "string", format: "uuid" }, "not-a-uuid"), null);
  assert.deepEqual(problem({ $schema: DRAFT_2020, type: "string", format: "uuid" }, "not-a-uuid")?.formats, { holds: "assert", dialect: "annotate" });
  assert.equal(problem({ type: "string", format: "url" }, "http://localhost:8080"), null);
});

test("what cannot be judged is not reported: another dialect, $dynamicRef, another document, a document that refers to itself, an invalid pattern", () => {
  assert.equal(problem({ $schema: "http://json-schema.org/draft-04/schema#", type: "string" }, 1), null);
  assert.equal(problem({ $schema: DRAFT_2020, $dynamicRef: "#meta", type: "string" }, 1), null);
  assert.equal(problem({ $ref: "https://example.com/schema.json", type: "string" }, 1), null);
  assert.equal(problem({ type: "string", pattern: "(" }, "x"), null);
  const schema: Record<string, unknown> = { type: "object", properties: {} };
  (schema["properties"] as Record<string, unknown>)["self"] = schema;
  const value: Record<string, unknown> = {};
  value["self"] = value;
  assert.equal(problem(schema, value, ANY_MAP), null);
});

test("a module's values: Maps read as maps, and a value JSON cannot carry named, never serialized", () => {
  const schema = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };
  assert.equal(problem(schema, new Map([["n", 1]]), ANY_MAP), null);
  assert.deepEqual(problem(schema, new Map([["n", "one"]]), ANY_MAP), { at: ["n"], message: `is "one", not an integer` });
  assert.deepEqual(problem({ enum: [""] }, 0n, ANY_MAP), { at: [], message: "is the bigint 0, which JSON cannot carry" });
  assert.deepEqual(problem({ type: "array" }, [1, Symbol("s")], ANY_MAP), { at: [1], message: "is Symbol(s), which JSON cannot carry" });
  assert.deepEqual(problem({}, { a: Number.NaN }, ANY_MAP), { at: ["a"], message: "is NaN, which JSON cannot carry" });
  const shared = new Map<unknown, unknown>([["const", new Map([["a", 1]])]]);
  assert.deepEqual(problem(shared as unknown as Record<string, unknown>, {}, ANY_MAP), { at: [], message: `a map is not the "const" value a map` });
});

test("jsonEqual ends on cycles: two of the same shape are equal, of different shapes not", () => {
  const cycle = (extra: unknown): Record<string, unknown> => {
    const o: Record<string, unknown> = { extra };
    o["self"] = o;
    return o;
  };
  assert.equal(jsonEqual(cycle(1), cycle(1)), true);
  assert.equal(jsonEqual(cycle(1), cycle(2)), false);
});

test("a value of more than 10,000 values is judged by its first failure in the schema's order, with no error made for each entry", () => {
  // Short-circuited: "b" comes first in the schema, where a value of a few values reports "a", first in code-unit order.
  const schema = { type: "object", properties: { b: { type: "string" }, a: { type: "string" } } };
  assert.deepEqual(problem(schema, { a: 1, b: 1 }), { at: ["a"], message: "is 1, not a string" });
  assert.deepEqual(problem(schema, { a: 1, b: 1, pad: Array.from({ length: 10_000 }, () => 0) }), { at: ["b"], message: "is 1, not a string" });
  assert.deepEqual(
    problem(
      { type: "array", items: { type: "string" } },
      Array.from({ length: 300_000 }, (_, i) => i),
    ),
    { at: [0], message: "is 0, not a string" },
  );
});
