// surface-drift (src/server/surface-drift.ts), one case per way a Wymcp server's tools/list
// entry and help answer can disagree, each beside its near miss. The whole path through a
// real server is in server.test.ts.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { HelpAnswer } from "../../src/server/help-contract.js";
import type { ListedTool } from "../../src/server/listed-tool.js";
import { surfaceDrift } from "../../src/server/surface-drift.js";

const ACTIONS = {
  search: { description: "Search the catalogue", properties: {}, required: [] },
  order: { description: "Place an order", properties: {}, required: [] },
};
const ANSWER: HelpAnswer = { tool: "catalogue", description: "The catalogue", actions: ACTIONS };

/** The tools/list entry Wymcp builds for ANSWER, with `action` changed as given. */
function listed(action: Record<string, unknown> | null, name = "catalogue"): ListedTool {
  const base = { type: "string", enum: ["order", "search"], description: "order: Place an order\nsearch: Search the catalogue" };
  const properties = action === null ? { data: { type: "object" } } : { action: { ...base, ...action }, data: { type: "object" } };
  return { name, description: "The catalogue", inputSchema: { type: "object", required: ["action"], properties } };
}

function drift(tool: ListedTool, answer: HelpAnswer = ANSWER): [string | null, string][] {
  return surfaceDrift(tool, answer).map((o) => [o.action, o.message]);
}

test("the surfaces Wymcp builds from one declaration agree", () => {
  assert.deepEqual(drift(listed({})), []);
});

test("an action only help declares, an action only the enum lists: one offence each, on that action", () => {
  const missing = drift(listed({ enum: ["search"], description: "search: Search the catalogue" }));
  assert.deepEqual(missing, [["order", `help declares the action "order", but tools/list's action enum does not list it`]]);
  const extra = drift(listed({ enum: ["order", "refund", "search"], description: "order: Place an order\nrefund: Refund\nsearch: Search the catalogue" }));
  assert.deepEqual(extra, [["refund", `tools/list's action enum lists "refund", but help declares no such action`]]);
});

test("a summary that differs: an offence on its action; the same lines in another order: one on the tool", () => {
  assert.deepEqual(drift(listed({ description: "order: Place an order\nsearch: Search everything" })), [
    ["search", `tools/list's action description has no line "search: Search the catalogue", help's summary of the action`],
  ]);
  const reordered = drift(listed({ description: "search: Search the catalogue\norder: Place an order" }));
  assert.equal(reordered.length, 1);
  assert.equal(reordered[0]?.[0], null);
});

test("the same names in another order, or twice: the enum is not the sorted list (tool level)", () => {
  for (const names of [
    ["search", "order"],
    ["order", "search", "search"],
  ]) {
    const found = drift(listed({ enum: names }));
    assert.equal(found.length, 1, names.join());
    assert.match(found[0]?.[1] as string, /is not the sorted list of the action names \["order", "search"\]$/);
  }
  // Elixir's order is by bytes: "Z" before "a", "é" after "z".
  const actions = { a: ACTIONS.search, Z: ACTIONS.search, é: ACTIONS.search };
  const lines = "Z: Search the catalogue\na: Search the catalogue\né: Search the catalogue";
  assert.deepEqual(drift(listed({ enum: ["Z", "a", "é"], description: lines }), { ...ANSWER, actions }), []);
});

test("help answering about another tool, or a listed schema without the action property: tool level", () => {
  assert.deepEqual(drift(listed({}), { ...ANSWER, tool: "shop" }), [[null, `tools/list names the tool "catalogue", but help answers for it with the tool "shop"`]]);
  const [shape] = drift(listed(null));
  assert.equal(shape?.[0], null);
  assert.match(shape?.[1] as string, /has no "action" property/);
  const [notList] = drift(listed({ enum: "order,search" }));
  assert.match(notList?.[1] as string, /enum must be the list of the tool's action names; got "order,search"/);
});

test("a description with a line break agrees when both surfaces carry it (the chain reports the newline)", () => {
  const actions = { ...ACTIONS, search: { ...ACTIONS.search, description: "Search\nthe catalogue" } };
  assert.deepEqual(drift(listed({ description: "order: Place an order\nsearch: Search\nthe catalogue" }), { ...ANSWER, actions }), []);
});

test("summaries joined another way (no line matches any summary): one offence on the tool, not one per action", () => {
  const joined = drift(listed({ description: "order: Place an order; search: Search the catalogue" }));
  assert.equal(joined.length, 1);
  assert.equal(joined[0]?.[0], null);
  assert.match(joined[0]?.[1] as string, /holds none of help's summaries/);
});
