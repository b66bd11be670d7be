// The module pool: every module process of one run of the CLI. run() (src/cli/run.ts) makes it
// with the standby that src/cli/early.ts may have started, passes it to wherever modules are
// linted (through index.ts's options), and stops it in its finally: the standby nothing
// adopted, and any run still going, so that no module process outlives the command. It is
// light on purpose: what runs the modules (pool-run.ts) loads only with the module loader.

import { ModuleStandby } from "./standby.js";

/** What the pool runs: a PoolRun, seen only as something that lints and can be stopped. */
export interface PoolWork<T> {
  lint(): Promise<T>;
  stop(): void;
}

export class ModulePool {
  /** A process started ahead, for the first run to adopt. */
  readonly standby: ModuleStandby;
  readonly #running = new Set<PoolWork<unknown>>();

  constructor(standby: ModuleStandby = new ModuleStandby()) {
    this.standby = standby;
  }

  /** Runs `work`; should the pool be stopped first, it is stopped with it. */
  async run<T>(work: PoolWork<T>): Promise<T> {
    this.#running.add(work);
    try {
      return await work.lint();
    } finally {
      this.#running.delete(work);
    }
  }

  /** Stops every module process left: the standby, and those of runs still going. */
  stop(): void {
    this.standby.stop();
    for (const work of this.#running) work.stop();
    this.#running.clear();
  }
}
