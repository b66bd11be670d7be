// Shared by the tests of module processes (test/modules/, test/cli/early.test.ts, test/lsp/):
// whether a child process or a pid still runs, and waiting for them to exit.

import type { ChildProcess } from "node:child_process";
import { once } from "node:events";

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
