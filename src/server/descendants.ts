// The processes a server we started leaves behind, wherever they went: a descendant that
// calls setsid (a daemonizing server, `setsid cmd &`, a detached child process) leaves the
// process group we stop, and is re-parented away from the tree. So the server is started
// with a marker in its environment, which every descendant inherits, and on Linux every
// process still carrying it when the run ends is killed (docs/servers.md). A descendant that clears its environment escapes this; elsewhere than Linux
// only the process group is stopped. Used by process-transport.ts.

import { readdirSync, readFileSync } from "node:fs";

/** The environment variable that marks a server's processes: its value is one run's own. */
export const MARKER_VARIABLE = "WYMCP_LINT_SERVER_RUN";

/** A fresh marker value for one server. */
export function newMarker(): string {
  return process.getBuiltinModule("node:crypto").randomUUID();
}

const NUL = Buffer.from([0]);

/** The pids of the live processes whose environment holds MARKER_VARIABLE=marker (Linux's /proc; [] elsewhere). */
export function markedProcesses(marker: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  // Entries are NUL-separated: NULs on both sides make the match one whole variable.
  const wanted = Buffer.from(`\0${MARKER_VARIABLE}=${marker}\0`);
  const pids: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = Buffer.concat([NUL, readFileSync(`/proc/${entry}/environ`), NUL]);
      if (environ.includes(wanted)) pids.push(Number(entry));
    } catch {
      // Gone, or another user's: not ours to stop.
    }
  }
  return pids;
}

/** Kills every live process carrying the marker; never throws. */
export function killMarked(marker: string): void {
  for (const pid of markedProcesses(marker)) {
    if (pid === process.pid) continue;
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}
