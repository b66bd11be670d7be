// What the MCP server lints with stays bounded whatever the client does (src/mcp/engines.ts):
// calls lint a few at a time and a few more wait, so concurrent calls never pile up module
// processes; engines are kept for a few roots, and they and the idle module processes are let
// go once no call has come for a while; a cancelled call stops waiting, or stops its module.

import assert from "node:assert/strict";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Busy, Engines, MAX_ENGINES, MAX_RUNNING, MAX_WAITING } from "../../src/mcp/engines.js";
import { serveMcp } from "../../src/mcp/server.js";
import { ownModuleProcesses } from "../support/processes.js";

const dirs: string[] = [];
const tempRoot = (): string => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "wymcp-mcp-engines-")));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Settles when `done` holds, polled; throws after a minute (never a bound on how fast). */
async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

test("a few calls lint at once and a few more wait their turn, in order; one beyond is busy; a cancelled one gives its place up", async () => {
  const engines = new Engines({ loadTimeoutMs: 1000 });
  const gate = deferred();
  const started: number[] = [];
  const calls = Array.from({ length: MAX_RUNNING + MAX_WAITING }, (_, i) => {
    const controller = new AbortController();
    const done = engines.run(null, controller.signal, async () => {
      started.push(i);
      await gate.promise;
      return i;
    });
    return { done, controller };
  });
  await until(() => started.length === MAX_RUNNING, "the first calls start");
  await assert.rejects(
    engines.run(null, undefined, async () => 0),
    Busy,
  );
  // A waiting call cancelled leaves the queue: its place is free again.
  const cancelled = calls[MAX_RUNNING] as (typeof calls)[number];
  cancelled.controller.abort(new Error("cancelled"));
  await assert.rejects(cancelled.done, /cancelled/);
  const late = engines.run(null, undefined, async () => -1);
  gate.resolve();
  assert.deepEqual(
    await Promise.all(calls.filter((call) => call !== cancelled).map((call) => call.done)),
    Array.from({ length: MAX_RUNNING + MAX_WAITING }, (_, i) => i).filter((i) => i !== MAX_RUNNING),
  );
  assert.equal(await late, -1);
  assert.deepEqual(
    started,
    Array.from({ length: MAX_RUNNING + MAX_WAITING }, (_, i) => i).filter((i) => i !== MAX_RUNNING),
  );
  engines.close();
});

test("engines are kept for a few roots only, and dropped once idle", async () => {
  const engines = new Engines({ loadTimeoutMs: 1000, idleMs: 50 });
  for (let i = 0; i < MAX_ENGINES + 4; i++) {
    await engines.run(tempRoot(), undefined, async (engine) => engine.cwd);
    assert.ok(engines.size <= MAX_ENGINES, `${engines.size} engines`);
  }
  assert.equal(engines.size, MAX_ENGINES);
  await until(() => engines.size === 0, "the idle engines are dropped");
  engines.close();
});

const MODULE = (n: number): string =>
  `await new Promise((resolve) => setTimeout(resolve, 300));\nexport default { name: "slow", description: "Slow", actions: () => ({ act${n}: { description: "Act", properties: {} } }) };\n`;

test("concurrent calls that each run a module never pile up module processes, and the idle ones are let go", async () => {
  const root = tempRoot();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveMcp({ version: "0.0.0-test", loadTimeoutMs: 20_000, idleMs: 200 }, serverSide);
  const client = new Client({ name: "test", version: "1" });
  await client.connect(clientSide);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, ownModuleProcesses().length)), 10);
  try {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        client.callTool({ name: "wymcp_lint", arguments: { action: "lint_text", data: { text: MODULE(i), filename: `slow${i}.tool.mjs`, root } } }),
      ),
    );
    assert.ok(answers.every((answer) => answer.isError !== true && (answer.structuredContent as { summary: { files: number } }).summary.files === 1));
    // Each running call's process, and for each a fresh one started while the used one is still
    // stopping: a bound that holds however slow the machine (12 calls at once used to run 12).
    assert.ok(peak <= 2 * MAX_RUNNING + 2, `${peak} module processes at once`);
    assert.ok(peak >= 1);
    await until(() => ownModuleProcesses().length === 0, "the idle module processes are let go");
  } finally {
    clearInterval(sampler);
    await client.close();
    await served;
  }
});

test("a cancelled call stops its module's process", async () => {
  const root = tempRoot();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveMcp({ version: "0.0.0-test", loadTimeoutMs: 600_000 }, serverSide);
  const client = new Client({ name: "test", version: "1" });
  await client.connect(clientSide);
  try {
    const before = new Set(ownModuleProcesses());
    const controller = new AbortController();
    const call = client.callTool(
      { name: "wymcp_lint", arguments: { action: "lint_text", data: { text: "while (true) {}\nexport default {};\n", filename: "spin.tool.mjs", root } } },
      undefined,
      { signal: controller.signal },
    );
    let spinning: number[] = [];
    await until(() => (spinning = ownModuleProcesses().filter((pid) => !before.has(pid))).length > 0, "the module's process starts");
    controller.abort(new Error("the user changed their mind"));
    await assert.rejects(call, /changed their mind/);
    await until(() => spinning.every((pid) => !ownModuleProcesses().includes(pid)), "the module's process is stopped");
    // The server goes on answering.
    assert.equal((await client.callTool({ name: "wymcp_lint", arguments: { action: "list_codes" } })).isError, undefined);
  } finally {
    await client.close();
    await served;
  }
});
