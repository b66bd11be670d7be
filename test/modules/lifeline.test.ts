// A module process ends with the linter however the linter ends (src/modules/child/lifeline.ts):
// the command killed with SIGKILL while a module spins in its load leaves no module process
// running, though the module's load timeout is an hour away.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { tempDir } from "../support/cli.js";
import { descendants } from "../support/lsp-client.js";
import { allEnded, cpuSeconds, until } from "../support/processes.js";
import { repoPath } from "../support/paths.js";

test("the linter killed with SIGKILL while a module spins in its load leaves no module process behind", { timeout: 120_000 }, async () => {
  const dir = tempDir();
  try {
    writeFileSync(join(dir, "spins.tool.mjs"), "for (;;) {}\n");
    const linter = spawn(process.execPath, [repoPath("bin/wymcp-lint.js"), "--load-timeout", "3600", "spins.tool.mjs"], { cwd: dir, stdio: "ignore" });
    let below: number[] = [];
    // In its load once a process below the linter has spent half a second on the CPU.
    await until(() => {
      below = descendants(linter.pid as number);
      return below.some((pid) => cpuSeconds(pid) > 0.5);
    }, "a module process spinning");
    const exited = once(linter, "exit");
    linter.kill("SIGKILL");
    const [, signal] = await exited;
    assert.equal(signal, "SIGKILL");
    await allEnded(below, "the linter");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
