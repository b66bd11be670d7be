// The standby: one module process started as soon as the command line names a tool module,
// before the rest of the CLI loads, the config is read and the files are found, so that its
// start-up (node's own, and the loader-hooks thread for TypeScript) overlaps ours
// (bench/README.md). src/cli/early.ts and run() start it; the pool adopts it for its first
// process when it was started with the pool's memory limit; run() stops it when nothing did.

import type { ChildProcess } from "node:child_process";
import { killModuleProcess, spawnModuleProcess, type ProcessSpec } from "./spawn.js";

function alive(child: ChildProcess): boolean {
  return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

/** At most one module process, waiting to be adopted. */
export class ModuleStandby {
  #waiting: { readonly child: ChildProcess; readonly memoryLimitMb: number } | null = null;

  /** The process waiting, if any. */
  get process(): ChildProcess | null {
    return this.#waiting?.child ?? null;
  }

  /** Starts the standby, unless one is waiting; returns the process started. A failure to spawn is left for the pool to report. */
  start(spec: ProcessSpec): ChildProcess | null {
    if (this.#waiting !== null) return null;
    let child: ChildProcess;
    try {
      child = spawnModuleProcess(spec);
    } catch {
      return null;
    }
    // Until adopted, an error of its own (it could not start) only means it is not adopted.
    child.on("error", () => undefined);
    this.#waiting = { child, memoryLimitMb: spec.memoryLimitMb };
    return child;
  }

  /** The waiting process, for a pool whose processes have this memory limit; null when there is none, or its limit differs, or it died. */
  take(memoryLimitMb: number): ChildProcess | null {
    const taken = this.#waiting;
    if (taken === null || taken.memoryLimitMb !== memoryLimitMb) return null;
    this.#waiting = null;
    if (alive(taken.child)) return taken.child;
    killModuleProcess(taken.child);
    return null;
  }

  /** Stops the waiting process, if nothing adopted it. */
  stop(): void {
    if (this.#waiting === null) return;
    const { child } = this.#waiting;
    this.#waiting = null;
    killModuleProcess(child);
    for (const stream of child.stdio) stream?.destroy();
    child.unref();
  }
}
