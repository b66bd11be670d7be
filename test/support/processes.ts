// Shared by the tests of module processes (test/modules/, test/cli/early.test.ts): whether a
// child process still runs, and waiting for it to exit.

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
