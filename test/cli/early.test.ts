// The early start (src/cli/early.ts, standby.ts): a command line that names a tool
// module, or a directory that shows one, starts the standby module process before the CLI loads; run() adopts it or, when
// nothing did, stops it at the end of the run, never leaving it behind.

import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { startEarly } from "../../src/cli/early.js";
import { readCommand } from "../../src/cli/options/parse.js";
import { startStandbyFor } from "../../src/cli/standby.js";
import { ModuleStandby } from "../../src/modules/standby.js";
import { DEFAULT_MEMORY_LIMIT_MB } from "../../src/modules/spawn.js";
import { cli, FIXTURES, tempDir } from "../support/cli.js";
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
  const command = readCommand(["."]);
  assert.ok(command.kind === "lint");
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
