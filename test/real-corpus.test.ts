// Real servers: the tools/list answers of published MCP servers, as
// action files (corpus README: fixtures/real-mcp/README.md). On actions-clean/ a correct
// chain reports nothing; on actions/ exactly one `newline` at :description for each action
// whose description has a line break, and nothing else. Anything more is a false positive
// of the chain. The same servers as tools/list results, linted as plain tools (whose
// descriptions may hold line breaks), report nothing. The corpus is a test fixture, so a
// clone needs nothing beside it.

import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { lintActionFile } from "../src/core/lint-tool.js";
import { isMap, mapGet, mapKeys } from "../src/core/map.js";
import { lintToolList } from "../src/core/plain-tool.js";
import { repoPath } from "./support/paths.js";

const CORPUS = repoPath("test/fixtures/real-mcp");
const FOLDERS = ["actions-clean", "actions"] as const;

function files(folder: string): string[] {
  const dir = join(CORPUS, folder);
  assert.ok(existsSync(dir), `the real-server corpus is missing: expected ${dir} (test/fixtures/real-mcp)`);
  const names = readdirSync(dir)
    .filter((f) => f.endsWith(".actions.json"))
    .sort();
  assert.ok(names.length > 0, `no *.actions.json in ${dir}`);
  return names;
}

/** What the chain reports, as comparable lines. */
function reported(file: string, folder: string): { lines: string[]; actions: number; newlines: number } {
  const value: unknown = JSON.parse(readFileSync(join(CORPUS, folder, file), "utf8"));
  assert.ok(isMap(value), `${file}: the top level is not a map`);
  const tool = file.slice(0, file.indexOf(".actions."));
  const expected = mapKeys(value)
    .filter((name) => name !== "$schema")
    .filter((name) => {
      const description = mapGet(value, name);
      const text = isMap(description) ? mapGet(description, "description") : undefined;
      return typeof text === "string" && text.includes("\n");
    })
    .map((name) => `${String(name)} newline :description`)
    .sort();
  const result = lintActionFile(value, tool);
  assert.equal(result.tool, tool);
  const lines = result.offences.map((o) => `${o.action} ${o.code} ${o.location}${o.code === "newline" ? "" : `: ${o.message}`}`).sort();
  if (folder === "actions-clean") assert.deepEqual(lines, [], `${file}: false positives on a clean file`);
  else assert.deepEqual(lines, expected, `${file}: expected exactly one newline per multi-line description, nothing else`);
  return { lines, actions: result.actions, newlines: expected.length };
}

test("both corpus folders hold the same servers", () => {
  assert.deepEqual(files("actions"), files("actions-clean"));
});

for (const folder of FOLDERS) {
  test(`real servers, ${folder}/: ${folder === "actions-clean" ? "no offence at all" : "one newline per multi-line description, nothing else"}`, async (t) => {
    let actions = 0;
    let newlines = 0;
    for (const file of files(folder)) {
      await t.test(file, () => {
        const r = reported(file, folder);
        actions += r.actions;
        newlines += r.newlines;
      });
    }
    // The corpus must have been read for real: hundreds of actions, many multi-line ones.
    assert.ok(actions > 1000, `only ${actions} actions linted`);
    if (folder === "actions") assert.ok(newlines > 0, "no multi-line description found: the expectation would be empty");
  });
}

/**
 * The advisory warnings the corpus holds, each reviewed: a real mistake in a published
 * server. asana: "data" and "opts" list their fields without the "type": "object" and
 * "properties" wrapper, so the published schema accepts anything there.
 */
const REVIEWED: Readonly<Record<string, readonly string[]>> = {
  "asana-mcp-server.actions.json": [
    'asana_set_parent_for_task bare-properties :properties: property "data" has no keyword, only names mapped to schemas ("insert_after", "insert_before", "parent"): it accepts any value',
    'asana_set_parent_for_task bare-properties :properties: property "opts" has no keyword, only names mapped to schemas ("opt_fields"): it accepts any value',
  ],
};

test("real servers, actions-clean/ with the advisory checks: only the reviewed schema warnings (and client limits)", async (t) => {
  for (const file of files("actions-clean")) {
    await t.test(file, () => {
      const value: unknown = JSON.parse(readFileSync(join(CORPUS, "actions-clean", file), "utf8"));
      assert.ok(isMap(value));
      // Client limits are reviewed on the tools/list form (below).
      const offences = lintActionFile(value, "tool", { advisory: true }).offences.filter((o) => o.code !== "client-limit");
      assert.deepEqual(
        offences.map((o) => `${o.action} ${o.code} ${o.location}: ${o.message}`),
        REVIEWED[file] ?? [],
      );
      assert.ok(offences.every((o) => o.severity === "warn"));
    });
  }
});

/** A corpus file's actions as the server listed them: a tools/list result of plain tools. */
function asToolsList(file: string): unknown {
  const value = JSON.parse(readFileSync(join(CORPUS, "actions", file), "utf8")) as Record<string, Record<string, unknown>>;
  const tools = Object.entries(value)
    .filter(([name]) => name !== "$schema")
    .map(([name, action]) => {
      const inputSchema: Record<string, unknown> = { type: "object", properties: action["properties"] };
      if (Object.hasOwn(action, "required")) inputSchema["required"] = action["required"];
      return { name, description: action["description"], inputSchema };
    });
  return { tools };
}

/** The client limits the real servers are over, reviewed (docs/client-limits.md): each one is real. */
const CLIENT_LIMITS: Readonly<Record<string, readonly string[]>> = JSON.parse(readFileSync(join(CORPUS, "client-limits.json"), "utf8"));

test("real servers as tools/list results (multi-line descriptions kept), linted as plain tools: no offence but the reviewed client limits and schema warnings", async (t) => {
  let tools = 0;
  for (const file of files("actions")) {
    await t.test(file, () => {
      const { lint } = lintToolList(asToolsList(file), null, { advisory: true });
      const limits = lint.offences.filter((o) => o.code === "client-limit");
      assert.deepEqual(
        lint.offences.filter((o) => o.code !== "client-limit").map((o) => `${o.action} ${o.code} ${o.location}: ${o.message}`),
        (REVIEWED[file] ?? []).map((line) => line.replace(" :properties:", ` :inputSchema["properties"]:`)),
      );
      assert.ok(limits.every((o) => o.severity === "warn"));
      assert.deepEqual(
        limits.map((o) => `${o.client}: ${o.message}`),
        CLIENT_LIMITS[file] ?? [],
      );
      tools += lint.actions;
    });
  }
  assert.ok(tools > 1000, `only ${tools} tools linted`);
});
