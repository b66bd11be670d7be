// Wymcp's help contract as the linter reads it (src/server/help-contract.ts): which listed
// tool is Wymcp's help (and its near misses), and which answers have the contract's shape.

import assert from "node:assert/strict";
import { test } from "node:test";
import { isWymcpHelp, readHelpAnswer } from "../../src/server/help-contract.js";

const HELP_SCHEMA = {
  type: "object",
  properties: { tool: { type: "string" }, action: { type: "string" } },
  additionalProperties: false,
};

test("Wymcp's help: the reserved name with the contract's input schema; near misses are plain tools", () => {
  assert.equal(isWymcpHelp({ name: "help", inputSchema: HELP_SCHEMA }), true);
  const { additionalProperties: _open, ...open } = HELP_SCHEMA;
  for (const [what, tool] of [
    ["another name", { name: "helper", inputSchema: HELP_SCHEMA }],
    ["additional properties allowed", { name: "help", inputSchema: open }],
    ["a third parameter", { name: "help", inputSchema: { ...HELP_SCHEMA, properties: { ...HELP_SCHEMA.properties, topic: { type: "string" } } } }],
    ["tool is not a string", { name: "help", inputSchema: { ...HELP_SCHEMA, properties: { ...HELP_SCHEMA.properties, tool: { type: "integer" } } } }],
    ["no properties", { name: "help", inputSchema: { type: "object", additionalProperties: false } }],
  ] as const) {
    assert.equal(isWymcpHelp(tool), false, what);
  }
});

const text = (value: string, extra: Record<string, unknown> = {}): unknown => ({ content: [{ type: "text", text: value }], ...extra });

test("an answer of the contract's shape is read; every other shape is a one-line problem", () => {
  const answer = { tool: "catalogue", description: "The catalogue", actions: { search: { description: "Search", properties: {}, required: [] } } };
  assert.deepEqual(readHelpAnswer(text(JSON.stringify(answer))), answer);
  const problems: [unknown, RegExp][] = [
    [text('{"error": "unknown_tool"}', { isError: true }), /^help answered an error: \{"error": "unknown_tool"\}$/],
    [{ content: "no list" }, /without a "content" list/],
    [{ content: [] }, /answered 0 content part\(s\), 0 of them text/],
    [
      {
        content: [
          { type: "text", text: "{}" },
          { type: "text", text: "{}" },
        ],
      },
      /answered 2 content part\(s\), 2 of them text/,
    ],
    [text("catalogue: search, order"), /a text that is not JSON: catalogue: search, order$/],
    [text("[1, 2]"), /help answered a list; the help contract is an object/],
    [text('{"description": "x", "actions": {}}'), /"tool" that is not a string: undefined/],
    [text('{"tool": "t", "description": 5, "actions": {}}'), /"description" that is not a string: 5/],
    [text('{"tool": "t", "description": "x", "actions": ["search"]}'), /"actions" that are not an object of action schemas: a list/],
    [text("\u001b[2J", { isError: true }), /^help answered an error: \\u\{1B\}\[2J$/],
  ];
  for (const [result, problem] of problems) {
    const read = readHelpAnswer(result);
    assert.ok("problem" in read, JSON.stringify(result));
    assert.match(read.problem, problem);
    assert.doesNotMatch(read.problem, /\n/);
  }
});
