// Tools files (a saved tools/list, docs/plain-tools.md) through the real CLI: found by a
// directory search, linted as plain MCP tools with each offence at its line and column
// (src/locate/tools-file.ts), fixed in place like an action file, and read from stdin.

import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { cli } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const DIR = repoPath("test/fixtures/tools-file");

// biome-ignore lint/suspicious/noExplicitAny: reports are read through one loose type
type Json = any;

async function report(argv: readonly string[], stdin?: string): Promise<{ code: number; json: Json }> {
  const outcome = await cli(["--format", "json", ...argv], stdin === undefined ? {} : { stdin });
  return { code: outcome.code, json: JSON.parse(outcome.stdout) };
}

const rows = (json: Json): Json[] =>
  json.files.flatMap((f: Json) => f.offences.map((o: Json) => ({ action: o.action, code: o.code, location: o.location, line: o.line, column: o.column })));

test("a directory's *.tools.json files are linted as plain tools, each offence at its line and column", async () => {
  const { code, json } = await report([DIR]);
  assert.equal(code, 1);
  assert.deepEqual(
    json.files.map((f: Json) => [f.file.replace(/^.*\//, ""), f.tool]),
    [
      ["broken.tools.json", null],
      ["plain.tools.json", null],
    ],
  );
  assert.deepEqual(rows(json), JSON.parse(readFileSync(join(DIR, "expected.json"), "utf8")));
});

test("a list of tools with a multi-line description and a tool without parameters: no offence", async () => {
  const { code, json } = await report([join(DIR, "plain.tools.json")]);
  assert.equal(code, 0);
  assert.deepEqual(rows(json), []);
  assert.equal(json.summary.actions, 2);
});

test("a plain tool's inputSchema is checked to the end, its top level included, each warning at its line and column; its near miss is clean", async () => {
  const schemas = repoPath("test/fixtures/plain-schemas");
  const trigger = await report([join(schemas, "trigger.tools.json")]);
  assert.equal(trigger.code, 0, "warnings only");
  assert.deepEqual(rows(trigger.json), JSON.parse(readFileSync(join(schemas, "expected.json"), "utf8")));
  const nearMiss = await report([join(schemas, "near-miss.tools.json")]);
  assert.deepEqual(rows(nearMiss.json), []);
});

test("a plain tool's boolean schemas are JSON Schema's and pass; the same schemas in an action are wrong-type, as Wymcp reads maps", async () => {
  const dir = repoPath("test/fixtures/boolean-schemas");
  const plain = await report([join(dir, "plain.tools.json")]);
  assert.equal(plain.code, 0);
  // A parameter's own schema a boolean is a client's limit (docs/client-limits.md), at its key; deeper ones are not.
  assert.deepEqual(rows(plain.json), [
    { action: "tag", code: "client-limit", location: "", line: 10, column: 11 },
    { action: "tag", code: "client-limit", location: "", line: 11, column: 11 },
  ]);
  const action = await report([join(dir, "tag.actions.json")]);
  assert.equal(action.code, 1);
  assert.deepEqual(rows(action.json), [
    { action: "tag", code: "wrong-type", location: ":properties", line: 5, column: 19 },
    { action: "tag", code: "wrong-type", location: ':properties["nested"]["properties"]', line: 7, column: 61 },
    { action: "tag", code: "wrong-type", location: ':properties["pair"]', line: 6, column: 43 },
  ]);
});

test("a plain tool's required may name a parameter its branches, patterns or a reference declare; with properties alone, an undeclared name is an error", async () => {
  const dir = repoPath("test/fixtures/plain-required");
  const branches = await report([join(dir, "branches.tools.json")]);
  assert.equal(branches.code, 0);
  assert.deepEqual(rows(branches.json), []);
  const alone = await report([join(dir, "properties-only.tools.json")]);
  assert.equal(alone.code, 1);
  assert.deepEqual(rows(alone.json), [{ action: "search", code: "undeclared", location: ':inputSchema["required"]', line: 9, column: 31 }]);
});

test("a value that is neither a tools/list result nor a list of tools is one tool-shape offence", async () => {
  const { code, json } = await report(["--stdin", "--stdin-filename", "server.tools.json"], '{"search": {"description": "An action file by mistake", "properties": {}}}');
  assert.equal(code, 1);
  assert.deepEqual(
    json.files[0].offences.map((o: Json) => [o.code, o.message]),
    [["tool-shape", `a tools file holds a tools/list result {"tools": [...]} or a list of tools; got a map`]],
  );
});

test("--fix repairs a tools file as it repairs an action file, and what is left is reported", async () => {
  const scratch = mkdtempSync(join(tmpdir(), "wymcp-lint-tools-"));
  try {
    const file = join(scratch, "broken.tools.json");
    copyFileSync(join(DIR, "broken.tools.json"), file);
    const outcome = await cli(["--fix", file]);
    assert.equal(outcome.code, 1, outcome.stderr);
    // Both misspellings are renamed; the advisory check reads only the schema it renames.
    const original = readFileSync(join(DIR, "broken.tools.json"), "utf8");
    assert.equal(readFileSync(file, "utf8"), original.replace(`"maxLenght": 64`, `"maxLength": 64`).replace(`"maxLenght": 200`, `"maxLength": 200`));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

test("a plain tool without a description, or with an empty one, is a warning (the MCP specification makes it optional); a short one is not", async () => {
  const dir = repoPath("test/fixtures/missing-description");
  const undescribed = await report([join(dir, "undescribed.tools.json")]);
  assert.equal(undescribed.code, 0, "a warning does not fail the run");
  assert.deepEqual(rows(undescribed.json), [
    { action: "audit_page", code: "missing-description", location: ":description", line: 3, column: 5 },
    { action: "blank", code: "missing-description", location: ":description", line: 4, column: 39 },
  ]);
  assert.deepEqual(
    undescribed.json.files[0].offences.map((o: Json) => o.severity),
    ["warn", "warn"],
  );
  const described = await report([join(dir, "described.tools.json")]);
  assert.equal(described.code, 0);
  assert.deepEqual(rows(described.json), []);
});
