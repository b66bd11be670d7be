// The per-file cap (docs/report.md, "The cap on one file"): input with more offences than the
// cap is reported, in every format, as 1,000 offences and one too-many-offences that counts
// the rest; deep input with an offence at every level lists fewer, their paths within 100,000
// segments between them, so its report stays a few MB instead of ending the run out of
// memory or printing hundreds of MB; a file within the cap is listed whole.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { cli, tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const BIN = repoPath("bin/wymcp-lint.js");

/** An action file nesting `levels` property schemas, each with the same mistake, and a small action beside. */
function deepFile(levels: number, mistake: "typo" | "repeat"): string {
  let schema = '{"type": "string"}';
  const extra = mistake === "typo" ? '"typo": 1' : '"type": "object"';
  for (let i = 0; i < levels; i++) schema = `{"type": "object", ${extra}, "properties": {"a": ${schema}}}`;
  return `{"deep": {"description": "d", "properties": {"a": ${schema}}}, "small": {"description": "d", "properties": {}}}`;
}

// biome-ignore lint/suspicious/noExplicitAny: the JSON report read loosely
type Json = any;

/** An action file of `count` properties side by side, each with a misspelt keyword (an offence each, none of them deep). */
function wideFile(count: number): string {
  const properties = Array.from({ length: count }, (_, i) => `"p${i}": {"type": "string", "typo": 1}`).join(", ");
  return `{"wide": {"description": "d", "properties": {${properties}}}}`;
}

const CAP_MESSAGE = /^(\d+) more offences in this file are not listed: a file lists at most 1,000, with at most 100,000 path segments between them$/;

/** The path segments of the offences listed after the cap's own. */
const segments = (offences: Json[]): number => offences.reduce((sum: number, o: Json) => sum + o.path.length, 0);

test("20,000 levels of a misspelt keyword or a repeated key: the shallowest listed within 100,000 path segments, one offence counting the rest, a report of a few MB", () => {
  const dir = tempDir();
  for (const mistake of ["typo", "repeat"] as const) {
    writeFileSync(join(dir, `${mistake}.actions.json`), deepFile(20_000, mistake));
    // A child process with a bounded heap: an abort would be its exit, not the test runner's.
    const run = spawnSync(process.execPath, ["--max-old-space-size=1024", BIN, "--format", "json", `${mistake}.actions.json`], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 30 });
    assert.equal(run.status, 1, run.stderr);
    // 101 MB of JSON when a thousand of them, each repeating the whole depth, were listed.
    assert.ok(run.stdout.length < 8_000_000, `${run.stdout.length} characters`);
    const [file] = (JSON.parse(run.stdout) as Json).files;
    const [first, ...rest] = file.offences;
    assert.equal(first.code, "too-many-offences");
    assert.equal(first.severity, "error");
    assert.equal(first.action, null);
    const counted = Number(CAP_MESSAGE.exec(first.message)?.[1]);
    assert.equal(counted + rest.length, 20_000, first.message);
    assert.ok(segments(rest) <= 100_000 && segments(rest) > 90_000, `${segments(rest)} segments`);
    // The first in the report's order: the shallowest, one per level.
    assert.deepEqual(
      rest.map((o: Json) => o.path.length),
      [...rest.map((o: Json) => o.path.length)].sort((a, b) => a - b),
    );
    assert.deepEqual(new Set(rest.map((o: Json) => o.code)), new Set([mistake === "typo" ? "unknown-keyword" : "duplicate-key"]));
  }
});

test("a thousand offences thousands of levels deep, within the count: listed only as far as 100,000 path segments hold, in bounded memory", () => {
  const dir = tempDir();
  // 19,000 clean levels, then 1,000 with a misspelt keyword each: no more offences than the cap, each 38,000 segments deep or more.
  let schema = '{"type": "string"}';
  for (let i = 0; i < 1_000; i++) schema = `{"type": "object", "typo": 1, "properties": {"a": ${schema}}}`;
  for (let i = 0; i < 19_000; i++) schema = `{"type": "object", "properties": {"a": ${schema}}}`;
  writeFileSync(join(dir, "deep.actions.json"), `{"deep": {"description": "d", "properties": {"a": ${schema}}}}`);
  const run = spawnSync(process.execPath, ["--max-old-space-size=1024", BIN, "--format", "json", "deep.actions.json"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 30 });
  assert.equal(run.status, 1, run.stderr);
  assert.ok(run.stdout.length < 8_000_000, `${run.stdout.length} characters`);
  const [file] = (JSON.parse(run.stdout) as Json).files;
  const [first, ...rest] = file.offences;
  assert.equal(first.code, "too-many-offences");
  assert.equal(Number(CAP_MESSAGE.exec(first.message)?.[1]) + rest.length, 1_000, first.message);
  // Two listed: the first whatever its depth, then what 100,000 segments hold beside it.
  assert.deepEqual(
    rest.map((o: Json) => o.code),
    ["unknown-keyword", "unknown-keyword"],
  );
  assert.ok(rest[0].path.length > 38_000);
  assert.equal(rest[0].location.length > 38_000 * 4, true);
});

test("every format lists the cap's offence; a file of exactly 1,000 offences has none", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "over.actions.json"), wideFile(1_100));
  writeFileSync(join(dir, "at.actions.json"), wideFile(1_000));
  const json = await cli(["--format", "json", "over.actions.json", "at.actions.json"], { cwd: dir });
  const [at, over] = (JSON.parse(json.stdout) as Json).files;
  assert.equal(at.offences.length, 1000);
  assert.ok(at.offences.every((o: Json) => o.code === "unknown-keyword"));
  assert.equal(over.offences.length, 1001);
  assert.match(over.offences[0].message, /^100 more offences/);
  const text = await cli(["over.actions.json"], { cwd: dir });
  assert.match(text.stdout, /^over\.actions\.json {2}too-many-offences {2}tool over: 100 more offences in this file are not listed/m);
  const github = await cli(["--format", "github", "over.actions.json"], { cwd: dir });
  assert.match(github.stdout, /^::error file=over\.actions\.json,title=wymcp-lint\(too-many-offences\)::tool over: 100 more offences/m);
  const sarif = JSON.parse((await cli(["--format", "sarif", "over.actions.json"], { cwd: dir })).stdout) as Json;
  const results = sarif.runs[0].results;
  assert.equal(results.length, 1001);
  assert.equal(results.filter((r: Json) => r.ruleId === "too-many-offences").length, 1);
});

test("the cap's offence follows the config like any code", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "over.actions.json"), deepFile(1_100, "typo"));
  writeFileSync(join(dir, "wymcp-lint.config.json"), JSON.stringify({ rules: { "too-many-offences": "warn", "unknown-keyword": "warn" } }));
  const { code, stdout } = await cli(["--format", "json", "over.actions.json"], { cwd: dir });
  assert.equal(code, 0);
  const [file] = (JSON.parse(stdout) as Json).files;
  assert.equal(file.offences[0].code, "too-many-offences");
  assert.equal(file.offences[0].severity, "warn");
});
