// The checks only an Elixir tool's terms can fail (src/elixir/term-checks.ts), on the reader
// fixture project (test/fixtures/elixir/reader/): an action's description and notes are
// strings, and an atom is none.

import assert from "node:assert/strict";
import { test } from "node:test";
import { readStatically } from "../support/elixir-reader.js";

test("an atom where an action's description or notes should be a string is wrong-type; the strings are not", async () => {
  assert.deepEqual(await readStatically("texts"), [
    'wrong-type atoms 10:29 "description" must be a string; got the atom :version',
    'wrong-type atoms 10:63 "notes" must be a string; got the atom :later',
  ]);
});
