// The baseline: --update-baseline writes every offence by the fingerprint SARIF
// uses (file, tool, action, code, path; never the line), sorted, one entry per line, with a
// count for a repeated fingerprint; a later run reports only offences not in it (a new one
// fails), says how many were baselined, and lists stale entries without failing. Each test
// works on a copy of test/fixtures/baseline/project/.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Ajv } from "ajv";
import { entryOf, mergeEntries, readEntries, serializeBaseline } from "../../src/baseline/baseline.js";
import { toolOffence } from "../../src/core/offence.js";
import { cli, summary, tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const FIXTURE = repoPath("test/fixtures/baseline");
const UPDATE = process.env["UPDATE_GOLDEN"] === "1";

function project(): string {
  const dir = tempDir();
  cpSync(join(FIXTURE, "project"), dir, { recursive: true });
  return dir;
}

const CATALOGUE = "tools/catalogue.actions.json";

function edit(dir: string, file: string, from: string, to: string): void {
  const path = join(dir, file);
  const text = readFileSync(path, "utf8");
  assert.ok(text.includes(from), `${file} holds ${from}`);
  writeFileSync(path, text.replace(from, to));
}

test("--update-baseline writes every offence, sorted, one entry per line, a repeated fingerprint counted", async () => {
  const dir = project();
  const { code, stdout, stderr } = await cli(["--update-baseline"], { cwd: dir });
  assert.equal(code, 0, "every offence is now baselined");
  assert.equal(stderr, "wymcp-lint: wrote 4 offences to the baseline wymcp-lint-baseline.json\n");
  assert.equal(summary(stdout), "2 files, 4 actions: no offences, 4 baselined (T s)");
  const written = readFileSync(join(dir, "wymcp-lint-baseline.json"), "utf8");
  const expected = join(FIXTURE, "expected-baseline.json");
  if (UPDATE) writeFileSync(expected, written);
  assert.equal(written, readFileSync(expected, "utf8"));
  // Writing again from an unchanged project changes nothing: a review diff stays empty.
  await cli(["--update-baseline"], { cwd: dir });
  assert.equal(readFileSync(join(dir, "wymcp-lint-baseline.json"), "utf8"), written);
});

test("a run with the baseline passes, and still passes after the file is reformatted (lines move)", async () => {
  const dir = project();
  await cli(["--update-baseline"], { cwd: dir });
  writeFileSync(join(dir, CATALOGUE), `\n\n${JSON.stringify(JSON.parse(readFileSync(join(dir, CATALOGUE), "utf8")), null, 4)}\n`);
  const { code, stdout } = await cli(["--format", "json"], { cwd: dir });
  assert.equal(code, 0);
  const report = JSON.parse(stdout);
  assert.deepEqual(report.summary, { files: 2, actions: 4, offences: 0, errors: 0, warnings: 0, baselined: 4 });
  assert.deepEqual(report.baseline, { file: "wymcp-lint-baseline.json", stale: [] });
});

test("a new offence fails the run; only it is reported", async () => {
  const dir = project();
  await cli(["--update-baseline"], { cwd: dir });
  edit(dir, CATALOGUE, '"descriptoin": "typo"', '"descriptoin": "typo", "extra": 1');
  const { code, stdout } = await cli([], { cwd: dir });
  assert.equal(code, 1);
  assert.match(stdout, /^tools\/catalogue\.actions\.json:2:\d+ {2}unknown-key {2}tool catalogue action search at :extra: /);
  assert.equal(summary(stdout), "2 files, 4 actions: 1 offence, 4 baselined (T s)");
});

test("a fingerprint's count: one more offence with the same fingerprint is new", async () => {
  const dir = project();
  await cli(["--update-baseline"], { cwd: dir });
  // A third useless directive in notes: unused-disable offences of one file share a fingerprint (count 2 in the baseline).
  edit(dir, "tools/notes.actions.json5", "{\n", "{\n  // wymcp-lint-disable-next-line cycle\n");
  const { code, stdout } = await cli(["--format", "json"], { cwd: dir });
  assert.equal(code, 0, "a warning does not fail the run");
  const report = JSON.parse(stdout);
  assert.deepEqual(report.summary, { files: 2, actions: 4, offences: 1, errors: 0, warnings: 1, baselined: 4 });
});

test("a fixed offence leaves a stale entry: a warning in text and json, never a failure; --update-baseline drops it", async () => {
  const dir = project();
  await cli(["--update-baseline"], { cwd: dir });
  edit(dir, CATALOGUE, ', "descriptoin": "typo"', "");
  const text = await cli([], { cwd: dir });
  assert.equal(text.code, 0);
  assert.equal(
    text.stdout.split("\n").slice(0, 2).join("\n"),
    "warning: wymcp-lint-baseline.json: 1 baselined offence no longer found (fixed?); run wymcp-lint --update-baseline to drop it\n" +
      "  stale  tools/catalogue.actions.json  unknown-key  tool catalogue action search at :descriptoin",
  );
  assert.equal(summary(text.stdout), "2 files, 4 actions: no offences, 3 baselined (T s)");
  // biome-ignore lint/suspicious/noExplicitAny: a JSON report, checked against its schema just below.
  const json: any = JSON.parse((await cli(["--format", "json"], { cwd: dir })).stdout);
  const validate = new Ajv({ strict: true, allErrors: true }).compile(JSON.parse(readFileSync(repoPath("schemas/report.schema.json"), "utf8")));
  assert.ok(validate({ ...json }), JSON.stringify(validate.errors));
  assert.deepEqual(
    json.baseline.stale.map((e: { file: string; code: string; action: string; count: number }) => [e.file, e.code, e.action, e.count]),
    [[CATALOGUE, "unknown-key", "search", 1]],
  );
  const github = await cli(["--format", "github"], { cwd: dir });
  assert.match(github.stdout, /^::warning file=wymcp-lint-baseline\.json,title=wymcp-lint\(baseline\)::wymcp-lint-baseline\.json: 1 baselined offence no longer found/m);
  await cli(["--update-baseline"], { cwd: dir });
  const pruned = await cli(["--format", "json"], { cwd: dir });
  assert.deepEqual(JSON.parse(pruned.stdout).baseline.stale, []);
});

test("entries of files a run does not lint are kept by --update-baseline and never stale; a deleted file's are stale", async () => {
  const dir = project();
  await cli(["--update-baseline"], { cwd: dir });
  const before = readFileSync(join(dir, "wymcp-lint-baseline.json"), "utf8");
  const subset = await cli(["--update-baseline", "tools/notes.actions.json5"], { cwd: dir });
  assert.equal(subset.code, 0);
  assert.equal(readFileSync(join(dir, "wymcp-lint-baseline.json"), "utf8"), before);
  const one = await cli(["--format", "json", "tools/notes.actions.json5"], { cwd: dir });
  assert.deepEqual(JSON.parse(one.stdout).baseline.stale, []);
  rmSync(join(dir, CATALOGUE));
  const gone = await cli(["--format", "json", "tools/notes.actions.json5"], { cwd: dir });
  assert.deepEqual(
    JSON.parse(gone.stdout).baseline.stale.map((e: { file: string; code: string }) => [e.file, e.code]),
    [
      [CATALOGUE, "missing-key"],
      [CATALOGUE, "unknown-key"],
    ],
    "the catalogue is deleted: its entries are stale",
  );
});

test("--baseline FILE: written and read there; a missing or broken named baseline is a usage error", async () => {
  const dir = project();
  const missing = await cli(["--baseline", "ci/base.json"], { cwd: dir });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /the baseline file "ci\/base\.json" does not exist; create it with --update-baseline/);
  await cli(["--update-baseline", "--baseline", "base.json"], { cwd: dir });
  assert.ok(existsSync(join(dir, "base.json")));
  assert.ok(!existsSync(join(dir, "wymcp-lint-baseline.json")));
  assert.equal((await cli(["--baseline", "base.json"], { cwd: dir })).code, 0);
  writeFileSync(join(dir, "base.json"), '{ "version": 1, "entries": [ { "file": 3 } ] }');
  const broken = await cli(["--baseline", "base.json"], { cwd: dir });
  assert.equal(broken.code, 2);
  assert.match(broken.stderr, /is not a wymcp-lint baseline: entries\[0\] is not an entry/);
  writeFileSync(join(dir, "base.json"), "{ nope");
  assert.match((await cli(["--baseline", "base.json"], { cwd: dir })).stderr, /is unusable: it is not valid JSON: .* at 1:3/);
});

test("the config's baseline key names the file, relative to the config; entries are relative to the baseline's directory", async () => {
  const dir = project();
  writeFileSync(join(dir, "wymcp-lint.config.json"), '{ "baseline": "ci/wymcp-baseline.json" }');
  const update = await cli(["--update-baseline", "tools"], { cwd: dir });
  assert.equal(update.stderr, "wymcp-lint: wrote 4 offences to the baseline ci/wymcp-baseline.json\n");
  const entries = JSON.parse(readFileSync(join(dir, "ci/wymcp-baseline.json"), "utf8")).entries as { file: string }[];
  assert.deepEqual([...new Set(entries.map((e) => e.file))], ["../tools/catalogue.actions.json", "../tools/notes.actions.json5"]);
  const { code, stdout } = await cli([], { cwd: join(dir, "tools") });
  assert.equal(code, 0);
  assert.equal(summary(stdout), "2 files, 4 actions: no offences, 4 baselined (T s)");
});

test("without a baseline file the run is as before: no baseline field, no count", async () => {
  const { stdout } = await cli(["--format", "json"], { cwd: project() });
  const report = JSON.parse(stdout);
  assert.equal(report.baseline, undefined);
  assert.deepEqual(Object.keys(report.summary), ["files", "actions", "offences", "errors", "warnings"]);
});

test("SARIF and the baseline share one fingerprint: an offence's partialFingerprint is its entry's", async () => {
  const dir = project();
  await cli(["--update-baseline"], { cwd: dir });
  const entries = JSON.parse(readFileSync(join(dir, "wymcp-lint-baseline.json"), "utf8")).entries as { code: string; fingerprint: string }[];
  const unbaselined = JSON.parse((await cli(["--format", "sarif"], { cwd: project() })).stdout);
  const fromSarif = unbaselined.runs[0].results
    .filter((r: { ruleId: string }) => r.ruleId !== "unused-disable")
    .map((r: { partialFingerprints: Record<string, string> }) => r.partialFingerprints["wymcpLint/v1"])
    .sort();
  assert.deepEqual(
    fromSarif,
    entries
      .filter((e) => e.code !== "unused-disable")
      .map((e) => e.fingerprint)
      .sort(),
  );
});

test("baseline data: merged counts, stable serialization, malformed documents named", () => {
  const offence = toolOffence("parse-error", "m", "f");
  const a = entryOf("b/x.json", "x", offence);
  const b = entryOf("a/y.json", "y", offence);
  const merged = mergeEntries([a, b, a]);
  assert.deepEqual(
    merged.map((e) => [e.file, e.count]),
    [
      ["a/y.json", 1],
      ["b/x.json", 2],
    ],
  );
  const text = serializeBaseline(merged);
  assert.equal(text.split("\n").length, 8, "a header, one line per entry, a footer");
  assert.deepEqual(readEntries(JSON.parse(text)), { entries: merged });
  assert.equal(serializeBaseline([]), '{\n  "version": 1,\n  "entries": []\n}\n');
  assert.deepEqual(readEntries([]), { problem: "it is not a JSON object" });
  assert.deepEqual(readEntries({ version: 2, entries: [] }), { problem: 'its "version" is not 1' });
  assert.deepEqual(readEntries({ version: 1, entries: [{ ...a, count: 0 }] }), {
    problem: "entries[0] is not an entry (file, code, tool, action, location, a positive count, fingerprint)",
  });
});

test('--no-baseline: the baseline is not applied (a file named "false" is not looked for); with --update-baseline or --baseline it is a usage error', async () => {
  const dir = project();
  await cli(["--update-baseline"], { cwd: dir });
  const off = await cli(["--no-baseline", "--format", "json"], { cwd: dir });
  assert.equal(off.stderr, "");
  assert.equal(off.code, 1, "every offence is reported again");
  const report = JSON.parse(off.stdout);
  assert.equal(report.summary.offences, 4);
  assert.equal(report.baseline, undefined);
  const both = await cli(["--no-baseline", "--update-baseline"], { cwd: dir });
  assert.equal(both.code, 2);
  assert.match(both.stderr, /--update-baseline writes the baseline, which --no-baseline turns off: give one of them/);
  const opposite = await cli(["--baseline", "x.json", "--no-baseline"], { cwd: dir });
  assert.equal(opposite.code, 2);
  assert.match(opposite.stderr, /--no-baseline and --baseline FILE say opposite things: give one of them/);
});

test("--no-config applies no default baseline (docs/configuration.md, Baseline), a named one still; --update-baseline then needs --baseline", async () => {
  const dir = project();
  await cli(["--update-baseline"], { cwd: dir });
  const none = await cli(["--no-config", "--format", "json"], { cwd: dir });
  assert.equal(none.code, 1);
  assert.equal(JSON.parse(none.stdout).baseline, undefined);
  const named = await cli(["--no-config", "--baseline", "wymcp-lint-baseline.json"], { cwd: dir });
  assert.equal(named.code, 0);
  const update = await cli(["--no-config", "--update-baseline"], { cwd: dir });
  assert.equal(update.code, 2);
  assert.match(update.stderr, /--update-baseline with --no-config needs --baseline FILE: without a config there is no default baseline file/);
});

test("a baseline that is a FIFO or a device is a usage error, never read (no hang, no endless read)", async () => {
  const dir = project();
  execFileSync("mkfifo", [join(dir, "fifo.json")]);
  const fifo = await cli(["--baseline", "fifo.json"], { cwd: dir });
  assert.deepEqual(
    { code: fifo.code, stdout: fifo.stdout, stderr: fifo.stderr },
    { code: 2, stdout: "", stderr: 'wymcp-lint: error: the baseline file "fifo.json" is a FIFO, not a regular file; name a baseline file with --baseline FILE.\n' },
  );
  // Shown as given, not as "../../dev/zero"; --update-baseline does not replace it either.
  for (const argv of [
    ["--baseline", "/dev/zero"],
    ["--baseline", "/dev/null", "--update-baseline"],
  ]) {
    const device = await cli(argv, { cwd: dir });
    assert.equal(device.code, 2);
    assert.match(device.stderr, /^wymcp-lint: error: the baseline file "\/dev\/(zero|null)" is a character device, not a regular file; /);
  }
  execFileSync("mkfifo", [join(dir, "wymcp-lint-baseline.json")]);
  assert.match((await cli([], { cwd: dir })).stderr, /the baseline file "wymcp-lint-baseline.json" is a FIFO/);
});

test("--update-baseline through a symlink writes the link's target and keeps the link and the target's mode", async () => {
  const dir = project();
  mkdirSync(join(dir, "ci"));
  writeFileSync(join(dir, "ci/real.json"), '{"version": 1, "entries": []}\n', { mode: 0o600 });
  symlinkSync("ci/real.json", join(dir, "wymcp-lint-baseline.json"));
  const { code, stderr } = await cli(["--update-baseline"], { cwd: dir });
  assert.equal(code, 0);
  assert.equal(stderr, "wymcp-lint: wrote 4 offences to the baseline wymcp-lint-baseline.json\n");
  assert.ok(lstatSync(join(dir, "wymcp-lint-baseline.json")).isSymbolicLink(), "the link stays a link");
  assert.equal(readlinkSync(join(dir, "wymcp-lint-baseline.json")), "ci/real.json");
  assert.equal(statSync(join(dir, "ci/real.json")).mode & 0o777, 0o600);
  assert.match(readFileSync(join(dir, "ci/real.json"), "utf8"), /"count":1/);
});

test("a stale entry's location is escaped in the text report, like every other field of a hostile baseline", async () => {
  const dir = project();
  const hostile = {
    version: 1,
    entries: [{ file: CATALOGUE, code: "unknown-key", tool: "catalogue", action: "search", location: ":x\u001b[2J\n::error ::forged", count: 1, fingerprint: "f".repeat(32) }],
  };
  writeFileSync(join(dir, "wymcp-lint-baseline.json"), JSON.stringify(hostile));
  const { stdout } = await cli([], { cwd: dir });
  assert.doesNotMatch(stdout, /\u001b/);
  assert.doesNotMatch(stdout, /^::error/m);
  assert.match(stdout, /^ {2}stale {2}tools\/catalogue\.actions\.json {2}unknown-key {2}tool catalogue action search at :x\\u\{1B\}\[2J\\n::error ::forged$/m);
});

test("a broken baseline's advice can be followed: deleting it and running --update-baseline works", async () => {
  const dir = project();
  writeFileSync(join(dir, "wymcp-lint-baseline.json"), "{ nope");
  const broken = await cli([], { cwd: dir });
  assert.equal(broken.code, 2);
  assert.match(broken.stderr, /is unusable: it is not valid JSON: .*; fix it, or delete it and run wymcp-lint --update-baseline to write a new one\.\n$/);
  // What the advice says, step by step: --update-baseline alone still refuses the broken file.
  assert.equal((await cli(["--update-baseline"], { cwd: dir })).code, 2);
  rmSync(join(dir, "wymcp-lint-baseline.json"));
  assert.equal((await cli(["--update-baseline"], { cwd: dir })).code, 0);
});

test('the summary says how many offences were baselined only when some were (no "0 baselined")', async () => {
  const dir = project();
  writeFileSync(join(dir, "wymcp-lint-baseline.json"), '{"version": 1, "entries": []}');
  assert.equal(summary((await cli([], { cwd: dir })).stdout), "2 files, 4 actions: 4 offences: 2 errors, 2 warnings (T s)");
});
