// The value check on what a tool module may hold (src/core/value-check.ts): values JSON
// cannot carry are named, not serialized; a value and a schema that both cycle end; the
// first problem does not depend on key order. And jsonEqual, which it uses, ends on cycles.

import assert from "node:assert/strict";
import { test } from "node:test";
import { jsonEqual } from "../../src/core/json-equal.js";
import { ANY_MAP } from "../../src/core/map.js";
import { valueProblem } from "../../src/core/value-check.js";

test("a bigint or a symbol against an enum or a const is named in the message", () => {
  assert.deepEqual(valueProblem(0n, { enum: [""] }, ANY_MAP), { at: [], message: `0 is none of the "enum" values ""` });
  assert.deepEqual(valueProblem(Symbol("s"), { const: 1n }, ANY_MAP), { at: [], message: `Symbol(s) is not the "const" value 1` });
  assert.deepEqual(valueProblem({ a: 1 }, { enum: [{ b: 2 }] }, ANY_MAP), { at: [], message: `a map is none of the "enum" values a map` });
});

test("a value and a schema that both refer back to themselves end: no problem found", () => {
  const schema: Record<string, unknown> = { type: "object", properties: {} };
  (schema["properties"] as Record<string, unknown>)["self"] = schema;
  const value: Record<string, unknown> = {};
  value["self"] = value;
  assert.equal(valueProblem(value, schema, ANY_MAP), null);
});

test("the first problem is that of the first key in code-unit order, whatever the input's order", () => {
  const schema = { properties: { a: { type: "string" }, b: { type: "string" } } };
  const expected = { at: ["a"], message: "is 1, not a string" };
  assert.deepEqual(valueProblem({ a: 1, b: 2 }, schema, ANY_MAP), expected);
  assert.deepEqual(valueProblem({ b: 2, a: 1 }, schema, ANY_MAP), expected);
  assert.deepEqual(valueProblem([0, 1], { items: { type: "string" } }, ANY_MAP), { at: [0], message: "is 0, not a string" });
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
