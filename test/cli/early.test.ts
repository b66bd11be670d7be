// The start-up shortcut (src/cli/early.ts, standby.ts): a command line that names a tool
// module, or a directory that shows one, starts the standby module process before the CLI loads; run() adopts it or, when
// nothing did, stops it at the end of the run, never leaving it behind. A command line that
// lints once keeps the Elixir parser on V8's baseline compiler (test/elixir/parser.test.ts
// shows V8's default).

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { startEarly } from "../../src/cli/early.js";
import { shortcutCommand } from "../../src/cli/options/shortcut.js";
import { startStandbyFor } from "../../src/cli/standby.js";
import { ModuleStandby } from "../../src/modules/standby.js";
import { DEFAULT_MEMORY_LIMIT_MB } from "../../src/modules/spawn.js";
import { cli, FIXTURES, tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";
import { exited } from "../support/processes.js";

test("only a command line that names a tool module, or a directory that shows one near its top, starts one", () => {
  // Action files only; a tool module under a dot-folder and node_modules, which a search skips; a tool module two levels down.
  const actionsOnly = tempDir();
  writeFileSync(join(actionsOnly, "a.actions.json"), "{}");
  for (const skipped of [".hidden", "node_modules"]) {
    mkdirSync(join(actionsOnly, skipped));
    writeFileSync(join(actionsOnly, skipped, "x.tool.ts"), "export default {};");
  }
  const withModule = tempDir();
  mkdirSync(join(withModule, "src", "tools"), { recursive: true });
  writeFileSync(join(withModule, "src", "tools", "search.tool.mjs"), "export default {};");
  for (const argv of [
    ["missing-directory"],
    [actionsOnly],
    ["a.actions.json"],
    ["--format", "json", "b.actions.json5"],
    ["--cache", withModule],
    ["--help"],
    ["--explain", "wrong-type"],
  ]) {
    assert.equal(startEarly(argv), null, JSON.stringify(argv));
  }
  for (const argv of [
    ["--format", "json", "tools", "src/search.tool.ts"],
    [actionsOnly, withModule],
  ]) {
    const started = startEarly(argv);
    assert.ok(started !== null && started.process !== null, JSON.stringify(argv));
    started.stop();
  }
});

test("the directory look reads the paths from the run's directory, not the process's", () => {
  const command = shortcutCommand(["."]);
  assert.ok(command?.kind === "lint");
  const withModule = tempDir();
  writeFileSync(join(withModule, "search.tool.mjs"), "export default {};");
  const actionsOnly = tempDir();
  writeFileSync(join(actionsOnly, "a.actions.json"), "{}");
  const standby = new ModuleStandby();
  assert.ok(startStandbyFor(command.options, standby, withModule) !== null);
  standby.stop();
  assert.equal(startStandbyFor(command.options, new ModuleStandby(), actionsOnly), null);
});

test("the CLI stops a standby that nothing adopted: a usage error, a module that is not there", async () => {
  const standby = startEarly(["missing.tool.ts"]);
  const child = standby?.process ?? null;
  assert.ok(standby !== null && child !== null);
  const outcome = await cli(["missing.tool.ts"], { cwd: FIXTURES, standby });
  assert.equal(outcome.code, 2, outcome.stderr);
  await exited(child);
  assert.equal(child.signalCode, "SIGKILL");
  assert.equal(standby.take(DEFAULT_MEMORY_LIMIT_MB), null);
});

test("a command line that lints once runs the Elixir grammar on V8's baseline compiler alone", () => {
  const lint = (flags: readonly string[], env: NodeJS.ProcessEnv = process.env) =>
    spawnSync(process.execPath, [...flags, repoPath("bin/wymcp-lint.js"), "--format", "json", repoPath("test/fixtures/elixir/parity/elixir/catalogue.ex")], {
      env,
      encoding: "utf8",
    });
  const run = lint(["--trace-wasm-compilation-times"]);
  // V8's trace and the report share standard output: the report is every line but the trace's.
  const lines = run.stdout.split("\n");
  const traced = (line: string): boolean => line.startsWith("Compiled ");
  const report = JSON.parse(lines.filter((line) => !traced(line)).join("\n")) as { summary: { files: number; offences: number } };
  assert.equal(run.status, 1, run.stderr);
  assert.deepEqual([report.summary.files, report.summary.offences], [1, 7]);
  assert.ok(
    lines.some((line) => line.includes("using Liftoff")),
    "no WebAssembly compiled: the module was not parsed",
  );
  assert.deepEqual(
    lines.filter((line) => line.includes("using TurboFan")),
    [],
  );
  // The flags are set when the parser loads: the chunks loaded before and after keep the code
  // cache the build made under V8's defaults (a run under a flag of node's own, as above, does not).
  const chunks = lint([], { ...process.env, WYMCP_LINT_TRACE: "chunks" }).stderr;
  assert.match(chunks, /trace: chunk plain-tool-\S+ \(code cache: used\)/);
  assert.doesNotMatch(chunks, /rejected/);
});
