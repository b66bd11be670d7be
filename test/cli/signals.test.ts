// Ctrl-C, SIGTERM and SIGHUP while tool modules load (docs/isolation.md):
// the linter kills every module process, each in a process group of its own that the signal
// never reaches, and ends as the signal ends a process. Checked with the process table: no
// module process of the run is left, not even a module that spins forever.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const BIN = repoPath("bin/wymcp-lint.js");

/** The processes whose parent is `pid`, from /proc; a zombie counts as gone. */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // pid (comm) state ppid ...: comm may hold spaces, so read after its last ")".
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(ppid) === pid && state !== "Z") found.push(Number(entry));
  }
  return found;
}

function running(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/stat`, "utf8")
      .slice(readFileSync(`/proc/${pid}/stat`, "utf8").lastIndexOf(")") + 2)
      .startsWith("Z");
  } catch {
    return false;
  }
}

async function until(what: string, ok: () => boolean, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const linux = process.platform === "linux" ? false : "reads /proc";

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  test(`${signal} while modules load: every module process is stopped and the run ends by ${signal}`, { skip: linux }, async () => {
    const dir = tempDir();
    for (const name of ["spin", "slow"]) writeFileSync(join(dir, `${name}.tool.mjs`), "while (true) {}\n");
    const linter = spawn(process.execPath, [BIN, "--load-timeout", "600000", "."], { cwd: dir, stdio: "ignore" });
    const pid = linter.pid as number;
    const ended = once(linter, "exit");
    await until("the module processes to start", () => childrenOf(pid).length >= 2);
    const modules = childrenOf(pid);
    linter.kill(signal);
    const [code, by] = (await ended) as [number | null, NodeJS.Signals | null];
    assert.deepEqual([code, by], [null, signal]);
    await until("the module processes to end", () => modules.every((m) => !running(m)), 20_000);
  });
}
