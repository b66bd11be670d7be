// The standby (src/modules/standby.ts): one module process at a time, started ahead; handed
// over only for its memory limit, and once; stopped, never left behind. That the pool adopts
// it: pool.test.ts; that the CLI starts and stops it: test/cli/early.test.ts.

import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_MEMORY_LIMIT_MB, killModuleProcess } from "../../src/modules/spawn.js";
import { ModuleProcess, type ProcessListener } from "../../src/modules/module-process.js";
import { ModuleStandby } from "../../src/modules/standby.js";
import { alive, exited } from "../support/processes.js";

const spec = { memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB, typescript: false };

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

test("an adopted standby's start-up counts from its spawn, not its adoption, so the pool paces itself by what a start-up costs", async () => {
  const standby = new ModuleStandby();
  const before = performance.now();
  const child = standby.start(spec);
  const after = performance.now();
  assert.ok(child !== null);
  try {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const ignore = (): void => undefined;
    const listener: ProcessListener = { ready: ignore, result: ignore, transpile: ignore, garbled: ignore, failed: ignore, exited: ignore };
    const adopted = new ModuleProcess(standby.take(DEFAULT_MEMORY_LIMIT_MB) ?? child, listener);
    assert.ok(adopted.startedAt >= before && adopted.startedAt <= after, `started at ${adopted.startedAt}, spawned between ${before} and ${after}`);
  } finally {
    killModuleProcess(child);
    await exited(child);
  }
});
