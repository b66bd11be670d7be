// Defects found once outside the module path, each through the real command
// (bin/wymcp-lint.js, spawned): lists of any length lint; a path longer than PATH_MAX is one
// offence and the rest is linted; a usage error whose stderr cannot be written still exits
// 2; positions count CR, CRLF (and, in JSON5, U+2028 and U+2029) as line breaks, as editors
// do. Symlinked directories, unreadable directories and the permission test's skip are in
// adversarial.test.ts beside the cases they change; file names that are not UTF-8 too.

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";
import type { JsonReport } from "../support/reports.js";

const BIN = repoPath("bin/wymcp-lint.js");
const LONG = 130_000;

function lint(args: readonly string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [BIN, "--format", "json", "--max-offences", "0", ...args], { cwd, encoding: "utf8", timeout: 120_000, maxBuffer: 256 << 20 });
  assert.equal(result.error, undefined, `the command did not finish: ${String(result.error)}`);
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test(`a ${LONG.toLocaleString("en")}-entry required list and ${LONG.toLocaleString("en")} non-map property values lint (no call-stack overflow)`, () => {
  const dir = tempDir();
  const names = Array.from({ length: LONG }, (_, i) => `p${i}`);
  // Every entry names no property: one `undeclared` per entry.
  writeFileSync(join(dir, "required.actions.json"), JSON.stringify({ a: { description: "A", properties: {}, required: names } }));
  // Every property's schema is a number: one `wrong-type` per property.
  writeFileSync(join(dir, "props.actions.json"), JSON.stringify({ a: { description: "A", properties: Object.fromEntries(names.map((n) => [n, 1])) } }));
  writeFileSync(join(dir, "clean.actions.json"), JSON.stringify({ a: { description: "A", properties: {} } }));
  const { code, stdout, stderr } = lint(["."], dir);
  assert.equal(stderr, "");
  assert.equal(code, 1);
  const report = JSON.parse(stdout) as JsonReport;
  // A file lists at most 1,000 offences, after one too-many-offences that counts the rest (docs/report.md).
  const counts = report.files.map((f) => [f.file, f.offences.length, [...new Set(f.offences.map((o) => o.code))].sort()]);
  assert.deepEqual(counts, [
    ["./clean.actions.json", 0, []],
    ["./props.actions.json", 1_001, ["too-many-offences", "wrong-type"]],
    ["./required.actions.json", 1_001, ["too-many-offences", "undeclared"]],
  ]);
  for (const file of report.files.slice(1)) {
    const cap = file.offences.find((o) => o.code === "too-many-offences");
    assert.match(cap?.message ?? "", new RegExp(`^${LONG - 1_000} more offences`));
  }
});

test("a directory deeper than PATH_MAX is one parse-error at that place; the rest is linted", (t) => {
  const dir = tempDir();
  // GNU rm removes a tree deeper than PATH_MAX; Node's rmSync cannot.
  t.after(() => spawnSync("rm", ["-rf", dir]));
  writeFileSync(join(dir, "ok.actions.json"), JSON.stringify({ a: { description: "A\nB", properties: {} } }));
  // 20 levels of 250 characters: 5,000 bytes, past Linux's PATH_MAX of 4,096. Built one
  // relative step at a time, as no absolute path that long can be used.
  const level = "d".repeat(250);
  const home = process.cwd();
  mkdirSync(join(dir, "deep"));
  process.chdir(join(dir, "deep"));
  try {
    for (let i = 0; i < 20; i++) {
      mkdirSync(level);
      process.chdir(level);
    }
    writeFileSync("lost.actions.json", "{}");
  } finally {
    process.chdir(home);
  }
  const { code, stdout, stderr } = lint(["."], dir);
  assert.equal(stderr, "");
  assert.equal(code, 1);
  const report = JSON.parse(stdout) as JsonReport;
  const rows = report.files.map((f) => [
    f.file.length > 200 ? `${f.file.slice(0, 12)}…(${f.file.split("/").length - 2} levels)` : f.file,
    f.offences.map((o) => `${o.code}: ${o.message}`),
  ]);
  assert.equal(rows.length, 2);
  assert.deepEqual(rows[1], ["./ok.actions.json", ['newline: "description" contains a line break ("\\n")']]);
  assert.match(String(rows[0]?.[0]), /^\.\/deep\/d{5}…\(\d+ levels\)$/);
  assert.deepEqual(rows[0]?.[1], ["parse-error: the directory cannot be read: the path is too long"]);
});

test("a usage error whose stderr cannot be written still exits 2", async () => {
  for (const args of [
    ["--format", "nope"],
    ["--max-offences", "-1"],
  ]) {
    // stderr is a pipe whose reader is gone before anything is written: EPIPE.
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    child.stderr.destroy();
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => void (stdout += s));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    assert.equal(stdout, "", args.join(" "));
    assert.equal(code, 2, args.join(" "));
  }
});

test("positions count CR, CRLF and LF as line breaks in JSON, and U+2028 and U+2029 too in JSON5", () => {
  const dir = tempDir();
  const action = (sep: string): string => `{${sep}"a": {${sep}"description": "A", "properties": {}, "stray": 1${sep}}${sep}}`;
  writeFileSync(join(dir, "cr.actions.json"), action("\r"));
  writeFileSync(join(dir, "crlf.actions.json"), action("\r\n"));
  writeFileSync(join(dir, "lf.actions.json"), action("\n"));
  writeFileSync(join(dir, "mixed.actions.json5"), `{\r\na: {\rdescription: 'A',\u2028properties: {},\u2029stray: 1,\n},\n}`);
  // A lone CR inside a parse error's reach, too.
  writeFileSync(join(dir, "broken.actions.json"), `{\r"a":\r\r]`);
  const { code, stdout, stderr } = lint(["."], dir);
  assert.equal(stderr, "");
  assert.equal(code, 1);
  const report = JSON.parse(stdout) as JsonReport;
  assert.deepEqual(
    report.files.map((f) => [f.file, ...f.offences.map((o) => `${o.code} ${o.line}:${o.column}`)]),
    [
      ["./broken.actions.json", "parse-error 4:1"],
      ["./cr.actions.json", "unknown-key 3:39"],
      ["./crlf.actions.json", "unknown-key 3:39"],
      ["./lf.actions.json", "unknown-key 3:39"],
      ["./mixed.actions.json5", "unknown-key 5:1"],
    ],
  );
});
