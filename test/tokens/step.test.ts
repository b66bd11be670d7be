// Token estimates (src/tokens/, docs/tokens.md) through the real CLI: none without the
// config's tokens; with it, each tool, Wymcp action and server estimated in the JSON report
// (o200k_base, offline), tool modules as action files, and token-budget on each one over its
// budget and on none at it.

import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { tokenCounter } from "../../src/tokens/count.js";
import { cli, tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

// biome-ignore lint/suspicious/noExplicitAny: reports are read through one loose type
type Json = any;

const ACTIONS = { find: { description: "Find entries", properties: { q: { type: "string" } } }, add: { description: "Add an entry", properties: {} } };
const TOOLS = { tools: [{ name: "one", description: "The first tool", inputSchema: { type: "object" } }] };

function project(config?: unknown): string {
  const dir = tempDir();
  mkdirSync(join(dir, "tools"));
  writeFileSync(join(dir, "tools", "catalogue.actions.json"), JSON.stringify(ACTIONS));
  writeFileSync(join(dir, "server.tools.json"), JSON.stringify(TOOLS));
  if (config !== undefined) writeFileSync(join(dir, "wymcp-lint.config.json"), JSON.stringify(config));
  return dir;
}

async function report(dir: string): Promise<Json> {
  const { stdout, stderr } = await cli(["--format", "json"], { cwd: dir });
  assert.equal(stderr, "");
  return JSON.parse(stdout);
}

test("the counter: o200k_base, offline, a special token's spelling counted as text", async () => {
  const count = await tokenCounter();
  assert.equal(count("hello world"), 2);
  assert.ok(count("<|endoftext|>") > 1);
});

test("no tokens in the config: no estimates in the report", async () => {
  const r = await report(project());
  assert.ok(r.files.every((f: Json) => f.tokens === undefined));
  assert.equal(r.summary.tokens, undefined);
});

test("tokens: {} gives each tool's, each Wymcp action's and each server's estimate, counted as the client receives the text", async () => {
  const count = await tokenCounter();
  const r = await report(project({ tokens: {} }));
  const byFile = Object.fromEntries(r.files.map((f: Json) => [f.file, f.tokens]));
  const listed = {
    name: "catalogue",
    inputSchema: {
      type: "object",
      required: ["action"],
      properties: { action: { type: "string", enum: ["add", "find"], description: "add: Add an entry\nfind: Find entries" }, data: { type: "object" } },
    },
  };
  assert.deepEqual(byFile["tools/catalogue.actions.json"], {
    tools: { catalogue: count(JSON.stringify(listed)) },
    actions: { find: count(JSON.stringify(ACTIONS.find)), add: count(JSON.stringify(ACTIONS.add)) },
  });
  const one = count(JSON.stringify(TOOLS.tools[0]));
  assert.deepEqual(byFile["server.tools.json"], { tools: { one } });
  assert.deepEqual(r.summary.tokens, { servers: { tools: count(JSON.stringify(listed)), "server.tools.json": one } });
  assert.equal(r.summary.offences, 0);
});

test("budgets: token-budget on each action, tool and server over its budget, none at it", async () => {
  const count = await tokenCounter();
  const find = count(JSON.stringify(ACTIONS.find));
  const one = count(JSON.stringify(TOOLS.tools[0]));
  const over = await report(project({ tokens: { action: find - 1, tool: one - 1, server: one - 1 } }));
  const rows = over.files.flatMap((f: Json) => f.offences.map((o: Json) => `${f.file} ${o.code} ${o.severity} ${o.action}: ${o.message.split(" is about")[0]}`));
  assert.deepEqual(rows.sort(), [
    'server.tools.json token-budget warn null: the server "server.tools.json" (every tool it lists)',
    'server.tools.json token-budget warn one: the tool "one" as tools/list gives it',
    'tools/catalogue.actions.json token-budget warn find: the action "find" as help gives it',
    'tools/catalogue.actions.json token-budget warn null: the server "tools" (every tool it lists)',
    'tools/catalogue.actions.json token-budget warn null: the tool "catalogue" as tools/list gives it',
  ]);
  const catalogue = (over.files.find((f: Json) => f.file === "tools/catalogue.actions.json") as Json).tokens.tools.catalogue as number;
  const at = await report(project({ tokens: { action: find, tool: Math.max(one, catalogue), server: Math.max(one, catalogue) } }));
  assert.equal(at.summary.offences, 0, "a budget is the most allowed");
});

test("tool modules: estimated as action files are, their description counted, and held to the budgets", async () => {
  const count = await tokenCounter();
  const dir = project();
  const description = "Search the catalogue";
  writeFileSync(
    join(dir, "tools", "search.tool.mjs"),
    `export default { name: "search", description: ${JSON.stringify(description)}, actions: () => (${JSON.stringify(ACTIONS)}) };\n`,
  );
  writeFileSync(
    join(dir, "tools", "stock.ex"),
    'defmodule Shop.Tools.Stock do\n  use Wymcp.Tool\n\n  def name, do: "stock"\n  def description, do: "Stock levels"\n\n  def actions do\n    %{count: %{description: "Count an item", properties: %{}}}\n  end\nend\n',
  );
  writeFileSync(join(dir, "tools", "down.tool.mjs"), 'export default { name: "down", description: "Down", actions() { throw new Error("down"); } };\n');
  const find = count(JSON.stringify(ACTIONS.find));
  writeFileSync(join(dir, "wymcp-lint.config.json"), JSON.stringify({ tokens: { action: find - 1 } }));
  const r = await report(dir);
  const byFile = Object.fromEntries(r.files.map((f: Json) => [f.file, f]));
  const listed = {
    name: "search",
    description,
    inputSchema: {
      type: "object",
      required: ["action"],
      properties: { action: { type: "string", enum: ["add", "find"], description: "add: Add an entry\nfind: Find entries" }, data: { type: "object" } },
    },
  };
  assert.deepEqual(byFile["tools/search.tool.mjs"].tokens, { tools: { search: count(JSON.stringify(listed)) }, actions: { find, add: count(JSON.stringify(ACTIONS.add)) } });
  assert.deepEqual(Object.keys(byFile["tools/stock.ex"].tokens.tools), ["stock"]);
  assert.equal(byFile["tools/down.tool.mjs"].tokens, undefined, "a module that did not load is not estimated");
  const estimated = ["tools/catalogue.actions.json", "tools/search.tool.mjs", "tools/stock.ex"].map(
    (file) => Object.values(byFile[file].tokens.tools as Record<string, number>)[0] as number,
  );
  const tools = estimated.reduce((a, b) => a + b, 0);
  assert.equal(r.summary.tokens.servers.tools, tools, "the directory's modules are its server's tools");
  const rows = byFile["tools/search.tool.mjs"].offences.map((o: Json) => `${o.code} ${o.severity} ${o.action}: ${o.message.split(" is about")[0]}`);
  assert.deepEqual(rows, ['token-budget warn find: the action "find" as help gives it']);
});

test("a broken tokens key is a config mistake", async () => {
  const dir = project({ tokens: { tool: 0, tools: 5 } });
  const { code, stderr } = await cli([], { cwd: dir });
  assert.equal(code, 2);
  assert.match(stderr, /tokens\.tools: "tools" is not a token budget/);
  assert.match(stderr, /tokens\.tool: must be a whole number of 1 or more; got 0/);
});

test("a running server: each tool's estimate on its row, the server's total in the summary", { timeout: 300_000 }, async () => {
  const count = await tokenCounter();
  const dir = project({ tokens: { tool: 1 } });
  const listed = join(dir, "listed.json");
  writeFileSync(listed, JSON.stringify(TOOLS.tools));
  const server = ["--server-timeout", "120", "--server", "--", process.execPath, "--import", "tsx", repoPath("test/support/plain-server.ts"), listed];
  const { code, stdout } = await cli(["--format", "json", ...server], { cwd: dir });
  assert.equal(code, 0, stdout);
  const r = JSON.parse(stdout) as Json;
  const one = count(JSON.stringify(TOOLS.tools[0]));
  assert.deepEqual(r.files[0].tokens, { tools: { one } });
  assert.deepEqual(Object.values(r.summary.tokens.servers), [one]);
  assert.deepEqual(
    r.files[0].offences.map((o: Json) => [o.code, o.action]),
    [["token-budget", "one"]],
  );
});
