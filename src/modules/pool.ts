// The module pool: every module process of one run of the CLI, or of an engine's life. run()
// (src/cli/run.ts) makes it with the standby that src/cli/early.ts may have started, passes it
// to wherever modules are linted (through index.ts's options), and stops it in its finally:
// the standby nothing adopted, the idle processes, and any run still going, so that no module
// process outlives the command. A pool that keeps idle processes (keepIdle) holds those a run
// is done with, each ready for another module: one a module ran in is taken only for a
// module given as text (--fix's passes), whose imports are the files it loaded before
// (dropUsed() lets them go when files may have changed: the engine's next lint); freshen() puts a fresh
// process in place of each, for the next run of a watch loop (docs/cli.md, "Watch"), an editor
// or an agent (docs/editors.md, docs/mcp.md). It is light on
// purpose: what runs the modules (pool-run.ts) loads only with the module loader.

import { ModuleStandby } from "./standby.js";

/** What the pool runs: a PoolRun, seen only as something that lints and can be stopped. */
export interface PoolWork<T> {
  lint(): Promise<T>;
  stop(): void;
}

/** A module process a run is done with, as the pool holds it. */
export interface IdleProcess {
  /** The memory limit it was started with: it serves only runs with that limit. */
  readonly memoryLimitMb: number;
  /** Whether a module ran in it (its module cache holds what that module loaded). */
  readonly used: boolean;
  stop(): void;
  /** Puts a fresh process like it in the pool, in its place. */
  renew(): void;
}

export interface PoolOptions {
  /** Whether processes a run is done with stay up for the next run (default false: they are stopped). */
  readonly keepIdle?: boolean;
}

export class ModulePool {
  /** A process started ahead, for the first run to adopt. */
  readonly standby: ModuleStandby;
  readonly keepsIdle: boolean;
  readonly #running = new Set<PoolWork<unknown>>();
  readonly #idle = new Set<IdleProcess>();

  constructor(standby: ModuleStandby = new ModuleStandby(), options: PoolOptions = {}) {
    this.standby = standby;
    this.keepsIdle = options.keepIdle ?? false;
  }

  /** Runs `work`; should the pool be stopped first, it is stopped with it, and so it is when `signal` aborts (the run then rejects with its reason). */
  async run<T>(work: PoolWork<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    this.#running.add(work);
    let abort: (() => void) | undefined;
    const aborted =
      signal === undefined
        ? null
        : new Promise<never>((_, reject) => {
            abort = () => {
              work.stop();
              reject(signal.reason);
            };
            signal.addEventListener("abort", abort, { once: true });
          });
    try {
      return await (aborted === null ? work.lint() : Promise.race([work.lint(), aborted]));
    } finally {
      this.#running.delete(work);
      if (abort !== undefined) signal?.removeEventListener("abort", abort);
    }
  }

  /** A run is done with `idle`: kept for the next, or stopped when the pool keeps none. */
  keep(idle: IdleProcess): void {
    if (this.keepsIdle) this.#idle.add(idle);
    else idle.stop();
  }

  /** An idle process with this memory limit, taken out of the pool: a used one only when `used` allows, and then first; null when none is. */
  take(memoryLimitMb: number, used: boolean): IdleProcess | null {
    let found: IdleProcess | null = null;
    for (const idle of this.#idle) {
      if (idle.memoryLimitMb !== memoryLimitMb || (idle.used && !used)) continue;
      found = idle;
      if (idle.used) break;
    }
    if (found !== null) this.#idle.delete(found);
    return found;
  }

  /** `idle` ended while idle: it is no longer the pool's. */
  lost(idle: IdleProcess): void {
    this.#idle.delete(idle);
  }

  /** Stops every idle process a module ran in: the files their modules loaded may have changed. */
  dropUsed(): void {
    for (const idle of this.#idle) {
      if (!idle.used) continue;
      this.#idle.delete(idle);
      idle.stop();
    }
  }

  /** In place of every idle process a module ran in, a fresh one, started now so the next run finds it ready. */
  freshen(): void {
    for (const idle of [...this.#idle]) {
      if (!idle.used) continue;
      this.#idle.delete(idle);
      idle.stop();
      idle.renew();
    }
  }

  /** Stops the standby and the idle processes: a pool nothing uses for a while holds no process (the next run starts its own). */
  release(): void {
    this.standby.stop();
    for (const idle of this.#idle) idle.stop();
    this.#idle.clear();
  }

  /** Stops every module process left: the standby, the idle ones, and those of runs still going. */
  stop(): void {
    this.release();
    for (const work of this.#running) work.stop();
    this.#running.clear();
  }
}
