// tool-name (src/core/tool-name.ts) through the real CLI: on a tools file read from stdin,
// each way a name breaks the MCP specification's rule, and the near misses that keep it; on
// Wymcp tools, a module's name, its action names and the rename --fix makes, and an action
// file's name (the action names' fixtures are in test/fixtures/chain/tool-name).

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { lintTool } from "../../src/core/lint-tool.js";
import { cli, tempDir } from "../support/cli.js";

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

interface JsonReport {
  readonly files: {
    readonly offences: { readonly code: string; readonly action: string | null; readonly line: number | null; readonly column: number | null; readonly fix: string }[];
  }[];
}

/** The tool-name offences of a JSON report, as "action@line:column: fix". */
function nameRows(stdout: string): string[] {
  const report = JSON.parse(stdout) as JsonReport;
  return report.files.flatMap((f) => f.offences.filter((o) => o.code === "tool-name").map((o) => `${o.action}@${o.line}:${o.column}: ${o.fix}`));
}

test("Wymcp tools: a module's name and its action names; --fix renames only the action whose name is evident", async () => {
  const dir = tempDir();
  const file = join(dir, "orders.tool.mjs");
  const source = [
    "export default {",
    '  name: "order desk",',
    '  description: "Orders",',
    "  actions: () => ({",
    '    "search orders": { description: "Search", properties: {} },',
    '    "sеarch": { description: "Look-alike", properties: {} },',
    '    list: { description: "List", properties: {} },',
    "  }),",
    "};",
    "",
  ].join("\n");
  writeFileSync(file, source);
  const { code, stdout } = await cli(["--format", "json", dir]);
  assert.equal(code, 1);
  assert.deepEqual(nameRows(stdout), [
    'null@2:9: Rename the tool to "order_desk", and update every client that calls it by name.',
    'search orders@5:5: Rename the action to "search_orders" (wymcp-lint --fix does), and update every caller.',
    'sеarch@6:5: Rename the action with those characters only, e.g. "search_orders", and update every caller.',
  ]);
  await cli(["--fix", dir]);
  // The tool keeps its name (renaming it may take another tool's), the look-alike is the author's.
  assert.equal(readFileSync(file, "utf8"), source.replace('"search orders"', '"search_orders"'));
  // The library's validating leaves the names' rule out, as it leaves out every check beside the chain.
  assert.deepEqual(lintTool({ name: "order desk", description: "d", actions: () => ({ "search orders": { description: "s", properties: {} } }) }).offences, []);
});

test("an action file's tool is named after the file: a name outside the rule is renamed by renaming the file", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "order desk.actions.json"), '{"list": {"description": "List", "properties": {}}}\n');
  writeFileSync(join(dir, "order_desk.v2-x.actions.json"), '{"list": {"description": "List", "properties": {}}}\n');
  const { stdout } = await cli(["--format", "json", dir]);
  assert.deepEqual(nameRows(stdout), ['null@null:null: Rename the tool by renaming the file to "order_desk", and update every client that calls it by name.']);
});
