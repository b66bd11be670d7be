// Positions: every offence from a JSON5 file with comments, trailing commas and
// unquoted keys carries the line and column of the offending key, value or entry (for
// missing-key, of the action schema), at any depth, defaults included. The expected
// positions in test/fixtures/positions/expected.json were checked by eye against the text.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { cli } from "../support/cli.js";
import { repoPath, ROOT } from "../support/paths.js";
import type { JsonReport } from "../support/reports.js";

test("every offence of the JSON5 fixtures carries its exact line and column", async () => {
  const expected = JSON.parse(readFileSync(repoPath("test/fixtures/positions/expected.json"), "utf8")) as Record<string, unknown[]>;
  const outcome = await cli(["--format", "json", "test/fixtures/positions"], { cwd: ROOT });
  assert.equal(outcome.code, 1);
  const report = JSON.parse(outcome.stdout) as JsonReport;
  const actual = Object.fromEntries(report.files.map((f) => [f.file.split("/").pop(), f.offences.map((o) => [o.code, o.action, o.location, o.line, o.column])]));
  assert.deepEqual(actual, expected);
});

test("the fixtures cover every chain code that has a place in a file", async () => {
  const expected = JSON.parse(readFileSync(repoPath("test/fixtures/positions/expected.json"), "utf8")) as Record<string, [string][]>;
  const codes = new Set(Object.values(expected).flatMap((offences) => offences.map(([code]) => code)));
  for (const code of [
    "unknown-key",
    "missing-key",
    "wrong-type",
    "newline",
    "duplicate",
    "undeclared",
    "empty-group",
    "superset-group",
    "undeclared-default",
    "parse-error",
    "tool-shape",
  ]) {
    assert.ok(codes.has(code), code);
  }
});
