// The standby (src/modules/standby.ts): one module process at a time, started ahead; handed
// over only for its memory limit, and once; adopted by the pool; stopped, never left behind.
// That the CLI starts and stops it: test/cli/early.test.ts.

import assert from "node:assert/strict";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { lintToolModules } from "../../src/modules/index.js";
import { ModulePool } from "../../src/modules/pool.js";
import { DEFAULT_MEMORY_LIMIT_MB, killModuleProcess } from "../../src/modules/spawn.js";
import { ModuleStandby } from "../../src/modules/standby.js";
import { alive, exited } from "../support/processes.js";

const spec = { memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB, typescript: false };
// Generous: the module processes start on a machine whose cores may be busy.
const options = { timeoutMs: 30_000 };

test("one standby at a time; stop() kills it and leaves nothing waiting", async () => {
  const standby = new ModuleStandby();
  const child = standby.start(spec);
  assert.ok(child !== null);
  assert.equal(standby.process, child);
  assert.equal(standby.start(spec), null, "one standby at a time");
  standby.stop();
  await exited(child);
  assert.equal(child.signalCode, "SIGKILL");
  assert.equal(standby.process, null);
  assert.equal(standby.take(DEFAULT_MEMORY_LIMIT_MB), null);
});

test("take() hands the process over once, and only for the memory limit it was started with", async () => {
  const standby = new ModuleStandby();
  const child = standby.start(spec);
  assert.ok(child !== null);
  assert.equal(standby.take(DEFAULT_MEMORY_LIMIT_MB + 1), null);
  assert.equal(standby.process, child, "still waiting for a pool with its limit");
  assert.equal(standby.take(DEFAULT_MEMORY_LIMIT_MB), child);
  assert.equal(standby.take(DEFAULT_MEMORY_LIMIT_MB), null, "handed over once");
  standby.stop();
  assert.ok(alive(child), "stop() leaves a process that was handed over to its new owner");
  killModuleProcess(child);
  await exited(child);
});

const MODULE = fileURLToPath(new URL("../../test/fixtures/modules/valid/default-export.tool.mjs", import.meta.url));

test("the pool adopts a standby started with its memory limit, and stops it with the rest", async () => {
  const standby = new ModuleStandby();
  const child = standby.start({ memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB, typescript: false });
  assert.ok(child !== null);
  const [lint] = await lintToolModules([MODULE], { ...options, pool: new ModulePool(standby) });
  assert.deepEqual({ tool: lint?.tool, offences: lint?.offences }, { tool: "catalogue", offences: [] });
  await exited(child);
  assert.equal(child.signalCode, "SIGKILL", "the adopted standby is stopped at the end of the pool's run");
  assert.equal(standby.take(DEFAULT_MEMORY_LIMIT_MB), null, "nothing is left waiting");
});

test("a standby with another memory limit is not adopted; stopping the pool stops it", async () => {
  const standby = new ModuleStandby();
  const child = standby.start({ memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB + 1, typescript: false });
  assert.ok(child !== null);
  const pool = new ModulePool(standby);
  const [lint] = await lintToolModules([MODULE], { ...options, pool });
  assert.equal(lint?.tool, "catalogue");
  assert.ok(alive(child), "a standby started for another limit is left waiting by the pool");
  pool.stop();
  await exited(child);
  assert.equal(child.signalCode, "SIGKILL");
});
