// The language server's life (docs/editors.md): it answers initialize, ends on shutdown and
// exit, and also when its input closes or the process that started it is gone (the editor
// died), leaving no module process behind.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { cli, tempDir } from "../support/cli.js";
import { descendants, startClient, uriOf } from "../support/lsp-client.js";
import { allEnded, cpuSeconds, until } from "../support/processes.js";

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ACTIONS = '{ "write": { "description": "Write a note", "properties": {}, "requird": [] } }\n';

/** A module that never finishes loading. */
const HANGING = "await new Promise(() => {});\n";

/** Resolves with the processes below `pid` once there are some; checked every few milliseconds, failing after a generous time. */
async function processesBelow(pid: number): Promise<number[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = descendants(pid);
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`no process started below ${pid}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

for (const ending of ["shutdown and exit", "its input closing"] as const) {
  test(`the server ends on ${ending}, and no module process outlives it`, async () => {
    const dir = tempDir();
    dirs.push(dir);
    const modulePath = join(dir, "hangs.tool.mjs");
    writeFileSync(modulePath, HANGING);
    const actionsPath = join(dir, "notes.actions.json");
    writeFileSync(actionsPath, ACTIONS);
    const client = await startClient({ folder: dir });
    assert.equal((client.initializeResult as { serverInfo?: { name: string } }).serverInfo?.name, "wymcp-lint");
    client.open(uriOf(modulePath), HANGING, "javascript");
    const below = await processesBelow(client.child.pid as number);
    // A module that hangs blocks no other document.
    client.open(uriOf(actionsPath), ACTIONS);
    const { diagnostics } = await client.published_(uriOf(actionsPath));
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ["unknown-key"],
    );
    if (ending === "shutdown and exit") assert.equal(await client.stop(), 0);
    else {
      const exited = once(client.child, "exit");
      client.child.stdin?.end();
      const [code] = await exited;
      // Without shutdown first, LSP has the server exit with 1.
      assert.equal(code, 1);
      client.connection.dispose();
    }
    // Killed on the way out; the system may take a moment to end them.
    await allEnded(below);
  });
}

for (const told of ["initialize's processId", "--clientProcessId"] as const) {
  test(`the server ends when the process that started it is gone (told by ${told}), and no module process outlives it`, { timeout: 120_000 }, async () => {
    const dir = tempDir();
    dirs.push(dir);
    const modulePath = join(dir, "hangs.tool.mjs");
    writeFileSync(modulePath, HANGING);
    // The editor, as the server knows it: a process of its own, ended while the server runs.
    const editor = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    const pid = editor.pid as number;
    // VS Code's client starts a linter found as a .js file with --clientProcessId (and no processId of its own here).
    const client = await startClient(told === "--clientProcessId" ? { folder: dir, args: [`--clientProcessId=${pid}`], processId: null } : { folder: dir, processId: pid });
    const exited = once(client.child, "exit");
    client.open(uriOf(modulePath), HANGING, "javascript");
    const below = await processesBelow(client.child.pid as number);
    editor.kill();
    await exited;
    client.connection.dispose();
    await allEnded(below);
  });
}

test("killed with SIGKILL while a module spins in its load, the server leaves no module process behind", { timeout: 120_000 }, async () => {
  const dir = tempDir();
  dirs.push(dir);
  const modulePath = join(dir, "spins.tool.mjs");
  const SPINNING = "for (;;) {}\n";
  writeFileSync(modulePath, SPINNING);
  // A load timeout far beyond the wait below: only the server's death can end the module process.
  const client = await startClient({ folder: dir, args: ["--load-timeout", "3600"] });
  client.open(uriOf(modulePath), SPINNING, "javascript");
  const below = await processesBelow(client.child.pid as number);
  // The module is in its load once a process below the server has spent half a second on the CPU.
  await until(() => below.some((pid) => cpuSeconds(pid) > 0.5), "a module process spinning");
  const exited = once(client.child, "exit");
  client.child.kill("SIGKILL");
  await exited;
  client.connection.dispose();
  await allEnded(below);
});

test("--lsp takes no paths, and --stdio only comes with --lsp", async () => {
  const withPaths = await cli(["--lsp", "a.actions.json"]);
  assert.equal(withPaths.code, 2);
  assert.match(withPaths.stderr, /--lsp lints the documents an editor opens: it takes no paths/);
  const stdio = await cli(["--stdio", "a.actions.json"]);
  assert.equal(stdio.code, 2);
  assert.match(stdio.stderr, /--stdio is used only with --lsp/);
});
