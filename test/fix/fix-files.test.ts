// --fix and --fix-dry-run (src/fix/), driven by test/fixtures/fix/<case>/: the input file,
// fixed/<file> (its exact bytes after --fix), expected.diff (the diff --fix shows and
// --fix-dry-run too) and left.json (the offences left afterwards, which a dry run reports
// alike). Each case runs in a copy, in-process.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Ajv } from "ajv";
import { cli } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const CASES = repoPath("test/fixtures/fix");

interface Case {
  readonly name: string;
  readonly file: string;
  readonly input: Buffer;
  readonly fixed: Buffer;
  readonly diff: string;
  readonly left: Record<string, unknown>[];
}

const cases: Case[] = readdirSync(CASES)
  .sort()
  .map((name) => {
    const dir = join(CASES, name);
    const file = readdirSync(dir).find((f) => /\.(actions\.json5?|tool\.[cm]?[jt]s)$/.test(f)) as string;
    return {
      name,
      file,
      input: readFileSync(join(dir, file)),
      fixed: readFileSync(join(dir, "fixed", file)),
      diff: readFileSync(join(dir, "expected.diff"), "utf8"),
      left: JSON.parse(readFileSync(join(dir, "left.json"), "utf8")),
    };
  });

/** A fresh directory holding a copy of the case's input, with the given mode. */
function copyOf(c: Case, mode = 0o644): string {
  const dir = mkdtempSync(join(tmpdir(), `wymcp-fix-${c.name}-`));
  copyFileSync(join(CASES, c.name, c.file), join(dir, c.file));
  chmodSync(join(dir, c.file), mode);
  return dir;
}

interface JsonOffence {
  code: string;
  action: string | null;
  location: string;
  line: number | null;
  column: number | null;
  edits: unknown[] | null;
}
interface JsonReport {
  files: { file: string; offences: JsonOffence[]; diff?: string | null }[];
  summary: { offences: number; errors: number };
}

/** The offences in the fields the fixture's entries name. */
function brief(offences: readonly JsonOffence[] | undefined, like: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  const fields = Object.keys(like[0] ?? { code: 0 });
  return (offences ?? []).map((o) => Object.fromEntries(fields.map((f) => [f, o[f as keyof JsonOffence]])));
}

const reportValidator = new Ajv({ strict: true, allErrors: true }).compile(JSON.parse(readFileSync(repoPath("schemas/report.schema.json"), "utf8")));

test("the fixtures cover every kind of file and each repair", () => {
  assert.deepEqual(cases.map((c) => c.file.split(".").pop()).sort(), ["json", "json", "json", "json", "json", "json", "json5", "mjs", "ts", "ts"]);
  const diffs = cases.map((c) => c.diff).join("");
  const signs = [
    `-    "exmples"`,
    `+    "examples"`,
    `+    'required'`,
    `+    notes: 'Returns`,
    `-      ['q', 'id'],`,
    `+    "required": ["q"],`,
    `+        examples: [],`,
    `+const shared = ["q"];`,
    `+    'examples': [],`,
    `+      "q": {"type": "string", "maxLength": 40},`,
    // Hidden characters deleted, raw or escaped, in action files and modules alike.
    `+    "description": "Search the catalogue",`,
    `+    "notes": "Plain notes, then red"`,
    `+        description: 'Search the catalogue',`,
  ];
  for (const sign of signs) assert.ok(diffs.includes(sign), sign);
  // What no fix may touch: a template literal, a shorthand key, a list entry behind a spread.
  for (const kept of [
    " const exmples = [] as const;",
    "         description: `Order an item.",
    "     required: ['q', ...dynamic, 'q'],",
    "         notes: `Kept \u200Bas written`,",
  ]) {
    assert.ok(diffs.includes(kept), kept);
  }
});

for (const c of cases) {
  test(`--fix ${c.name}: exactly the expected bytes, then only the offences it cannot fix, then a no-op`, async () => {
    const dir = copyOf(c, 0o640);
    const path = join(dir, c.file);
    const first = await cli(["--fix", "--format", "json", c.file], { cwd: dir });
    assert.equal(first.stderr, "");
    const report = JSON.parse(first.stdout) as JsonReport;
    assert.ok(reportValidator(report), JSON.stringify(reportValidator.errors));
    assert.deepEqual(readFileSync(path), c.fixed, "the fixed file");
    assert.equal(statSync(path).mode & 0o777, 0o640, "the mode is kept");
    assert.equal(report.files[0]?.diff ?? "", c.diff, "the diff of what was written");
    assert.deepEqual(brief(report.files[0]?.offences, c.left), c.left);
    // What is left has no edit, else --fix would have applied it.
    assert.deepEqual(
      report.files[0]?.offences.filter((o) => o.edits !== null),
      [],
    );
    // Warnings alone (the keyword case leaves only warnings) pass.
    assert.equal(first.code, report.summary.errors > 0 ? 1 : 0);

    const before = statSync(path);
    const second = await cli(["--fix", "--format", "json", c.file], { cwd: dir });
    assert.deepEqual(readFileSync(path), c.fixed, "a second --fix changes nothing");
    assert.equal(statSync(path).mtimeMs, before.mtimeMs, "nor writes the file");
    assert.equal((JSON.parse(second.stdout) as JsonReport).files[0]?.diff, null);
    assert.equal(second.code, first.code);
  });

  test(`--fix-dry-run ${c.name}: the diff and what would be left, every byte, the mode and the time unchanged`, async () => {
    const dir = copyOf(c, 0o600);
    const path = join(dir, c.file);
    const past = new Date("2020-01-02T03:04:05Z");
    utimesSync(path, past, past);
    const json = await cli(["--fix-dry-run", "--format", "json", c.file], { cwd: dir });
    const text = await cli(["--fix-dry-run", c.file], { cwd: dir });
    assert.deepEqual(readFileSync(path), c.input);
    const after = statSync(path);
    assert.equal(after.mode & 0o777, 0o600);
    assert.equal(after.mtimeMs, past.getTime());
    assert.deepEqual(readdirSync(dir), [c.file], "no temporary file either");

    const report = JSON.parse(json.stdout) as JsonReport;
    assert.ok(reportValidator(report), JSON.stringify(reportValidator.errors));
    assert.equal(report.files[0]?.diff ?? "", c.diff);
    assert.deepEqual(brief(report.files[0]?.offences, c.left), c.left);
    // The text format prints the diff first, then the report (CRLF files keep their "\r").
    assert.ok(text.stdout.startsWith(c.diff), text.stdout);
    assert.equal(text.code, json.code);
  });
}

test("a file with a parse error is never written, even when other offences look fixable", async () => {
  const c = cases.find((k) => k.name === "parse-error") as Case;
  const dir = copyOf(c);
  const { code } = await cli(["--fix", c.file], { cwd: dir });
  assert.equal(code, 1);
  assert.deepEqual(readFileSync(join(dir, c.file)), c.input);
  assert.deepEqual(readdirSync(dir), [c.file]);
});

test("--fix follows a symlink: the link stays a link, its target is fixed", async () => {
  const c = cases.find((k) => k.name === "conflict") as Case;
  const dir = copyOf(c);
  const { symlinkSync, lstatSync } = await import("node:fs");
  symlinkSync(c.file, join(dir, "linked.actions.json"));
  await cli(["--fix", "linked.actions.json"], { cwd: dir });
  assert.ok(lstatSync(join(dir, "linked.actions.json")).isSymbolicLink());
  assert.deepEqual(readFileSync(join(dir, c.file)), c.fixed);
});

test("--fix-dry-run with --stdin prints the diff of standard input; --fix with --stdin is a usage error", async () => {
  const c = cases.find((k) => k.name === "json") as Case;
  const dry = await cli(["--stdin", "--stdin-filename", c.file, "--fix-dry-run", "--format", "json"], { stdin: c.input });
  assert.equal((JSON.parse(dry.stdout) as JsonReport).files[0]?.diff, c.diff);
  const write = await cli(["--stdin", "--stdin-filename", c.file, "--fix"], { stdin: c.input });
  assert.deepEqual([write.code, write.stdout], [2, ""]);
  assert.match(write.stderr, /--fix cannot write standard input back; use --fix-dry-run/);
});

test("usage errors: --fix with --fix-dry-run, --fix-dry-run with a format that carries no diff", async () => {
  const both = await cli(["--fix", "--fix-dry-run", "."]);
  assert.equal(both.code, 2);
  assert.match(both.stderr, /--fix and --fix-dry-run exclude each other/);
  for (const format of ["sarif", "github"]) {
    const { code, stderr } = await cli(["--fix-dry-run", "--format", format, "."]);
    assert.equal(code, 2);
    assert.match(stderr, /only the text and json formats carry/);
  }
});

test("a file changed between the lint and the write is left alone", async () => {
  const { writeAtomically, WriteSkipped } = await import("../../src/files/write.js");
  const dir = mkdtempSync(join(tmpdir(), "wymcp-fix-race-"));
  const path = join(dir, "a.actions.json");
  writeFileSync(path, "{}\n");
  assert.throws(() => writeAtomically(path, Buffer.from("{ }\n"), Buffer.from("[]\n")), WriteSkipped);
  assert.equal(readFileSync(path, "utf8"), "{}\n");
  writeAtomically(path, Buffer.from("{}\n"), Buffer.from("[]\n"));
  assert.equal(readFileSync(path, "utf8"), "[]\n");
  assert.deepEqual(readdirSync(dir), ["a.actions.json"]);
});

test("the diff of a file with a byte order mark applies with git apply and patch --fuzz=0", async () => {
  const c = cases.find((k) => k.name === "crlf-bom") as Case;
  assert.ok(c.input.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])), "the fixture starts with a BOM");
  const { stdout } = await cli(["--fix-dry-run", "--format", "json", c.file], { cwd: copyOf(c) });
  const diff = (JSON.parse(stdout) as JsonReport).files[0]?.diff as string;
  for (const apply of [
    ["patch", "-p0", "--fuzz=0", "--binary", "--batch", "--quiet", "-i"],
    ["git", "apply", "--unidiff-zero"],
  ]) {
    const dir = copyOf(c);
    writeFileSync(join(dir, "fix.diff"), diff);
    const [command, ...args] = apply as [string, ...string[]];
    const run = spawnSync(command, [...args, "fix.diff"], { cwd: dir, encoding: "utf8" });
    assert.equal(run.status, 0, `${apply.join(" ")}: ${run.stderr}${run.stdout}`);
    assert.deepEqual(readFileSync(join(dir, c.file)), c.fixed, apply.join(" "));
  }
});
