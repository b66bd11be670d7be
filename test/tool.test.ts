// The published TypeScript types against the vocabulary. The assertions are types: if
// ActionSchema's key set or its mandatory/optional split drifts from the vocabulary, this
// file does not compile and `npm test` fails before any test runs.

import assert from "node:assert/strict";
import { test } from "node:test";
import { defineTool, type ActionSchema, type ActionSchemaKey, type MandatoryActionSchemaKey } from "../src/index.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

const keySetMatches: Equal<keyof ActionSchema, ActionSchemaKey> = true;
const mandatorySplitMatches: Equal<RequiredKeys<ActionSchema>, MandatoryActionSchemaKey> = true;

test("ActionSchema's keys and mandatory split equal the vocabulary's (checked by the compiler)", () => {
  assert.equal(keySetMatches, true);
  assert.equal(mandatorySplitMatches, true);
});

test("defineTool keeps the declaration as written and types it", () => {
  const tool = defineTool({
    name: "catalogue",
    description: "Search and order",
    actions: () => ({ search: { description: "Search", properties: { q: { type: "string" } }, required: ["q"] } }),
  });
  assert.equal(tool.name, "catalogue");
  // @ts-expect-error: an unknown key is a compile error for typed authors too.
  defineTool({ name: "x", description: "y", actions: { a: { description: "d", properties: {}, descriptoin: "typo" } } });
});
