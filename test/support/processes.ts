// Shared by the tests of module processes (test/modules/, test/cli/early.test.ts, test/lsp/,
// test/mcp/): whether a child process or a pid still runs, waiting for them to exit, and the
// module processes this process has running.

import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";

export function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Settles when the process has exited (at once if it already has); a stopped standby is unref'd, so a timer keeps the test waiting. */
export async function exited(child: ChildProcess): Promise<void> {
  if (!alive(child)) return;
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    await once(child, "exit");
  } finally {
    clearInterval(keepAlive);
  }
}

/** Whether the process `pid` still runs (signal 0 only asks). */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Settles once none of `pids` runs; throws after a minute, naming those left. */
export async function allEnded(pids: readonly number[], what = "the server"): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (pids.some(running)) {
    if (Date.now() > deadline) throw new Error(`processes ${pids.filter(running).join(", ")} outlived ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The module processes this process started that still run (zombies, already ended, left out): Linux's /proc, read directly. */
export function ownModuleProcesses(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The fields after the command name (which may hold spaces): state, then the parent's pid.
      const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(parent) !== process.pid || state === "Z") continue;
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("child/main")) pids.push(Number(entry));
    } catch {
      // Ended while we looked.
    }
  }
  return pids;
}

/** The CPU time `pid` has spent, in seconds (from /proc); 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Settles once `found` holds, checked every few milliseconds; throws after a minute, naming `what`. */
export async function until(found: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!found()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
