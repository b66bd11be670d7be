// The Elixir parser's parse ahead (src/elixir/parser.ts): the first parse of the text parsed
// ahead takes that tree; any other text, and the same text again, is parsed anew.

import assert from "node:assert/strict";
import { test } from "node:test";
import { parseAhead, parseElixir } from "../../src/elixir/parser.js";

test("a parse ahead is taken by the first parse of the same text, once", async () => {
  const text = 'defmodule A do\n  def name, do: "a"\nend\n';
  const ahead = await parseAhead(text);
  const other = await parseElixir(`${text}\n`);
  assert.notEqual(other, ahead);
  assert.equal(await parseElixir(text), ahead);
  const again = await parseElixir(text);
  assert.notEqual(again, ahead);
  assert.equal(again.rootNode.text, text);
});
