// Client limits (src/core/client-limits/): each code's fixtures under
// test/fixtures/client-limits/<code>/<case>/, an action file (input.json) or a tools file
// (input.tools.json) linted from its text as the CLI lints it, beside the offences it must
// give (expected.json: action, code, client, line, in report order); a near-miss-* case must
// give none of its code. Then the table itself: every limit documented in
// docs/client-limits.md with its figure and source, and names of tools modules carry.

import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { CLIENT_IDS, CLIENT_LIMITS, FIELDS, UNCOVERED_FIELDS } from "../../src/core/client-limits/profiles.js";
import { lintTool } from "../../src/core/lint-tool.js";
import type { Offence } from "../../src/core/offence.js";
import { readJson } from "../support/lint.js";
import { repoPath } from "../support/paths.js";

const FIXTURES = repoPath("test/fixtures/client-limits");
const UPDATE = process.env["UPDATE_GOLDEN"] === "1";

function lintCase(dir: string): readonly Offence[] {
  const tools = existsSync(join(dir, "input.tools.json"));
  const bytes = readFileSync(join(dir, tools ? "input.tools.json" : "input.json"));
  return readJson(bytes, tools ? "tool.tools.json" : "tool.actions.json").offences;
}

const entry = (o: Offence) => ({ action: o.action, code: o.code, client: o.client ?? null, line: o.line ?? null });

for (const code of readdirSync(FIXTURES).sort()) {
  for (const name of readdirSync(join(FIXTURES, code)).sort()) {
    const dir = join(FIXTURES, code, name);
    test(`${code}/${name}`, () => {
      const offences = lintCase(dir);
      if (name.startsWith("near-miss")) {
        assert.deepEqual(
          offences.filter((o) => o.code === code).map((o) => o.message),
          [],
        );
        return;
      }
      const actual = offences.map(entry);
      const file = join(dir, "expected.json");
      if (UPDATE) writeFileSync(file, `${JSON.stringify(actual, null, 2)}\n`);
      assert.ok(
        actual.some((o) => o.code === code),
        `${code}/${name} does not trigger ${code}`,
      );
      assert.deepEqual(actual, JSON.parse(readFileSync(file, "utf8")));
    });
  }
}

test("a Wymcp tool's joined action summary is a parameter's description, which no limit's source names: not measured however long", () => {
  const offences = lintCase(join(FIXTURES, "client-limit/near-miss-long-summary"));
  const summary = JSON.parse(readFileSync(join(FIXTURES, "client-limit/near-miss-long-summary/input.json"), "utf8")) as Record<string, { description: string }>;
  const joined = Object.entries(summary).reduce((total, [name, action]) => total + name.length + 3 + action.description.length, -1);
  assert.ok(joined > 2048, `the fixture's summary is ${joined} characters: it must pass every description limit`);
  assert.deepEqual(
    offences.filter((o) => o.code === "client-limit" || o.code === "truncated-parameter"),
    [],
  );
});

test("a boolean parameter schema names the client it breaks, at the parameter's key", () => {
  const offences = lintCase(join(FIXTURES, "client-limit/parameter-schema")).filter((o) => o.code === "client-limit");
  assert.deepEqual(
    offences.map((o) => [o.client, o.target.path, o.target.part]),
    [["typescript-sdk", ["inputSchema", "properties", "anything"], "key"]],
  );
  assert.match(
    offences[0]?.message ?? "",
    /"anything" has the schema true, valid JSON Schema, but the official MCP TypeScript SDK's client takes each parameter's schema as an object: it refuses the server's whole tools\/list$/,
  );
});

test("a tool module's name and description are held to the limits too; a reserved or empty name is not", () => {
  const description = "d".repeat(1100);
  const lint = lintTool({ name: "orders.search", description, actions: () => ({}) }, { advisory: true });
  assert.deepEqual(
    lint.offences
      .filter((o) => o.code === "client-limit")
      .map((o) => [o.client, o.target.path[0]])
      .sort(),
    [
      ["openai", "name"],
      ["anthropic", "name"],
      ["openai", "description"],
    ].sort(),
  );
  const quiet = lintTool({ name: "help", description: "Help", actions: () => ({}) }, { advisory: true });
  assert.deepEqual(
    quiet.offences.filter((o) => o.code === "client-limit"),
    [],
  );
  // The library's validating runs no advisory check: no warning fails a registration.
  assert.deepEqual(
    lintTool({ name: "orders.search", description, actions: () => ({}) }).offences.filter((o) => o.code === "client-limit"),
    [],
  );
});

test("every limit of the table is a row of docs/client-limits.md, with its client, field, figure, source and date", () => {
  const doc = readFileSync(repoPath("docs/client-limits.md"), "utf8");
  const rows = doc.split("\n").filter((line) => line.startsWith("| `"));
  assert.equal(rows.length, CLIENT_LIMITS.length, "one row per limit");
  CLIENT_LIMITS.forEach((limit, i) => {
    const row = rows[i] as string;
    assert.ok(row.startsWith(`| \`${limit.client}\` | ${FIELDS[limit.rule.kind]} |`), row);
    assert.ok(row.includes(limit.source), `${row} lacks its source`);
    assert.ok(row.includes(limit.rule.effect), `${row} lacks what the client does`);
    assert.ok(row.includes(limit.checked), `${row} lacks when it was checked`);
    const figure =
      limit.rule.kind === "name"
        ? limit.rule.shown.replace(/ _ \. : -/, " `_ . : -`")
        : limit.rule.kind === "parameter-schema"
          ? "an object"
          : limit.rule.max.toLocaleString("en-US");
    assert.ok(row.includes(figure), `${row} lacks ${figure}`);
    assert.match(limit.checked, /^2026-12-\d\d, /, "each row says when it was checked");
  });
  for (const client of CLIENT_IDS) assert.ok(doc.includes(`\`${client}\``), client);
  for (const { field } of UNCOVERED_FIELDS) assert.ok(doc.includes(`| ${field} |`), `the field no source limits is not listed: ${field}`);
});
