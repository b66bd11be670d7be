// The real command, spawned: bin/wymcp-lint.js with process io. Exit codes, stdin, --help,
// --version, a closed or full stdout pipe, a stderr nobody reads, and tool modules that throw,
// exit, never load or print (docs/inputs.md): each is confined to its file, nothing it prints
// reaches our output, and no linted file changes. Its process lints once, so the Elixir parser stays on V8's baseline
// compiler (test/elixir/parser.test.ts shows V8's default).

import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, constants, existsSync, openSync, readdirSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { Socket } from "node:net";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { FIXTURES, heads, offenceLines, summary, tempDir, untimed } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const BIN = fileURLToPath(new URL("../../bin/wymcp-lint.js", import.meta.url));

interface Spawned {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function wymcpLint(args: readonly string[], input?: string): Spawned {
  const env = { ...process.env };
  for (const name of ["NO_COLOR", "FORCE_COLOR", "WYMCP_LINT_DEBUG"]) delete env[name];
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: FIXTURES, env, encoding: "utf8", timeout: 120_000, ...(input === undefined ? {} : { input }) });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test("exit codes: 0 clean, 1 offences, 2 usage error", () => {
  const clean = wymcpLint(["clean"]);
  assert.deepEqual([clean.code, untimed(clean.stdout), clean.stderr], [0, "2 files, 3 actions: no offences (T s)\n", ""]);
  const offences = wymcpLint(["reserved"]);
  assert.deepEqual([offences.code, heads(offences.stdout), offences.stderr], [1, ["reserved/help.actions.json  reserved-name  tool help"], ""]);
  const usage = wymcpLint(["--format", "yaml"]);
  assert.deepEqual(
    [usage.code, usage.stdout, usage.stderr],
    [2, "", `wymcp-lint: error: --format must be one of text, json, sarif, github; got "yaml". Run wymcp-lint --help for usage.\n`],
  );
});

test("--stdin reads standard input as the named action file", () => {
  const { code, stdout, stderr } = wymcpLint(["--stdin", "--stdin-filename", "editor.actions.json5"], "{\n  e: { description: 'E\\nF', properties: {} },\n}\n");
  assert.equal(stderr, "");
  assert.equal(code, 1);
  assert.deepEqual(heads(stdout), ["editor.actions.json5:2:21  newline  tool editor action e at :description"]);
});

test("--help and --version", () => {
  const help = wymcpLint(["--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^wymcp-lint \[paths\.\.\]\n[\s\S]*--max-offences[\s\S]*\nExit codes:\n/);
  const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  assert.deepEqual(wymcpLint(["--version"]), { code: 0, stdout: `${version}\n`, stderr: "" });
});

test("a closed stdout pipe (wymcp-lint | head) ends quietly with the real exit code", async () => {
  const child = spawn(process.execPath, [BIN, "offences", "--max-offences", "0"], { cwd: FIXTURES, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.destroy(); // the reader is gone before anything is written
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (s: string) => void (stderr += s));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  assert.equal(stderr, "");
  assert.equal(code, 1);
});

test("a traced run (WYMCP_LINT_TRACE) whose stderr nobody reads still reports and exits as it should", async () => {
  const child = spawn(process.execPath, [BIN, "clean"], { cwd: FIXTURES, env: { ...process.env, WYMCP_LINT_TRACE: "chunks" }, stdio: ["ignore", "pipe", "pipe"] });
  child.stderr.destroy(); // the traces' reader is gone before the first is written
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (s: string) => void (stdout += s));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  assert.deepEqual([code, untimed(stdout)], [0, "2 files, 3 actions: no offences (T s)\n"]);
});

test("a stdout that cannot take the report yet (non-blocking and full) still gets all of it, in order", {
  skip: process.platform === "linux" ? false : "reads the command's state from /proc",
}, async () => {
  const dir = tempDir();
  const fifo = join(dir, "stdout");
  const cache = join(dir, "cache");
  execFileSync("mkfifo", [fifo]);
  // The write end, non-blocking (O_RDWR opens a FIFO with no reader yet), filled here first, so
  // the command's first write fails with EAGAIN and the rest must wait for the reader.
  const writer = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
  const filler = Buffer.alloc(1024, ".");
  let filled = 0;
  assert.throws(() => {
    for (;;) filled += writeSync(writer, filler);
  }, /EAGAIN/);
  // Opened now, so the FIFO keeps what it holds, but read only later.
  const readable = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  // Through a shell as descriptor 3: Node sets the descriptors 0 to 2 it hands a child back to
  // blocking, which would hide the case; the shell makes 3 the command's stdout as it is.
  const args = ["offences", "--format", "json", "--cache", "--cache-location", cache];
  const child = spawn("sh", ["-c", 'exec "$0" "$@" >&3 3>&-', process.execPath, BIN, ...args], { cwd: FIXTURES, stdio: ["ignore", "ignore", "pipe", writer] });
  closeSync(writer);
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (s: string) => void (stderr += s));
  const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
  // Nothing is read until the command has tried to write: it has written its cache (just
  // before the report) and then sleeps (waiting to write the rest) or has ended.
  const state = (): string | null => {
    try {
      return /^\d+ \(.*\) (\S)/.exec(readFileSync(`/proc/${child.pid}/stat`, "utf8"))?.[1] ?? null;
    } catch {
      return null; // ended
    }
  };
  for (let waited = 0; !(existsSync(cache) && state() !== "R"); waited++) {
    assert.ok(waited < 12_000, "the command neither wrote its cache nor waited within 120 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const reader = new Socket({ fd: readable, readable: true, writable: false });
  const chunks: Buffer[] = [];
  reader.on("data", (chunk: Buffer) => chunks.push(chunk));
  const [code] = await Promise.all([closed, new Promise((resolve) => reader.on("end", resolve))]);
  const output = Buffer.concat(chunks);
  assert.ok(filled > 0 && output.subarray(0, filled).every((byte) => byte === 0x2e));
  const expected = wymcpLint(args);
  assert.deepEqual([code, stderr], [expected.code, ""]);
  const report = (text: string): unknown => ({ ...(JSON.parse(text) as object), summary: null });
  assert.deepEqual(report(output.subarray(filled).toString("utf8")), report(expected.stdout));
});

test("with hostile modules, --format json is still one parseable document carrying each load-error", () => {
  const { code, stdout, stderr } = wymcpLint(["modules", "--load-timeout", "10", "--format", "json"]);
  assert.equal(code, 1);
  assert.equal(stderr, "");
  const report = JSON.parse(stdout) as { files: { file: string; offences: { code: string }[] }[]; summary: { offences: number } };
  assert.deepEqual(
    report.files.map((f) => [f.file, f.offences.map((o) => o.code)]),
    [
      ["modules/chatty.tool.mjs", []],
      ["modules/exits.tool.mjs", ["load-error"]],
      ["modules/never.tool.mjs", ["load-error"]],
      ["modules/throws.tool.mjs", ["load-error"]],
      ["modules/valid.actions.json", ["newline"]],
    ],
  );
  assert.equal(report.summary.offences, 4);
});

function digests(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort())
    out[name] = createHash("sha256")
      .update(readFileSync(join(dir, name)))
      .digest("hex");
  return out;
}

test("modules that throw, exit or never load are load-errors of their own; the rest is linted; nothing they print leaks", () => {
  const dir = join(FIXTURES, "modules");
  const before = digests(dir);
  // 10 s: long enough for the other modules to load on a busy machine; the never-loading
  // one is cut off by it (the spawn's own timeout would fail the test otherwise).
  const { code, stdout, stderr } = wymcpLint(["modules", "--load-timeout", "10"]);
  assert.equal(code, 1);
  assert.equal(stderr, "");
  assert.ok(!stdout.includes("LEAK") && !stderr.includes("LEAK"), stdout);
  assert.ok(!stdout.includes("\u001b"), "no escape sequence from a module reaches the report");
  assert.deepEqual(
    offenceLines(stdout).map((line) => line.split(". Fix: ")[0]),
    [
      "modules/exits.tool.mjs  load-error  called process.exit(0) while loading",
      "modules/never.tool.mjs  load-error  did not finish loading within 10 s (--load-timeout)",
      "modules/throws.tool.mjs  load-error  loading the module threw TypeError: boom at import",
      `modules/valid.actions.json:2:28  newline  tool valid action ping at :description: "description" contains a line break ("\\n")`,
    ],
  );
  // chatty.tool.mjs loaded and was linted (its one action counts); valid.actions.json has two.
  assert.equal(summary(stdout), "5 files, 3 actions: 4 offences (T s)");
  assert.deepEqual(digests(dir), before);
});

/** The built-in modules (`NativeModule name`) a run of the command with `args` loaded, its report to a pipe. */
function builtinsLoaded(args: readonly string[], status: number): Set<string> {
  const dir = tempDir();
  const list = join(dir, "modules.txt");
  const preload = join(dir, "modules.cjs");
  writeFileSync(preload, `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join("\\n")));\n`);
  const run = spawnSync(process.execPath, ["--require", preload, BIN, ...args], { encoding: "utf8", timeout: 120_000 });
  assert.equal(run.status, status, run.stderr);
  const loaded = new Set(readFileSync(list, "utf8").split("\n"));
  assert.ok(loaded.has("NativeModule vm"), "the list is the run's: the chunk loader's vm is in it");
  return loaded;
}

const loadedOf = (loaded: Set<string>, names: readonly string[]): string[] => names.filter((name) => loaded.has(`NativeModule ${name}`));

test("a one-file run loads none of the heavier built-in modules it does not use", () => {
  // Each costs every start-up its compile (bench/README.md): node:crypto is for signing a cache and
  // for fingerprints, node:zlib and the stream modules were for a checksum, fs/promises and the
  // ES-module loader for an ES-module bin, perf_hooks for a clock, net and tty for process.stdout.
  const loaded = builtinsLoaded(["--format", "json", repoPath("test/fixtures/real-mcp/actions-clean/context7-mcp.actions.json")], 0);
  const unused = ["crypto", "zlib", "fs/promises", "perf_hooks", "stream", "readline", "net", "tty", "internal/modules/esm/translators"];
  assert.deepEqual(loadedOf(loaded, unused), []);
});

test("an Elixir run loads no node:crypto, which only evaluating the project needs", () => {
  // web-tree-sitter itself loads fs/promises, its streams and the ES-module loader.
  const loaded = builtinsLoaded(["--format", "json", repoPath("test/fixtures/elixir/parity/elixir/catalogue.ex")], 1);
  assert.ok(loaded.has("NativeModule v8"), "the parser ran: it set V8's flags");
  assert.deepEqual(loadedOf(loaded, ["crypto"]), []);
});

test("a lint runs the Elixir grammar on V8's baseline compiler alone, whatever its flags", () => {
  const module = repoPath("test/fixtures/elixir/parity/elixir/catalogue.ex");
  const lint = (flags: readonly string[], args: readonly string[], env: NodeJS.ProcessEnv = process.env) =>
    spawnSync(process.execPath, [...flags, BIN, ...args, module], { env, encoding: "utf8", timeout: 120_000 });
  for (const args of [
    ["--format", "json"],
    ["--no-ignore", "--format", "json"],
  ]) {
    const traced = lint(["--trace-wasm-compilation-times"], args);
    assert.equal(traced.status, 1, traced.stderr);
    // V8 writes its trace into standard output beside the report, where a line of it may be cut
    // by the report's bytes: only the compilers' names are read from it.
    assert.match(traced.stdout, /using Liftoff/, "no WebAssembly compiled: the module was not parsed");
    assert.doesNotMatch(traced.stdout, /using TurboFan/, args.join(" "));
  }
  // The same run without V8's trace: its report, and the flags set when the parser loads, so
  // the chunks loaded before and after keep the code cache the build made under V8's defaults
  // (a run under a flag of node's own, as above, does not).
  const run = lint([], ["--format", "json"], { ...process.env, WYMCP_LINT_TRACE: "chunks" });
  const report = JSON.parse(run.stdout) as { summary: { files: number; offences: number } };
  assert.equal(run.status, 1, run.stderr);
  assert.deepEqual([report.summary.files, report.summary.offences], [1, 7]);
  // Every chunk with a cache, before the parser's flags and after them, keeps it.
  const states = [...run.stderr.matchAll(/trace: chunk (\S+) \(code cache: (\w+)\)/g)].map((m) => [m[1], m[2]] as const);
  const parser = states.findIndex(([chunk]) => chunk?.startsWith("parser-") === true);
  assert.ok(parser > 0 && states.slice(0, parser).some(([, state]) => state === "used"), run.stderr);
  assert.deepEqual(
    states.filter(([, state]) => state !== "used" && state !== "none"),
    [],
  );
});
