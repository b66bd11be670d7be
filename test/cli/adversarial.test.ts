// The adversarial suite: strange and hostile input through the real CLI,
// each case a clear offence or a clean pass with its exact codes, and never a crash, a hang
// or a stack trace (docs/inputs.md, docs/checks.md, docs/locations.md). run() in-process where it can be; the
// spawned bin where process-level behaviour matters (fds, users, memory, things that could
// hang). Fixtures: test/fixtures/adversarial/; big and binary inputs are generated here,
// into a temp dir, and never committed.
//
// Covered elsewhere, not repeated here: modules that throw, exit, never load or print
// through the spawned CLI (test/cli/bin.test.ts), every misbehaving-module fixture through
// the loader (test/modules/lint-modules.test.ts), 100,000 levels of "items" in JSON and JSON5
// (test/cli/run.test.ts), a self/parent symlink loop (test/cli/run.test.ts,
// test/lint/discover.test.ts), invalid UTF-8, NUL and UTF-16 in .json files and on stdin
// (test/cli/run.test.ts), a directory named *.actions.json handed to lintFiles
// (test/lint/discover.test.ts).

import assert from "node:assert/strict";
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { cli, tempDir, type Outcome } from "../support/cli.js";
import { builtPath, repoPath } from "../support/paths.js";
import type { JsonOffence, JsonReport } from "../support/reports.js";

const BIN = repoPath("bin/wymcp-lint.js");
const ADVERSARIAL = repoPath("test/fixtures/adversarial");
const N = 100_000;

/** A stack frame line, as Node prints them: never in our output. */
const STACK_FRAME = /\n\s+at .+:\d+:\d+/;

function assertNoStack(...outputs: readonly string[]): void {
  for (const output of outputs) assert.doesNotMatch(output, STACK_FRAME, `a stack trace in: ${output.slice(0, 500)}`);
}

/** One offence as the tests compare it: file, action, code, then whatever the test picks. */
type Row = readonly unknown[];

function rows(report: JsonReport, pick: (o: JsonOffence) => readonly unknown[] = (o) => [o.path]): Row[] {
  return report.files.flatMap((f) => f.offences.map((o) => [f.file, o.action, o.code, ...pick(o)]));
}

/** run() in-process with --format json: the exit code and the report; nothing on stderr, no stack. */
async function lintJson(argv: readonly string[], cwd: string): Promise<{ code: number; report: JsonReport }> {
  const outcome: Outcome = await cli(["--format", "json", "--max-offences", "0", ...argv], { cwd });
  assertNoStack(outcome.stdout, outcome.stderr);
  assert.equal(outcome.stderr, "");
  return { code: outcome.code, report: JSON.parse(outcome.stdout) as JsonReport };
}

interface Spawned {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly result: SpawnSyncReturns<string>;
}

/** The real command in a child process, with a timeout: a hang fails the test instead of blocking it. */
function spawnLint(args: readonly string[], options: { cwd: string; uid?: number; gid?: number; timeout?: number; command?: readonly string[] }): Spawned {
  const env = { ...process.env };
  for (const name of ["NO_COLOR", "FORCE_COLOR", "WYMCP_LINT_DEBUG"]) delete env[name];
  const command = [...(options.command ?? []), process.execPath, BIN, ...args];
  const result = spawnSync(command[0] as string, command.slice(1), {
    cwd: options.cwd,
    env,
    encoding: "utf8",
    timeout: options.timeout ?? 30_000,
    maxBuffer: 64 * 1024 * 1024,
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.gid ?? options.uid }),
  });
  assert.equal(result.error, undefined, `the command did not finish: ${String(result.error)}`);
  assertNoStack(result.stdout, result.stderr);
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, result };
}

// ---------------------------------------------------------------------------------------
// 100,000 levels of nesting

test("100,000 levels in a JSON and a JSON5 file: down `properties` to an offence at the bottom, lists, a truncated file", async () => {
  const dir = tempDir();
  const json = `{"a":{"description":"A","properties":{"p":${'{"properties":{"p":'.repeat(N)}{"properties":7}${"}}".repeat(N)}}}}`;
  const json5 = `{a:{description:'A',properties:{p:${"{properties:{p:".repeat(N)}{properties:7,}${"},}".repeat(N)}}},}`;
  writeFileSync(join(dir, "props.actions.json"), json);
  writeFileSync(join(dir, "props5.actions.json5"), json5);
  // Lists 100,000 deep inside an example (data, never walked): clean.
  writeFileSync(join(dir, "lists.actions.json"), `{"a":{"description":"A","properties":{"l":{}},"examples":[{"l":${"[".repeat(N)}${"]".repeat(N)}}]}}`);
  writeFileSync(join(dir, "lists5.actions.json5"), `{a:{description:"A",properties:{l:{}},examples:[{l:${"[{x:".repeat(N)}1${"}]".repeat(N)}}]}}`);
  // Cut off 100,000 levels down.
  const truncated = `{"a":{"description":"A","properties":{"p":${'{"items":'.repeat(N)}`;
  const truncated5 = `{a:{description:"A",properties:{p:${"{items:[".repeat(N)}`;
  writeFileSync(join(dir, "truncated.actions.json"), truncated);
  writeFileSync(join(dir, "truncated5.actions.json5"), truncated5);

  const { code, report } = await lintJson(["."], dir);
  assert.equal(code, 1);
  const deepPath = ["properties", "p", ...Array.from({ length: N }, () => ["properties", "p"]).flat()];
  assert.deepEqual(
    rows(report, (o) => [o.path.length, o.line, o.column, o.message.split(";")[0]]),
    [
      ["./props.actions.json", "a", "wrong-type", deepPath.length, 1, json.lastIndexOf(":7") + 2, `"properties" must be a map of property names to schemas`],
      ["./props5.actions.json5", "a", "wrong-type", deepPath.length, 1, json5.lastIndexOf(":7") + 2, `"properties" must be a map of property names to schemas`],
      [
        "./truncated.actions.json",
        null,
        "parse-error",
        0,
        1,
        truncated.length + 1,
        `the file is not valid JSON: unexpected end of input, expected "}" to close the object opened at 1:${truncated.length - 8}`,
      ],
      [
        "./truncated5.actions.json5",
        null,
        "parse-error",
        0,
        1,
        truncated5.length + 1,
        `the file is not valid JSON5: unexpected end of input, expected "]" to close the list opened at 1:${truncated5.length}`,
      ],
    ],
  );
  for (const name of ["./props.actions.json", "./props5.actions.json5"]) {
    assert.deepEqual(report.files.find((f) => f.file === name)?.offences[0]?.path, deepPath, name);
  }
  assert.deepEqual(report.summary, { files: 6, actions: 4, offences: 4, errors: 4, warnings: 0 });
});

test("100,000 levels in a module built in loops: properties, items, additionalProperties, defaults and a list", async () => {
  // Half a million objects travel from the module process as data: a generous timeout, as the point is depth.
  const { code, report } = await lintJson(["--load-timeout", "300", "modules/deep.tool.mjs"], ADVERSARIAL);
  assert.equal(code, 1);
  const path = ["defaults", "root", ...Array.from({ length: N - 1 }, () => "d")];
  assert.deepEqual(
    rows(report, (o) => [o.path.length, o.message.slice(0, 44)]),
    [["modules/deep.tool.mjs", "defaults", "undeclared-default", path.length, `default key "stray" is not declared in :prop`]],
  );
  assert.deepEqual(report.files[0]?.offences[0]?.path, path);
  assert.deepEqual(report.summary, { files: 1, actions: 5, offences: 1, errors: 1, warnings: 0 });
});

// ---------------------------------------------------------------------------------------
// Cycles, prototype names, hostile objects

test("cyclic graphs in a module: direct, through properties, items, additionalProperties and defaults; data and lists", async () => {
  const { code, report } = await lintJson(["modules/cycles.tool.mjs"], ADVERSARIAL);
  assert.equal(code, 1);
  const file = "modules/cycles.tool.mjs";
  assert.deepEqual(rows(report), [
    [file, "cyclic_required", "wrong-type", ["required"]],
    [file, "direct", "cycle", ["properties", "d"]],
    [file, "through_additional", "cycle", ["properties", "outer", "properties", "inner"]],
    [file, "through_defaults", "undeclared-default", ["defaults", "opts", "self"]],
    [file, "through_items", "cycle", ["properties", "list"]],
    [file, "through_properties", "cycle", ["properties", "root", "properties"]],
  ]);
  // open_default, shared and cyclic_example are clean.
  assert.deepEqual(report.summary, { files: 1, actions: 9, offences: 6, errors: 6, warnings: 0 });
});

test("Object.prototype's names as action names, property names and default keys: JSON, JSON5 and a module agree", async () => {
  const { code, report } = await lintJson(["files", "modules/prototype-names.tool.mjs", "modules/prototype-literal.tool.mjs"], ADVERSARIAL);
  assert.equal(code, 1);
  const expected = (file: string): Row[] => [
    // "__proto__" is both required and defaulted: dead-default reads both as own keys, in every form.
    [file, "__proto__", "dead-default", ["defaults"], `"defaults" sets "__proto__", which "required" makes every call supply: the default is never used`],
    [file, "hasOwnProperty", "undeclared-default", ["defaults", "opts"], `default key "__proto__" is not declared in :properties["opts"]["properties"] (declared: "prototype")`],
    [file, "toString", "undeclared-default", ["defaults"], `default key "toString" is not declared in :properties (declared: "valueOf")`],
  ];
  assert.deepEqual(
    rows(report, (o) => [o.path, o.message]),
    [
      ...expected("files/prototypes.actions.json"),
      ...expected("files/prototypes5.actions.json5"),
      // A literal `__proto__:` in a module sets the prototype: that object is not a map.
      ["modules/prototype-literal.tool.mjs", "sneaky", "wrong-type", [], "an action schema must be a map; got an object"],
      ...expected("modules/prototype-names.tool.mjs"),
    ],
  );
  assert.deepEqual(
    report.files.map((f) => [f.tool, f.offences.length]),
    [
      ["prototypes", 3],
      ["prototypes5", 3],
      ["prototype_literal", 1],
      ["prototype_names", 3],
    ],
  );
  assert.deepEqual(report.summary, { files: 4, actions: 17, offences: 10, errors: 7, warnings: 3 });
});

const LOAD_FIX_START = "Make the module load on its own";

test("getters that throw make the tool a load-error naming what was thrown; getters that answer are read like data", async () => {
  const { code, report } = await lintJson(["modules/getters"], ADVERSARIAL);
  assert.equal(code, 1);
  assert.deepEqual(
    rows(report, (o) => [o.message]),
    [
      ["modules/getters/action.tool.mjs", null, "load-error", "reading the tool threw Error: action getter exploded"],
      ["modules/getters/default.tool.mjs", null, "load-error", `reading the tool threw "\\u{1B}[2Jdefault\\ngetter"`],
      ["modules/getters/nested.tool.mjs", null, "load-error", "reading the tool threw null"],
      ["modules/getters/property.tool.mjs", null, "load-error", "reading the tool threw 42"],
      ["modules/getters/schema-key.tool.mjs", null, "load-error", "reading the tool threw RangeError: description getter exploded"],
      ["modules/getters/well-behaved.tool.mjs", "search", "undeclared", `"required" entry 1 names "page", which "properties" does not declare`],
    ],
  );
  for (const file of report.files.slice(0, 5)) assert.ok(file.offences[0]?.fix.startsWith(LOAD_FIX_START));
  assert.deepEqual(report.summary, { files: 6, actions: 1, offences: 6, errors: 6, warnings: 0 });
});

test("Proxies: transparent ones are read through; hostile, revoked and lying ones are load-errors", async () => {
  const { code, report } = await lintJson(["modules/proxies"], ADVERSARIAL);
  assert.equal(code, 1);
  const found = rows(report, (o) => [o.message]);
  assert.deepEqual(found.slice(0, 2), [
    ["modules/proxies/duplicate-keys.tool.mjs", null, "load-error", "reading the tool threw TypeError: 'ownKeys' on proxy: trap returned duplicate entries"],
    ["modules/proxies/hostile.tool.mjs", null, "load-error", "reading the tool threw Error: trap sprung"],
  ]);
  // Which operation meets the revoked proxy first is the chain's business; that it is named is ours.
  assert.deepEqual(found[2]?.slice(0, 3), ["modules/proxies/revoked.tool.mjs", null, "load-error"]);
  assert.match(String(found[2]?.[3]), /^reading the tool threw TypeError: .*revoked/);
  assert.deepEqual(found[3], ["modules/proxies/transparent.tool.mjs", "search", "unknown-key", `unknown key "requird" in the action schema`]);
  assert.deepEqual(report.summary, { files: 4, actions: 1, offences: 4, errors: 4, warnings: 0 });
});

test("frozen, sealed and null-prototype objects, tool and actions map included, are judged like any other", async () => {
  const { code, report } = await lintJson(["modules/frozen.tool.mjs", "modules/null-prototype.tool.mjs"], ADVERSARIAL);
  assert.equal(code, 1);
  assert.deepEqual(rows(report), [
    ["modules/frozen.tool.mjs", "broken", "newline", ["description"]],
    ["modules/frozen.tool.mjs", "broken", "undeclared", ["required"]],
    // A frozen group naming a required property is read like any other: always satisfied.
    ["modules/frozen.tool.mjs", "search", "dead-group", ["required_one_of"]],
    ["modules/null-prototype.tool.mjs", "stray_default", "undeclared-default", ["defaults", "opts"]],
    ["modules/null-prototype.tool.mjs", "unknown", "unknown-key", ["requird"]],
  ]);
  assert.deepEqual(
    report.files.map((f) => f.tool),
    ["frozen", "null_prototype"],
  );
  assert.deepEqual(report.summary, { files: 2, actions: 6, offences: 5, errors: 4, warnings: 1 });
});

// ---------------------------------------------------------------------------------------
// Files that are not what they say

test("empty and blank files, a lone BOM, a BOM before an offence, invalid UTF-8 in JSON5, gzip data, a name that is not UTF-8", async () => {
  const dir = tempDir();
  const files: Record<string, Uint8Array | string> = {
    "empty.actions.json": "",
    "empty5.actions.json5": "",
    "blank.actions.json": " \n\t\r\n",
    "bom-only.actions.json": "\ufeff",
    // The BOM is not a column: the offence is at column 19 of what the editor shows.
    "bom5.actions.json5": "\ufeff{a: {description: 5, properties: {}}}",
    "overlong.actions.json5": Buffer.from([...Buffer.from('{a: "'), 0xc0, 0x80, ...Buffer.from('"}')]),
    "surrogate.actions.json5": Buffer.from([...Buffer.from('{\n a: "'), 0xed, 0xa0, 0x80, ...Buffer.from('"}')]),
    "cut.actions.json5": Buffer.from([...Buffer.from("{a: 'x"), 0xe2, 0x82]),
    // A binary file with a JSON name: gzip'd JSON (a NUL in its header), and random-looking high bytes with no NUL.
    "gzip.actions.json": gzipSync(Buffer.from('{"a": {"description": "A", "properties": {}}}')),
    "noise.actions.json": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x01]),
  };
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  // "\xff.actions.json": a Linux file name that is not UTF-8 (U+FFFD as text): linted, by its bytes.
  writeFileSync(Buffer.from([...Buffer.from(`${dir}/`), 0xff, ...Buffer.from(".actions.json")]), '{"a": {"description": "A\\nB", "properties": {}}}');

  const { code, report } = await lintJson(["."], dir);
  assert.equal(code, 1);
  const json = "the file is not valid JSON: unexpected end of input, expected a value";
  const utf8 = (byte: string): string => `the file is not valid UTF-8 (byte ${byte})`;
  assert.deepEqual(
    rows(report, (o) => [o.line, o.column, o.message]),
    [
      ["./blank.actions.json", null, "parse-error", 3, 1, json],
      ["./bom-only.actions.json", null, "parse-error", 1, 1, json],
      ["./bom5.actions.json5", "a", "wrong-type", 1, 19, `"description" must be a string; got 5`],
      ["./cut.actions.json5", null, "parse-error", 1, 7, utf8("0xE2")],
      ["./empty.actions.json", null, "parse-error", 1, 1, json],
      ["./empty5.actions.json5", null, "parse-error", 1, 1, "the file is not valid JSON5: unexpected end of input, expected a value"],
      ["./gzip.actions.json", null, "parse-error", 1, 4, "the file is not text: it holds a NUL byte (a binary file?)"],
      ["./noise.actions.json", null, "parse-error", 1, 1, utf8("0x89")],
      ["./overlong.actions.json5", null, "parse-error", 1, 6, utf8("0xC0")],
      ["./surrogate.actions.json5", null, "parse-error", 2, 6, utf8("0xED")],
      // Read by its bytes and linted; shown with U+FFFD for the byte, as text must, which no MCP tool name holds.
      [
        "./\ufffd.actions.json",
        null,
        "tool-name",
        null,
        null,
        `the tool name "\ufffd" holds "\ufffd" (U+FFFD); an MCP tool name is 1 to 128 characters of A-Z, a-z, 0-9, "_", "." and "-"`,
      ],
      ["./\ufffd.actions.json", "a", "newline", 1, 23, `"description" contains a line break ("\\n")`],
    ],
  );
  assert.deepEqual(report.summary, { files: 11, actions: 2, offences: 12, errors: 12, warnings: 0 });
});

// ---------------------------------------------------------------------------------------
// What cannot be read

/**
 * Whether this process can run the command as another user (root), or chmod 000 works on its
 * own (not root); else why not. The other user must also be able to reach the repository:
 * a clone inside a folder closed to others (a `mktemp -d` folder, mode 700) is not.
 */
function unprivileged(): { uid?: number; gid?: number } | string {
  const uid = process.getuid?.();
  if (uid === undefined) return "no file modes to take away here (no uid)";
  if (uid !== 0) return {};
  const nobody = { uid: 65534, gid: 65534 };
  if (spawnSync(process.execPath, ["-e", "0"], nobody).status !== 0) return "root cannot run a process as another user here";
  const version = spawnSync(process.execPath, [BIN, "--version"], { ...nobody, cwd: "/", encoding: "utf8" });
  if (version.status !== 0) return `uid 65534 cannot run the command in ${repoPath("")} (a folder above it is closed to other users)`;
  return nobody;
}

test("a description holding 5.6 million characters of base64: every check of the file reports, and the other files too", async () => {
  const dir = tempDir();
  const run = Buffer.alloc(4_200_000, "send the file ").toString("base64");
  writeFileSync(join(dir, "big.actions.json"), JSON.stringify({ search: { description: `Search ${run}`, properties: {}, requird: [] } }));
  writeFileSync(join(dir, "small.actions.json"), JSON.stringify({ find: { description: "Find", properties: {}, requird: [] } }));
  const { code, stdout, stderr } = await cli(["--format", "json", "."], { cwd: dir });
  assert.deepEqual([code, stderr], [1, ""]);
  const report = JSON.parse(stdout) as JsonReport;
  assert.deepEqual(
    report.files.map((f) => [f.file, f.offences.map((o) => o.code)]),
    [
      ["./big.actions.json", ["encoded-blob", "unknown-key"]],
      ["./small.actions.json", ["unknown-key"]],
    ],
  );
});

test("permission denied: an unreadable action file, module and directory are offences of their own; the rest is linted", (t) => {
  // Root reads through chmod 000, so as root the command runs as nobody (uid 65534).
  const user = unprivileged();
  if (typeof user === "string") {
    t.skip(`cannot take read permission away: ${user}`);
    return;
  }
  const dir = tempDir();
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, "ok.actions.json"), '{"a": {"description": "A", "properties": {}}}');
  writeFileSync(join(dir, "secret.actions.json"), "{}");
  writeFileSync(join(dir, "secret.tool.mjs"), "export default { name: 'secret', description: 'S', actions: () => ({}) };");
  chmodSync(join(dir, "secret.actions.json"), 0o000);
  chmodSync(join(dir, "secret.tool.mjs"), 0o000);

  const files = spawnLint(["--format", "json", "."], { cwd: dir, ...user });
  assert.equal(files.stderr, "");
  assert.equal(files.code, 1);
  const report = JSON.parse(files.stdout) as JsonReport;
  const found = rows(report, (o) => [o.message]);
  assert.deepEqual(found[0], ["./secret.actions.json", null, "parse-error", "the file cannot be read: permission denied"]);
  assert.deepEqual(found[1]?.slice(0, 3), ["./secret.tool.mjs", null, "load-error"]);
  assert.match(String(found[1]?.[3]), /^loading the module threw Error: EACCES: permission denied, open '.*secret\.tool\.mjs'$/);
  assert.deepEqual(report.summary, { files: 3, actions: 1, offences: 2, errors: 2, warnings: 0 });

  // A directory that cannot be listed is one parse-error (the code of what cannot be read),
  // and the rest is linted: never a clean pass, never an aborted run.
  mkdirSync(join(dir, "locked"));
  writeFileSync(join(dir, "locked", "x.actions.json"), "{}");
  chmodSync(join(dir, "locked"), 0o000);
  const locked = spawnLint(["--format", "json", "."], { cwd: dir, ...user });
  assert.deepEqual([locked.code, locked.stderr], [1, ""]);
  const lockedReport = JSON.parse(locked.stdout) as JsonReport;
  assert.deepEqual(
    rows(lockedReport, (o) => [o.message]),
    [["./locked", null, "parse-error", "the directory cannot be read: permission denied"], found[0], ["./secret.tool.mjs", null, "load-error", found[1]?.[3]]],
  );
  assert.deepEqual(lockedReport.summary, { files: 4, actions: 1, offences: 3, errors: 3, warnings: 0 });
});

test("what is not a readable file: FIFOs and devices are never opened, dangling and looping links are named or skipped, a directory named *.actions.json is searched", (t) => {
  const dir = tempDir();
  writeFileSync(join(dir, "ok.actions.json"), '{"a": {"description": "A", "properties": {}}}');
  mkdirSync(join(dir, "dir.actions.json"));
  writeFileSync(join(dir, "dir.actions.json", "inner.actions.json5"), "{b: {description: 'B\\nC', properties: {}}}");
  symlinkSync("/dev/zero", join(dir, "zero.actions.json"));
  symlinkSync("missing.actions.json", join(dir, "dangling.actions.json"));
  symlinkSync("loop-b.actions.json", join(dir, "loop-a.actions.json"));
  symlinkSync("loop-a.actions.json", join(dir, "loop-b.actions.json"));
  const fifo = spawnSync("mkfifo", [join(dir, "fifo.actions.json")]).status === 0;
  if (!fifo) t.diagnostic("mkfifo is not available: the FIFO case is not tested");

  // Spawned, with a timeout: opening a FIFO or /dev/zero would block or never end.
  const inner = ["./dir.actions.json/inner.actions.json5", "b", "newline"];
  const search = spawnLint(["--format", "json", "."], { cwd: dir, timeout: 15_000 });
  assert.equal(search.stderr, "");
  assert.equal(search.code, 1);
  const report = JSON.parse(search.stdout) as JsonReport;
  assert.deepEqual(
    rows(report, () => []),
    [inner],
  );
  assert.deepEqual(
    report.files.map((f) => f.file),
    ["./dir.actions.json/inner.actions.json5", "./ok.actions.json"],
  );

  // A glob meets the same entries: the same two files.
  const glob = spawnLint(["--format", "json", "*.actions.json*"], { cwd: dir, timeout: 15_000 });
  assert.equal(glob.stderr, "");
  assert.equal(glob.code, 1);
  assert.deepEqual(
    (JSON.parse(glob.stdout) as JsonReport).files.map((f) => f.file),
    ["dir.actions.json/inner.actions.json5", "ok.actions.json"],
  );

  // Found in the run, not in the command line: no --help hint.
  const usage = (what: string): string => `wymcp-lint: error: ${what}.\n`;
  const named: [string, string][] = [
    ["zero.actions.json", usage(`"zero.actions.json" is neither a file nor a directory`)],
    ["dangling.actions.json", usage(`no such file or directory: "dangling.actions.json"`)],
    ["loop-a.actions.json", usage(`cannot read "loop-a.actions.json": too many levels of symbolic links`)],
  ];
  if (fifo) named.push(["fifo.actions.json", usage(`"fifo.actions.json" is neither a file nor a directory`)]);
  for (const [name, stderr] of named) {
    const outcome = spawnLint([name], { cwd: dir, timeout: 15_000 });
    assert.deepEqual([outcome.code, outcome.stdout, outcome.stderr], [2, "", stderr], name);
  }
});

test("directory symlinks found in a search (two directories pointing at each other, one at itself) are not entered; each file linted once", () => {
  const dir = tempDir();
  mkdirSync(join(dir, "d1"));
  mkdirSync(join(dir, "d2"));
  writeFileSync(join(dir, "d1", "s.actions.json"), '{"s": {"description": "S", "properties": {}}}');
  writeFileSync(join(dir, "d2", "t.actions.json"), '{"t": {"description": "T", "properties": {}}}');
  symlinkSync(join("..", "d2"), join(dir, "d1", "to2"));
  symlinkSync(join("..", "d1"), join(dir, "d2", "to1"));
  symlinkSync(".", join(dir, "d2", "again"));
  for (const [args, files] of [
    [["."], ["./d1/s.actions.json", "./d2/t.actions.json"]],
    [
      ["d2", "d1"],
      ["d1/s.actions.json", "d2/t.actions.json"],
    ],
    [["d1/to2"], ["d1/to2/t.actions.json"]],
    [["**"], ["d1/s.actions.json", "d2/t.actions.json"]],
    [["**/*.actions.json"], ["d1/s.actions.json", "d2/t.actions.json"]],
  ] as const) {
    const outcome = spawnLint(["--format", "json", ...args], { cwd: dir, timeout: 15_000 });
    assert.deepEqual([outcome.code, outcome.stderr], [0, ""], args.join(" "));
    const report = JSON.parse(outcome.stdout) as JsonReport;
    assert.deepEqual(
      report.files.map((f) => f.file),
      files,
      args.join(" "),
    );
  }
});

// ---------------------------------------------------------------------------------------
// Modules that misbehave at the process level

test("modules that write to fds 1 and 2, print stack traces, abort, set an exit code or return a Promise: nothing leaks", () => {
  const args = [
    "modules/fd-writes.tool.mjs",
    "modules/prints-stack.tool.mjs",
    "modules/abort.tool.mjs",
    "modules/exit-code.tool.mjs",
    "../modules/broken/actions-returns-promise.tool.mjs",
  ];
  const json = spawnLint(["--format", "json", ...args], { cwd: ADVERSARIAL });
  assert.doesNotMatch(json.stdout + json.stderr, /LEAK|printed|traced|\u001b/);
  assert.equal(json.stderr, "");
  assert.equal(json.code, 1);
  // stdout is one JSON document and nothing else.
  const report = JSON.parse(json.stdout) as JsonReport;
  const found = rows(report, (o) => [o.message]);
  assert.deepEqual(found, [
    ["../modules/broken/actions-returns-promise.tool.mjs", null, "tool-shape", "actions() must return a map of action names to action schemas; got a Promise"],
    ["modules/abort.tool.mjs", null, "load-error", "called process.abort() while loading"],
  ]);
  assert.deepEqual(report.summary, { files: 5, actions: 3, offences: 2, errors: 2, warnings: 0 });

  // The well-behaved three alone: exit 0 whatever exit code a module set, and only our summary.
  const text = spawnLint(args.slice(0, 2).concat(args[3] as string), { cwd: ADVERSARIAL });
  assert.deepEqual([text.code, text.stderr], [0, ""]);
  assert.match(text.stdout, /^3 files, 3 actions: no offences \(\d+\.\d\d s\)\n$/);
});

// ---------------------------------------------------------------------------------------
// A 100 MB action file

const BIG_MB = 100;

interface BigRun {
  readonly bytes: number;
  readonly maxRssBytes: number;
  readonly seconds: number;
  readonly how: string;
}

/** Writes a ~100 MB action file of realistic actions, the last with a newline offence. */
function writeBigFile(path: string): { actions: number; lastLine: number; lastColumn: number; bytes: number } {
  const fd = openSync(path, "w");
  let bytes = 0;
  let chunk: string[] = [];
  let chunkLength = 0;
  const flush = (): void => {
    const buffer = Buffer.from(chunk.join(""));
    writeSync(fd, buffer);
    bytes += buffer.length;
    chunk = [];
    chunkLength = 0;
  };
  const push = (s: string): void => {
    chunk.push(s);
    chunkLength += s.length;
    if (chunkLength > 1 << 20) flush();
  };
  push("{\n");
  let actions = 0;
  while (bytes + chunkLength < BIG_MB * 1024 * 1024) {
    push(
      `  "action_${actions}": {"description": "Action number ${actions} of a very large tool", "properties": {"query": {"type": "string", "description": "What to look for, in plain words"}, "limit": {"type": "integer", "minimum": 1}, "opts": {"type": "object", "properties": {"a": {}, "b": {"type": "array", "items": {"type": "string"}}}}}, "required": ["query"], "defaults": {"limit": 10, "opts": {"a": 1}}},\n`,
    );
    actions++;
  }
  const last = `  "last": {"description": "bad\\nline", "properties": {}}`;
  push(`${last}\n}\n`);
  flush();
  closeSync(fd);
  return { actions: actions + 1, lastLine: actions + 2, lastColumn: last.indexOf('"bad') + 1, bytes };
}

let bigRun: Promise<BigRun> | undefined;

/** Lints the big file once in a child process and measures its peak RSS; shared by the two tests below. */
function lintBigFile(): Promise<BigRun> {
  bigRun ??= new Promise<BigRun>((resolve) => resolve(measureBigFile()));
  return bigRun;
}

/** Peak RSS of the linter over `file`: by /usr/bin/time when there is one, else from a wrapper that runs it in-process. */
function measure(dir: string, file: string, forceWrapper = process.env["WYMCP_RSS_WRAPPER"] === "1"): { outcome: Spawned; maxRssBytes: number; how: string } {
  if (existsSync("/usr/bin/time") && !forceWrapper) {
    const rssFile = join(dir, "rss");
    const outcome = spawnLint([file], { cwd: dir, timeout: 120_000, command: ["/usr/bin/time", "-f", "%M", "-o", rssFile] });
    const kb = Number.parseInt(readFileSync(rssFile, "utf8").trim().split("\n").pop() as string, 10);
    return { outcome, maxRssBytes: kb * 1024, how: "/usr/bin/time -f %M" };
  }
  const script = `const { run } = await import(${JSON.stringify(pathToFileURL(builtPath("dist/cli/run.js")).href)});
    let out = "";
    const code = await run([${JSON.stringify(file)}], { stdout: (s) => void (out += s), stderr: (s) => process.stderr.write(s), cwd: process.cwd(), env: {}, isTTY: false });
    process.stdout.write(out + "maxRSS " + process.resourceUsage().maxRSS + "\\n");
    process.exitCode = code;`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8", timeout: 120_000, maxBuffer: 64 << 20 });
  assert.equal(result.error, undefined, `the wrapper did not finish: ${String(result.error)}`);
  assertNoStack(result.stdout, result.stderr);
  const kb = Number(/maxRSS (\d+)\n$/.exec(result.stdout)?.[1]);
  const outcome = { code: result.status, stdout: result.stdout.replace(/maxRSS \d+\n$/, ""), stderr: result.stderr, result };
  return { outcome, maxRssBytes: kb * 1024, how: "process.resourceUsage().maxRSS of a wrapper running run() in-process" };
}

function measureBigFile(): BigRun {
  const dir = tempDir();
  try {
    const { actions, lastLine, lastColumn, bytes } = writeBigFile(join(dir, "big.actions.json"));
    // The client limits still run (and are measured); the joined summary of 266,000 actions is over them, which is not this test's point.
    writeFileSync(join(dir, "wymcp-lint.config.json"), JSON.stringify({ clients: [] }));
    const started = Date.now();
    const { outcome, maxRssBytes, how } = measure(dir, "big.actions.json");
    const seconds = (Date.now() - started) / 1000;
    assert.equal(outcome.stderr, "");
    assert.equal(outcome.code, 1);
    const lines = outcome.stdout.split("\n");
    assert.equal(
      lines[0],
      `big.actions.json:${lastLine}:${lastColumn}  newline  tool big action last at :description: "description" contains a line break ("\\n"). Fix: Keep "description" to one line and move the rest to "notes", where line breaks are allowed.`,
    );
    assert.match(lines[2] as string, new RegExp(`^1 file, ${actions} actions: 1 offence \\(`));
    assert.ok(Number.isFinite(maxRssBytes) && maxRssBytes > bytes, `a peak RSS was measured: ${maxRssBytes}`);
    return { bytes, maxRssBytes, seconds, how };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Peak memory: the text (1×, kept for positions), the parsed value (about 2.5× for this
// shape), Node itself (~40 MiB) and the garbage of the checks between collections; the bytes
// are dropped once decoded. Measured: 3.95× at first, 4.27× before the checks of schemas to
// the end, values against schemas and client limits, 4.41–4.51× with them (the bench's 50 MB
// row holds memory against its floor).
const MAX_RSS_RATIO = 5;

test(`a ${BIG_MB} MB action file: linted in one piece, its offence located, peak memory within ${MAX_RSS_RATIO}× its size`, { timeout: 180_000 }, async (t) => {
  const run = await lintBigFile();
  const ratio = run.maxRssBytes / run.bytes;
  t.diagnostic(
    `${(run.bytes / 2 ** 20).toFixed(0)} MiB linted in ${run.seconds.toFixed(1)} s, peak RSS ${(run.maxRssBytes / 2 ** 20).toFixed(0)} MiB (${ratio.toFixed(2)}× the file, by ${run.how})`,
  );
  assert.ok(ratio <= MAX_RSS_RATIO, `peak RSS is ${ratio.toFixed(2)}× the file size`);
});
