// The standby module process (src/modules/spawn.ts, src/cli/standby.ts, early.ts): it
// starts when the command line names a tool module, the pool adopts it for its first
// process, and one nothing adopted is stopped at the end of the run, never left behind.

import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { startEarly } from "../../src/cli/early.js";
import { lintToolModules } from "../../src/modules/index.js";
import { DEFAULT_MEMORY_LIMIT_MB, startModuleStandby, stopModuleStandby, takeModuleStandby } from "../../src/modules/spawn.js";
import { cli, FIXTURES } from "../support/cli.js";

const MODULE = fileURLToPath(new URL("../../test/fixtures/modules/valid/default-export.tool.mjs", import.meta.url));
// Generous: the module processes start on a machine whose cores may be busy.
const options = { timeoutMs: 30_000 };

function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Settles when the process has exited (at once if it already has); a stopped standby is unref'd, so a timer keeps this test waiting. */
async function exited(child: ChildProcess): Promise<void> {
  if (!alive(child)) return;
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    await once(child, "exit");
  } finally {
    clearInterval(keepAlive);
  }
}

test("the pool adopts a standby started with its memory limit, and stops it with the rest", async () => {
  const standby = startModuleStandby({ memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB, typescript: false });
  assert.ok(standby !== null);
  const [lint] = await lintToolModules([MODULE], options);
  assert.deepEqual({ tool: lint?.tool, offences: lint?.offences }, { tool: "catalogue", offences: [] });
  await exited(standby);
  assert.equal(standby.signalCode, "SIGKILL", "the adopted standby is stopped at the end of the pool's run");
  assert.equal(takeModuleStandby(DEFAULT_MEMORY_LIMIT_MB), null, "nothing is left waiting");
});

test("a standby with another memory limit is not adopted; stopModuleStandby stops it", async () => {
  const standby = startModuleStandby({ memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB + 1, typescript: false });
  assert.ok(standby !== null);
  const [lint] = await lintToolModules([MODULE], options);
  assert.equal(lint?.tool, "catalogue");
  assert.ok(alive(standby), "a standby started for another limit is left waiting by the pool");
  stopModuleStandby();
  await exited(standby);
  assert.equal(standby.signalCode, "SIGKILL");
});

test("only a command line that names a tool module starts one", () => {
  for (const argv of [[], ["tools"], ["a.actions.json"], ["--format", "json", "b.actions.json5"], ["--help"], ["--explain", "wrong-type"]]) {
    assert.equal(startEarly(argv), null, JSON.stringify(argv));
  }
  const started = startEarly(["--format", "json", "tools", "src/search.tool.ts"]);
  assert.ok(started !== null);
  assert.equal(startEarly(["other.tool.mjs"]), null, "one standby at a time");
  stopModuleStandby();
});

test("the CLI stops a standby that nothing adopted: a usage error, a module that is not there", async () => {
  const standby = startEarly(["missing.tool.ts"]);
  assert.ok(standby !== null);
  const outcome = await cli(["missing.tool.ts"], { cwd: FIXTURES });
  assert.equal(outcome.code, 2, outcome.stderr);
  await exited(standby);
  assert.equal(standby.signalCode, "SIGKILL");
  assert.equal(takeModuleStandby(DEFAULT_MEMORY_LIMIT_MB), null);
});
