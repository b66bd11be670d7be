// Depth: the walk and the defaults check are iterative, so 100,000 levels of nesting are
// checked without a stack overflow, both clean and with an offence at the bottom.

import assert from "node:assert/strict";
import { test } from "node:test";
import { checkActions } from "../../src/index.js";

const LEVELS = 100_000;

function deepSchema(levels: number, leaf: unknown): Record<string, unknown> {
  let schema: unknown = leaf;
  for (let i = 0; i < levels; i++) schema = { type: "object", properties: { n: schema } };
  return schema as Record<string, unknown>;
}

function deepDefault(levels: number, leaf: Record<string, unknown>): Record<string, unknown> {
  let value: Record<string, unknown> = leaf;
  for (let i = 0; i < levels; i++) value = { n: value };
  return value;
}

test(`${LEVELS} levels of nested properties lint clean`, () => {
  const actions = { deep: { description: "Deep", properties: { root: deepSchema(LEVELS, {}) } } };
  assert.deepEqual(checkActions(actions), []);
});

test(`an offence ${LEVELS} levels down is found, with its whole path`, () => {
  const actions = { deep: { description: "Deep", properties: { root: deepSchema(LEVELS, true) } } };
  const offences = checkActions(actions);
  assert.equal(offences.length, 1);
  const [offence] = offences;
  assert.equal(offence?.code, "wrong-type");
  assert.equal(offence?.path.length, 2 + 2 * (LEVELS - 1) + 1);
  assert.ok(offence?.location.startsWith(':properties["root"]["properties"]["n"]'));
});

test(`the defaults check descends ${LEVELS} levels`, () => {
  const properties = { root: deepSchema(LEVELS, { type: "object", properties: { leaf: {} } }) };
  const clean = { deep: { description: "Deep", properties, defaults: { root: deepDefault(LEVELS, { leaf: 1 }) } } };
  assert.deepEqual(checkActions(clean), []);
  const dirty = { deep: { description: "Deep", properties, defaults: { root: deepDefault(LEVELS, { leaf: 1, stray: 2 }) } } };
  assert.deepEqual(
    checkActions(dirty).map((o) => [o.code, o.path.length]),
    [["undeclared-default", 2 + LEVELS]],
  );
});
