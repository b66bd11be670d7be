// How the command ends on SIGINT, SIGTERM or SIGHUP (docs/isolation.md):
// every module process is killed (each runs in a process group of its own, which a Ctrl-C to
// the linter's group never reaches), then the signal is raised again with no handler left,
// so the linter ends as that signal ends a process (a shell shows 130, 143, 129). Module
// processes are killed on exit too, whatever ended the run. A write of --fix is synchronous
// (src/files/write.ts), so a handled signal waits for it: no file is left half-written and
// no temporary file is left behind. Installed by bin/wymcp-lint.js only: run() in a test or a
// host program leaves the process's signals alone.

import { killEveryModuleProcess } from "../modules/spawn.js";

const STOPPING_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

function onSignal(signal: NodeJS.Signals): void {
  killEveryModuleProcess();
  for (const each of STOPPING_SIGNALS) process.off(each, onSignal);
  // A server's transport (src/server/process-transport.ts) also handles it, and raises it again itself.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

/** Makes this process stop its module processes on a stopping signal and on exit. */
export function stopModuleProcessesOnSignals(): void {
  for (const signal of STOPPING_SIGNALS) process.on(signal, onSignal);
  process.on("exit", killEveryModuleProcess);
}
