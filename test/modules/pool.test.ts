// The module pool (src/modules/pool.ts, pool-run.ts, module-process.ts): results in input
// order whatever a module does; the load timeout and the memory cap; a module in flight when
// its process dies run again in a fresh process; a process with leftovers retired; the
// standby adopted; and nothing left running, when the run ends or when the pool is stopped.
// Fixtures: test/fixtures/modules/{valid,broken,pool}/.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { lintToolModule, lintToolModules } from "../../src/modules/index.js";
import { ModulePool } from "../../src/modules/pool.js";
import { DEFAULT_MEMORY_LIMIT_MB } from "../../src/modules/spawn.js";
import { ModuleStandby } from "../../src/modules/standby.js";
import { builtPath } from "../support/paths.js";
import { alive, exited } from "../support/processes.js";

const FIXTURES = new URL("../../test/fixtures/modules/", import.meta.url);
const LOAD_MODULE = pathToFileURL(builtPath("dist/modules/index.js"));
const POOL_MODULE = pathToFileURL(builtPath("dist/modules/pool.js"));
// Generous: the module processes start on a machine whose cores may be busy.
const options = { timeoutMs: 30_000 };
// The mark the pool fixtures leave in (or read from) their process's environment.
const MARK = "WYMCP_TEST_MARK";

function fixture(relative: string): string {
  return fileURLToPath(new URL(relative, FIXTURES));
}

/** Tool and offence codes of each lint, for comparing runs. */
function summaries(lints: readonly { tool: string | null; offences: readonly { code: string }[] }[]): (string | null | string[])[][] {
  return lints.map((l) => [l.tool, l.offences.map((o) => o.code)]);
}

// ---------------------------------------------------------------------------------------
// Many modules, whatever they do

test("lintToolModules answers in input order, one bad module stopping nothing", async () => {
  const files = [
    "broken/busy-loop.tool.mjs",
    "valid/default-export.tool.mjs",
    "broken/exit-0.tool.mjs",
    "valid/named-exports.tool.mjs",
    "broken/throws-42.tool.mjs",
    "valid/typescript/named-exports.tool.mts",
    "broken/no-tool.tool.mjs",
    "valid/commonjs.tool.cjs",
  ];
  const expected = [
    [null, ["load-error"]],
    ["catalogue", []],
    [null, ["load-error"]],
    ["named", []],
    [null, ["load-error"]],
    ["typescript_mts", []],
    [null, ["no-tool"]],
    ["commonjs", []],
  ];
  // Generous: a TypeScript module loading on a busy machine must not time out (the busy
  // loop does, whatever the value).
  const runs = [1, 3, undefined].map(async (concurrency) => {
    const lints = await lintToolModules(files.map(fixture), { timeoutMs: 20_000, concurrency });
    assert.deepEqual(summaries(lints), expected, `concurrency ${concurrency}`);
  });
  await Promise.all(runs);
  assert.deepEqual(await lintToolModules([], options), []);
});

test("a memory bomb stops at the module process's heap limit, not the linter's", async () => {
  const lint = await lintToolModule(fixture("broken/memory-bomb.tool.mjs"), { timeoutMs: 20_000, memoryLimitMb: 64 });
  assert.deepEqual(
    lint.offences.map((o) => [o.code, o.message]),
    [["load-error", "ran out of memory while loading (limit 64 MB)"]],
  );
});

test("the timeout terminates a busy loop promptly", async () => {
  const started = performance.now();
  const lint = await lintToolModule(fixture("broken/busy-loop.tool.mjs"), { timeoutMs: 300 });
  const elapsed = performance.now() - started;
  assert.equal(lint.offences[0]?.message, "did not finish loading within 0.3 s (--load-timeout)");
  // Far below the default 10 s, with room for starting a process on a busy machine.
  assert.ok(elapsed >= 290 && elapsed < 8000, `${elapsed} ms`);
});

// ---------------------------------------------------------------------------------------
// No result depends on a neighbour

test("a module in flight when its process dies is run again in a fresh process", async () => {
  // One process: the marker runs first and marks it; the second module kills the process it
  // finds marked, and alone in a fresh one loads as it would have on its own.
  const lints = await lintToolModules([fixture("pool/marks-its-process.tool.mjs"), fixture("pool/dies-when-marked.tool.mjs")], { ...options, concurrency: 1 });
  assert.deepEqual(summaries(lints), [
    ["marker", []],
    ["survivor", []],
  ]);
});

test("a module whose process dies while it is that process's first is not run again: its load-error stands", { timeout: 120_000 }, async () => {
  // The mark comes from the linter's environment, so the module dies in every process it runs in.
  process.env[MARK] = "from-the-linter";
  try {
    const [lint] = await lintToolModules([fixture("pool/dies-when-marked.tool.mjs")], { ...options, concurrency: 1 });
    assert.deepEqual(
      lint?.offences.map((o) => [o.code, o.message]),
      [["load-error", "stopped while loading (signal SIGKILL)"]],
    );
  } finally {
    delete process.env[MARK];
  }
});

test("a process whose module left nothing behind goes on to the next module", async () => {
  // What the retirement tests below rest on: reports-a-mark sees a neighbour that shared its process.
  const lints = await lintToolModules([fixture("pool/marks-its-process.tool.mjs"), fixture("pool/reports-a-mark.tool.mjs")], { ...options, concurrency: 1 });
  assert.deepEqual(summaries(lints), [
    ["marker", []],
    ["marked", []],
  ]);
});

for (const [leftover, tool, what] of [
  ["pool/leaves-a-timer.tool.mjs", "timer_left", "live resources (a timer)"],
  ["pool/changes-a-built-in.tool.mjs", "built_in_changed", "changed built-ins (Array.prototype)"],
] as const) {
  test(`a process that reports leftovers, ${what}, is retired after its answer and not reused`, async () => {
    const lints = await lintToolModules([fixture(leftover), fixture("pool/reports-a-mark.tool.mjs")], { ...options, concurrency: 1 });
    assert.deepEqual(summaries(lints), [
      [tool, []],
      ["unmarked", []],
    ]);
  });
}

// ---------------------------------------------------------------------------------------
// The standby, and stopping

const MODULE = fixture("valid/default-export.tool.mjs");

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

/** Runs `script` (an ES module) in a node of its own; lingering processes, timers or streams would keep it from exiting. */
function runScript(script: string): { status: number | null; stdout: string; stderr: string } {
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 120_000 });
  assert.equal(child.error, undefined, "the script did not exit on its own");
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

test("what modules print never reaches our stdout or stderr, and the process exits on its own", () => {
  const files = [
    "valid/chatty.tool.mjs",
    "valid/late-errors.tool.mjs",
    "broken/throws.tool.mjs",
    "broken/top-level-await-keeps-loop-alive.tool.mjs",
    "broken/busy-loop.tool.mjs",
    "broken/kills-own-process.tool.mjs",
    "valid/typescript/default-export.tool.ts",
  ].map(fixture);
  const child = runScript(`
    const { lintToolModules } = await import(${JSON.stringify(LOAD_MODULE.href)});
    const lints = await lintToolModules(${JSON.stringify(files)}, { timeoutMs: 20_000 });
    process.stdout.write(JSON.stringify(lints.map((l) => [l.tool, l.offences.map((o) => o.code)])));
  `);
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stderr, "");
  assert.deepEqual(JSON.parse(child.stdout), [
    ["chatty", []],
    ["late", []],
    [null, ["load-error"]],
    [null, ["load-error"]],
    [null, ["load-error"]],
    [null, ["load-error"]],
    ["typescript", []],
  ]);
  assert.doesNotMatch(child.stdout, /CHATTY|\u001b/);
});

test("stopping the pool stops a run still going: its module process goes, and the linter exits on its own", () => {
  // A busy loop with a timeout far beyond the script's: only stop() can end its process in time.
  const child = runScript(`
    const { lintToolModules } = await import(${JSON.stringify(LOAD_MODULE.href)});
    const { ModulePool } = await import(${JSON.stringify(POOL_MODULE.href)});
    const pool = new ModulePool();
    let settled = false;
    lintToolModules([${JSON.stringify(fixture("broken/busy-loop.tool.mjs"))}], { timeoutMs: 600_000, pool }).finally(() => (settled = true));
    pool.stop();
    process.on("exit", () => process.stdout.write(settled ? "settled" : "stopped"));
  `);
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout, "stopped");
});
