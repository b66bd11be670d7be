// plainlyValid is a sufficient condition for the meta-schema validators: whatever it passes,
// both draft-07's and 2020-12's accept, on every property schema of the real corpus and on
// schemas near the edges of its table; and it passes most real schemas, or it saves nothing.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { plainlyValid } from "../../src/core/advisory/plainly-valid.js";
import { validate as draft07 } from "../../src/core/advisory/meta-schemas/draft-07.js";
import { validate as draft202012 } from "../../src/core/advisory/meta-schemas/draft-2020-12.js";
import { ANY_MAP, PLAIN_DATA, type MapLike } from "../../src/core/map.js";
import { repoPath } from "../support/paths.js";

function corpusSchemas(): unknown[] {
  const dir = repoPath("test/fixtures/real-mcp/actions-clean");
  return readdirSync(dir).flatMap((file) =>
    Object.entries(JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, { properties?: Record<string, unknown> }>)
      .filter(([name]) => name !== "$schema")
      .flatMap(([, action]) => Object.values(action.properties ?? {})),
  );
}

const EDGES: unknown[] = [
  { type: "str" },
  { type: ["string", "string"] },
  { type: [] },
  { enum: [] },
  { enum: [1, 1] },
  { enum: [{ a: 1 }, { a: 1 }] },
  { minLength: -1 },
  { minLength: 1.5 },
  { multipleOf: 0 },
  { items: [{ type: "string" }] },
  { anyOf: [] },
  { anyOf: [5] },
  { required: ["a", "a"] },
  { required: "a" },
  { $id: "https://example.com/a#frag" },
  { properties: { a: { type: "strin" } } },
  { $defs: { a: { minimum: "1" } } },
  { examples: "a" },
  { dependencies: { a: ["b"] } },
  // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, never awaited
  { not: true, if: false, then: { const: 1 }, else: {} },
];

test("plainlyValid implies validity in both dialects, and passes most real schemas", () => {
  const schemas = [...corpusSchemas(), ...EDGES];
  let passed = 0;
  for (const schema of schemas) {
    for (const read of [PLAIN_DATA, ANY_MAP]) {
      if (!plainlyValid(schema as MapLike, read)) continue;
      assert.ok(draft07(schema) && draft202012(schema), `passed but invalid: ${JSON.stringify(schema).slice(0, 200)}`);
      if (read === PLAIN_DATA) passed++;
    }
  }
  for (const edge of EDGES.slice(0, 15)) assert.equal(plainlyValid(edge as MapLike, PLAIN_DATA), false, JSON.stringify(edge));
  assert.ok(passed > schemas.length * 0.9, `only ${passed} of ${schemas.length} passed the fast path`);
});

test("with draft-07's tuples, plainlyValid still implies draft-07's validity, and passes a tuple of valid schemas", () => {
  const tuples: unknown[] = [
    { items: [{ type: "string" }, { type: "integer" }] },
    { type: "array", items: [true, { enum: ["a", "b"] }], uniqueItems: true },
    { properties: { a: { items: [{ type: "string" }] } } },
  ];
  const leftToValidator: unknown[] = [{ items: [] }, { items: [5] }, { items: [{ type: "strin" }] }, { items: [{ type: "string" }], additionalItems: false }];
  for (const schema of [...corpusSchemas(), ...EDGES, ...tuples, ...leftToValidator]) {
    for (const read of [PLAIN_DATA, ANY_MAP]) {
      if (plainlyValid(schema as MapLike, read, true)) assert.ok(draft07(schema), `passed but invalid: ${JSON.stringify(schema).slice(0, 200)}`);
    }
  }
  for (const schema of tuples) assert.equal(plainlyValid(schema as MapLike, PLAIN_DATA, true), true, JSON.stringify(schema));
  for (const schema of leftToValidator) assert.equal(plainlyValid(schema as MapLike, PLAIN_DATA, true), false, JSON.stringify(schema));
});
