// What a module may signal, in every thread of its module process: its own process (or group)
// ends only this process; the linter, or every process of the user (-1), is refused, so an
// accident there is the module's own load-error. A worker thread has a process.kill of its
// own, so each Worker a module starts is given this file as a preload (--require), which
// guards that thread and the workers it starts in turn, whatever execArgv the module passed.
// child/main.ts guards the main thread; scripts/bundle.mjs builds this file as CommonJS
// beside it (thread-guard.cjs), which is what a preload must be.

import { syncBuiltinESMExports } from "node:module";
import { fileURLToPath } from "node:url";
import workerThreads from "node:worker_threads";

const ReflectApply = Reflect.apply;

/** This file, built as CommonJS, for a worker's --require (the bundle defines import.meta.url there too). */
const PRELOAD = fileURLToPath(new URL("./thread-guard.cjs", import.meta.url));

/** Guards process.kill in this thread and every worker it starts; `linterPid` is the linter's. */
export function guardThreads(linterPid: number): void {
  const realKill = process.kill;
  const realRawKill = (process as unknown as { _kill: (pid: number, signal: number) => number })._kill;
  // The pid is read once, and the number checked is the number signalled: a pid object's
  // valueOf could answer the module's own pid to the check and the linter's to the kill.
  const refused = (target: number): boolean => target === linterPid || (target < 0 && target !== -process.pid);
  const refusal = (target: number): Error => new Error(`process.kill(${target}) would stop the linter; refused while linting`);
  process.kill = function kill(pid: number, signal?: string | number): true {
    const target = Number(pid);
    if (refused(target)) throw refusal(target);
    return ReflectApply(realKill, process, [target, signal]) as true;
  };
  (process as unknown as { _kill: unknown })._kill = function _kill(pid: number, signal: number): number {
    const target = Number(pid);
    if (refused(target)) throw refusal(target);
    return ReflectApply(realRawKill, process, [target, signal]) as number;
  };
  const RealWorker = workerThreads.Worker;
  class GuardedWorker extends RealWorker {
    constructor(filename: string | URL, options: workerThreads.WorkerOptions = {}) {
      // The module process's own flags are all process-wide, which a worker may not be given again.
      const execArgv = [...(options.execArgv ?? []), "--require", PRELOAD];
      super(filename, { ...options, execArgv });
    }
  }
  workerThreads.Worker = GuardedWorker;
  syncBuiltinESMExports();
}

// Loaded as a worker's preload: guard this thread. The linter is this process's parent.
if (!workerThreads.isMainThread) guardThreads(process.ppid);
