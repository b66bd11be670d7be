// tool-name (src/core/tool-name.ts) through the real CLI on a tools file read from stdin:
// each way a name breaks the MCP specification's rule, and the near misses that keep it.

import assert from "node:assert/strict";
import { test } from "node:test";
import { cli } from "../support/cli.js";

/** The tool-name messages of a tools file listing one tool per name. */
async function nameOffences(names: readonly string[]): Promise<string[]> {
  const tools = names.map((name) => ({ name, description: "A tool", inputSchema: { type: "object" } }));
  const { stdout } = await cli(["--format", "json", "--stdin", "--stdin-filename", "server.tools.json"], { stdin: JSON.stringify({ tools }) });
  // biome-ignore lint/suspicious/noExplicitAny: reports are read through one loose type
  return JSON.parse(stdout).files.flatMap((f: any) => f.offences.filter((o: any) => o.code === "tool-name").map((o: any) => o.message));
}

test("names the MCP specification refuses: empty, white space, a space, too long, invisible, look-alike", async () => {
  const found = await nameOffences(["", "  ", "search orders", "a".repeat(129), "search\u200b", "sеarch", "tab\there"]);
  assert.equal(found.length, 7, found.join("\n"));
  for (const expected of [
    /^the tool name "" is empty; an MCP tool name is 1 to 128 characters/,
    /is only white space/,
    /"search orders" holds a space/,
    /is 129 characters long, over the 128/,
    /holds the invisible character U\+200B/,
    /holds "е" \(U\+0435\), which looks like a letter/,
    /holds the white-space character U\+0009/,
  ]) {
    assert.ok(
      found.some((message) => expected.test(message)),
      `${expected} in ${found.join("\n")}`,
    );
  }
});

test("near misses: 128 characters, and every allowed character", async () => {
  assert.deepEqual(await nameOffences(["a".repeat(128), "Search.orders-v2_X9", "x"]), []);
});
