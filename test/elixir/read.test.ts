// The static reader's evaluator (src/elixir/read.ts) on the reader fixture project
// (test/fixtures/elixir/reader/): the reason each dynamic-declaration names, aliases and imports
// written inside a body, a map's field, and the place of each word of ~w; and the same modules
// as Elixir computes them (--elixir-eval), where the reader must agree (no reader-mismatch).

import assert from "node:assert/strict";
import { before, test } from "node:test";
import { readElixirText } from "../../src/elixir/index.js";
import { noMix, readByElixir, readStatically } from "../support/elixir-reader.js";
import { repoPath } from "../support/paths.js";

let byElixir = new Map<string, string[]>();

before(async () => {
  if (noMix === false) byElixir = await readByElixir();
});

test("a function an import brings in is not followed, and the reason names the import", async () => {
  assert.deepEqual(await readStatically("reasons"), [
    "dynamic-declaration imported 11:56 the value of :properties is built at run time (a call of query/0, which `import Reader.Schemas` may bring in: imported functions are not followed), so it was not checked",
  ]);
});

test("a field access of a key the map does not hold is no value: Elixir raises KeyError, and the reason says so", async () => {
  assert.deepEqual(await readStatically("missing_field"), [
    "dynamic-declaration missing 12:66 the value of :notes is built at run time (a field access .notes of a map that holds no key :notes: Elixir raises KeyError), so it was not checked",
  ]);
});

test("near misses: an alias written in the body, a field the map holds, an import whose only: leaves the name out are read", async () => {
  assert.deepEqual(await readStatically("followed"), []);
});

test("each word of ~w is placed where it is written, exact; in a heredoc, at the sigil, not exact", async () => {
  assert.deepEqual(await readStatically("words"), [
    'undeclared heredoc 12:69 (not exact) "required" entry 0 names "delta", which "properties" does not declare',
    // Two spaces, an escaped space (\x20) and an interpolation: each word at its first character.
    'undeclared inline 11:85 "required" entry 1 names "alpha", which "properties" does not declare',
    'undeclared inline 11:94 "required" entry 2 names "beta", which "properties" does not declare',
    'undeclared inline 11:99 "required" entry 3 names "gamma", which "properties" does not declare',
  ]);
});

test("Elixir computes the same modules as the reader reads them: no reader-mismatch, the KeyError raised", { skip: noMix }, async () => {
  assert.ok(byElixir.size >= 5, "every tool module evaluated");
  assert.ok(![...byElixir.values()].flat().some((line) => line.startsWith("reader-mismatch")));
  assert.deepEqual(byElixir.get("words.ex"), await readStatically("words"));
  assert.deepEqual(byElixir.get("followed.ex"), []);
  // What the reader does not follow, Elixir computes: a clean value.
  assert.deepEqual(byElixir.get("reasons.ex"), []);
  assert.match(byElixir.get("missing_field.ex")?.[0] ?? "", /^load-error - 12:5 .*\*\* \(KeyError\) key :notes not found/);
  assert.deepEqual(byElixir.get("texts.ex"), await readStatically("texts"));
  // Values written in another module: placed there, as the reader reads them (index.test.ts).
  assert.deepEqual(byElixir.get("elsewhere.ex"), await readStatically("elsewhere"));
  // Held back: what Elixir computes of the pipe takes the stand-in's place, and the same checks run.
  assert.deepEqual(
    byElixir.get("held.ex"),
    (await readStatically("held")).filter((line) => !line.startsWith("dynamic-declaration")),
  );
});

test("an alias written in a body is in force from there on: a module not found is named by its full name", async () => {
  const text = [
    "defmodule T do",
    "  use Wymcp.Tool",
    '  def name, do: "t"',
    '  def description, do: "T"',
    "  def actions do",
    "    alias Elsewhere.Schemas, as: S",
    '    %{a: %{description: "A", properties: S.query()}}',
    "  end",
    "end",
    "",
  ].join("\n");
  const read = await readElixirText(repoPath("test/fixtures/elixir/reader/lib/scratch.ex"), text);
  assert.deepEqual(
    read.tools.flatMap((lint) => lint.offences.map((o) => o.message)),
    ["the value of :properties is built at run time (a call of Elsewhere.Schemas.query/0, a module not found in the project's source folders), so it was not checked"],
  );
});
