// duplicate-tool over named tools: the first of a directory owns a name; an Elixir script's
// tools are compared with its own only.

import assert from "node:assert/strict";
import { test } from "node:test";
import { duplicateToolOffences } from "../../src/lint/duplicate-tools.js";

const messages = (tools: Parameters<typeof duplicateToolOffences>[0]): (string | null)[] => duplicateToolOffences(tools).map((o) => o?.message ?? null);

test("a later tool of the same directory with a name taken is told which file owns it", () => {
  assert.deepEqual(
    messages([
      { directory: "/p/lib", file: "lib/a.ex", tool: "t" },
      { directory: "/p/lib", file: "lib/b.ex", tool: "t" },
      { directory: "/p/other", file: "other/c.ex", tool: "t" },
    ]),
    [null, 'the tool name "t" is already used by "lib/a.ex" in the same directory', null],
  );
});

test("an Elixir script's tools clash only with the same script's, and are told it is the same file", () => {
  assert.deepEqual(
    messages([
      { directory: "/p/test", file: "test/a_test.exs", tool: "t" },
      { directory: "/p/test", file: "test/a_test.exs", tool: "t" },
      { directory: "/p/test", file: "test/b_test.exs", tool: "t" },
      { directory: "/p/test", file: "test/c.ex", tool: "t" },
    ]),
    [null, 'the tool name "t" is already used by an earlier tool module of the same file', null, null],
  );
});
