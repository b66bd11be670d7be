// Regressions found by the key-order property (test/core/properties.test.ts): a map
// shared by two places of a declaration (a module can share; JSON cannot) was walked once,
// at whichever place the input's key order met first, and in the role met first only.

import assert from "node:assert/strict";
import { test } from "node:test";
import { checkActions } from "../../src/index.js";

function summary(actions: Record<string, unknown>): string[] {
  return checkActions(actions).map((o) => `${o.code} ${o.location}: ${o.message}`);
}

test("a shared broken schema is reported at the same place whatever the key order", () => {
  const shared = { properties: 5 };
  const ab = summary({ x: { description: "d", properties: { a: shared, b: shared } } });
  const ba = summary({ x: { description: "d", properties: { b: shared, a: shared } } });
  assert.deepEqual(ab, [`wrong-type :properties["a"]: "properties" must be a map of property names to schemas; got 5`]);
  assert.deepEqual(ba, ab);
});

test("a map shared as a schema and as a properties map is held to both shapes", () => {
  // As a schema, {"items": []} is fine (a tuple); as a properties map, its "items" is a
  // property whose schema is a list: wrong-type. Met first as a schema, it used to pass.
  const shared = { items: [] };
  const expected = [`wrong-type :properties["q"]["properties"]: property schema "items" must be a map; got a list`];
  assert.deepEqual(summary({ x: { description: "d", properties: { p: { items: shared }, q: { properties: shared } } } }), expected);
  assert.deepEqual(summary({ x: { description: "d", properties: { q: { properties: shared }, p: { items: shared } } } }), expected);
});

test("shared default data is reported at the same place whatever the key order", () => {
  const schema = { properties: {} };
  const data = { zzz: 1 };
  const ab = summary({ x: { description: "d", properties: { a: schema, b: schema }, defaults: { a: data, b: data } } });
  const ba = summary({ x: { description: "d", properties: { b: schema, a: schema }, defaults: { b: data, a: data } } });
  assert.equal(ab.length, 1);
  assert.match(ab[0] as string, /^undeclared-default :defaults\["a"\]/);
  assert.deepEqual(ba, ab);
});

test("which edge of a cycle is reported does not depend on the key order", () => {
  const loop: Record<string, unknown> = { type: "object" };
  const node = { properties: { a: loop, b: loop } };
  loop["items"] = node;
  const first = summary({ x: { description: "d", properties: { n: node } } });
  const reordered: Record<string, unknown> = { type: "object" };
  const node2 = { properties: { b: reordered, a: reordered } };
  reordered["items"] = node2;
  assert.equal(first.length, 1);
  assert.match(first[0] as string, /^cycle /);
  assert.deepEqual(summary({ x: { description: "d", properties: { n: node2 } } }), first);
});
