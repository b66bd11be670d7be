// The action-schema invariant, pinned the way the seed's three clauses ask: unknown
// implies rejected; known implies validated (one cell per key, derived from the
// accessor); restated implies pinned (the JSON Schema and the docs catalogue against the
// vocabulary; the TypeScript type is pinned at compile time in types.test.ts).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { actionSchemaKeys, mandatoryActionSchemaKeys } from "../src/index.js";
import { actionOffences } from "../src/core/chain.js";
import { repoPath } from "./support/paths.js";

const VALID = { description: "Search the catalogue", properties: { q: { type: "string" } } };

// A value of the wrong type for every key: each key is a string, a map or a list.
const WRONG_TYPE = 12345;

for (const key of actionSchemaKeys()) {
  test(`known implies validated: ${key} rejects a wrong-type value`, () => {
    const offences = actionOffences("search", { ...VALID, [key]: WRONG_TYPE });
    assert.deepEqual(
      offences.map((o) => [o.code, o.path]),
      [["wrong-type", [key]]],
    );
    assert.match(offences[0]?.message ?? "", /got 12345/);
  });
}

test("unknown implies rejected: every key outside the vocabulary", () => {
  for (const key of ["descriptoin", "type", "inputSchema", "__proto__", "toString", "Description", ""]) {
    const schema = JSON.parse(JSON.stringify(VALID));
    Object.defineProperty(schema, key, { value: "x", enumerable: true });
    assert.deepEqual(
      actionOffences("search", schema).map((o) => [o.code, o.path]),
      [["unknown-key", [key]]],
      key,
    );
  }
});

test("the mandatory keys are part of the vocabulary, and each one's absence is reported", () => {
  for (const key of mandatoryActionSchemaKeys()) {
    assert.ok(actionSchemaKeys().includes(key));
    const schema: Record<string, unknown> = { ...VALID };
    delete schema[key];
    assert.deepEqual(
      actionOffences("search", schema).map((o) => [o.code, o.path]),
      [["missing-key", [key]]],
    );
  }
});

test("restated implies pinned: schemas/action-file.schema.json has exactly the vocabulary", () => {
  const schema = JSON.parse(readFileSync(repoPath("schemas/action-file.schema.json"), "utf8"));
  const actionSchema = schema.definitions.actionSchema;
  assert.deepEqual(Object.keys(actionSchema.properties), [...actionSchemaKeys()]);
  assert.deepEqual(actionSchema.required, [...mandatoryActionSchemaKeys()]);
  assert.equal(actionSchema.additionalProperties, false);
});

test("restated implies pinned: the docs catalogue has one bullet per key, in order", () => {
  const doc = readFileSync(repoPath("docs/action-schema-format.md"), "utf8");
  const section = doc.split(/^## /m).find((s) => s.startsWith("The keys"));
  assert.ok(section, 'docs/action-schema-format.md has a "## The keys" section');
  const bullets = [...section.matchAll(/^- \*\*`([^`]+)`\*\* — \*([^*]+)\*/gm)];
  assert.deepEqual(
    bullets.map((m) => m[1]),
    [...actionSchemaKeys()],
  );
  for (const [, key, kind] of bullets) {
    const mandatory = (mandatoryActionSchemaKeys() as readonly string[]).includes(key as string);
    assert.equal(kind?.includes("mandatory"), mandatory, `${key}: "${kind}"`);
  }
});
