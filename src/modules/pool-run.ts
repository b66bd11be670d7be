// One run of the pool over a list of tool modules: a few module processes (module-process.ts),
// one at first and more when pacing says they pay (pace.ts), each loading many modules one
// after another, their answers judged here (judge.ts). A module that overruns the load
// timeout or the memory cap, exits, aborts or crashes costs its own file a load-error; the
// module in flight when its process dies is run again in a fresh process unless it was that
// process's first, and a process that reports leftovers is retired after its answer, so no
// result depends on a neighbour. A module that holds its process longer than a start-up takes,
// waiting rather than computing, frees its place for another process (up to SLOW_EXTRA more), so hung modules' timeouts run
// side by side, not one after another. The processes it is done with go back to the pool
// (pool.ts), which may keep them for its next run; a run of modules given as text may take
// one a module ran in. Made by index.ts, run under the CLI run's pool.

import { freezeToolLint, type ToolLint } from "../core/tool-lint.js";
import { judge } from "./judge.js";
import { ModuleProcess, type ModuleJob, type ProcessListener } from "./module-process.js";
import { TYPESCRIPT } from "./module-format.js";
import { loadErrorLint } from "./offences.js";
import { anotherProcessPays, PaceMeter } from "./pace.js";
import type { IdleProcess, ModulePool } from "./pool.js";
import type { ResultMessage } from "./protocol.js";
import { spawnModuleProcess, type ProcessSpec } from "./spawn.js";
import type { ModuleStandby } from "./standby.js";
import { trace } from "./trace.js";
import { createTranspiler } from "./transpile.js";

export type { ModuleJob } from "./module-process.js";

export interface PoolOptions {
  /** Wall time a module gets to load and return its actions. */
  readonly timeoutMs: number;
  /** Resident memory a module process may use, in MB. */
  readonly memoryLimitMb: number;
  /** Module processes at once. */
  readonly processes: number;
  /** Told, for each job that asked (ModuleJob.track) and was answered, every file its module loaded. */
  readonly onLoaded?: (index: number, files: readonly string[]) => void;
}

// setTimeout fires at once beyond this, so longer timeouts are clamped to it.
const MAX_TIMER_MS = 2 ** 31 - 1;
// Node's exit code for an event loop that empties while a top-level await is pending.
const UNSETTLED_TOP_LEVEL_AWAIT = 13;
const MEMORY_POLL_MS = 25;
// Processes beyond the pool's size, one for each module that has held its process longer than
// a start-up while it waits rather than computes: a hung module mostly waits, and 300 modules with every tenth hanging must not
// wait hung × timeout ÷ processes (bench/README.md); the bound keeps spinning ones from
// taking the machine.
const SLOW_EXTRA = 16;
const SLOW_UNKNOWN_MS = 1000;

/** A process of the pool's idle ones (pool.ts), holding the ModuleProcess a run takes back. */
interface IdleModuleProcess extends IdleProcess {
  readonly child: ModuleProcess;
}

/** `child`, idle in `pool`: it hears nothing but its own end (a message out of turn stops it). */
function idleIn(pool: ModulePool, child: ModuleProcess, spec: ProcessSpec): IdleModuleProcess {
  const idle: IdleModuleProcess = {
    child,
    memoryLimitMb: spec.memoryLimitMb,
    used: child.jobsSent > 0,
    stop: () => {
      trace(child.pid, "stopped");
      child.stop("done");
    },
    renew: () => {
      let fresh: ModuleProcess;
      try {
        fresh = new ModuleProcess(spawnModuleProcess(spec), idleListener);
      } catch {
        return; // the next run starts its own, and says why when it cannot
      }
      trace(fresh.pid, "started, idle");
      pool.keep(idleIn(pool, fresh, spec));
    },
  };
  const outOfTurn = (): void => {
    pool.lost(idle);
    idle.stop();
  };
  const idleListener: ProcessListener = {
    ready: () => undefined,
    result: outOfTurn,
    transpile: outOfTurn,
    garbled: outOfTurn,
    failed: () => pool.lost(idle),
    exited: () => pool.lost(idle),
  };
  child.listen(idleListener);
  return idle;
}
function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/** The jobs no process has taken: those waiting, and those to run again where no module ran before. */
class JobQueue {
  readonly #waiting: number[];
  readonly #reruns: number[] = [];

  constructor(count: number) {
    this.#waiting = Array.from({ length: count }, (_, i) => i);
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  get reruns(): number {
    return this.#reruns.length;
  }

  /** The next job for a process; a job to run again goes only to one that has run nothing. */
  take(fresh: boolean): number | undefined {
    return fresh && this.#reruns.length > 0 ? this.#reruns.shift() : this.#waiting.shift();
  }

  rerun(index: number): void {
    this.#reruns.push(index);
  }
}

/** Lints a list of modules, once (lint()); results in input order. */
export class PoolRun {
  readonly #jobs: readonly ModuleJob[];
  readonly #options: PoolOptions;
  readonly #pool: ModulePool | null;
  readonly #standby: ModuleStandby | null;
  /** Whether every module comes as text: a process a module ran in may then run them (pool.ts says why). */
  readonly #textOnly: boolean;
  readonly #spec: ProcessSpec;
  readonly #queue: JobQueue;
  readonly #results: (ToolLint | undefined)[];
  #remaining: number;
  readonly #processes = new Set<ModuleProcess>();
  readonly #transpiler = createTranspiler();
  readonly #pace = new PaceMeter();
  #memoryWatch: NodeJS.Timeout | null = null;
  #finished = false;
  #stopping = false;
  readonly #done: Promise<ToolLint[]>;
  #settleRun: (error?: Error) => void = () => undefined;
  readonly #listener: ProcessListener = {
    ready: (child) => this.#onReady(child),
    result: (child, message) => this.#onResult(child, message),
    transpile: (request, reply) => void this.#transpiler.transpile(request.file, request.source, request.format).then(reply),
    garbled: (child, what) => this.#onGarbled(child, what),
    failed: (_child, error) => this.#finish(new Error(`a module process could not start: ${error.message}`, { cause: error })),
    exited: (child, job, code, signal) => this.#onExit(child, job, code, signal),
  };

  /** `pool`: where idle processes and the standby (adopted when started with this memory limit) come from, and where processes go when done. */
  constructor(jobs: readonly ModuleJob[], options: PoolOptions, pool: ModulePool | null) {
    this.#jobs = jobs;
    this.#options = options;
    this.#pool = pool;
    this.#standby = pool?.standby ?? null;
    this.#textOnly = jobs.every((job) => job.source !== undefined);
    this.#spec = { memoryLimitMb: options.memoryLimitMb, typescript: jobs.some((job) => TYPESCRIPT.test(job.file)) };
    this.#queue = new JobQueue(jobs.length);
    this.#results = new Array<ToolLint | undefined>(jobs.length);
    this.#remaining = jobs.length;
    this.#done = new Promise<ToolLint[]>((resolve, reject) => {
      this.#settleRun = (error) => (error === undefined ? resolve(this.#results as ToolLint[]) : reject(error));
    });
  }

  /** Runs the modules. Rejects only on an internal failure: a process that cannot start, an answer that cannot be judged. */
  lint(): Promise<ToolLint[]> {
    if (this.#jobs.length === 0) this.#finish();
    else {
      // The transformer loads while the module processes start.
      if (this.#spec.typescript) void this.#transpiler.warmUp();
      this.#memoryWatch = setInterval(() => this.#watchMemory(), MEMORY_POLL_MS);
      this.#topUp();
    }
    return this.#done;
  }

  /** Stops its processes now; lint()'s promise then never settles (whoever waited for it has stopped waiting). */
  stop(): void {
    if (this.#finished) return;
    this.#stopping = true;
    this.#settleRun = () => undefined;
    this.#finish();
  }

  #finish(error?: Error): void {
    if (this.#finished) return;
    this.#finished = true;
    if (this.#memoryWatch !== null) clearInterval(this.#memoryWatch);
    const keep = error === undefined && !this.#stopping;
    for (const child of this.#processes) {
      if (keep && child.job === null) this.#release(child);
      else this.#stop(child);
    }
    this.#settleRun(error);
  }

  #settle(index: number, lint: ToolLint): void {
    if (this.#results[index] !== undefined) return;
    this.#results[index] = freezeToolLint(lint);
    this.#remaining--;
    if (this.#remaining === 0) this.#finish();
  }

  #stop(child: ModuleProcess): void {
    trace(child.pid, "stopped");
    child.stop("done");
    this.#processes.delete(child);
  }

  /** This run is done with `child`: back to the pool, which keeps it or stops it. */
  #release(child: ModuleProcess): void {
    this.#processes.delete(child);
    if (this.#pool === null) {
      trace(child.pid, "stopped");
      child.stop("done");
    } else this.#pool.keep(idleIn(this.#pool, child, this.#spec));
  }

  /** The job in flight ended with its process: run it again in a fresh one, unless it ran in one. */
  #lost(child: ModuleProcess, index: number, lint: () => ToolLint): void {
    if (child.jobsSent > 1) this.#queue.rerun(index);
    else this.#settle(index, lint());
  }

  #start(): void {
    const idle = this.#pool?.take(this.#spec.memoryLimitMb, this.#textOnly) as IdleModuleProcess | null | undefined;
    if (idle !== null && idle !== undefined) {
      const child = idle.child;
      child.listen(this.#listener);
      this.#processes.add(child);
      trace(child.pid, idle.used ? "reused" : "taken, idle");
      // A ready one takes a job now; one still starting, when it says it is ready.
      if (child.ready) queueMicrotask(() => this.#dispatch(child));
      return;
    }
    let child: ModuleProcess;
    try {
      child = new ModuleProcess(this.#standby?.take(this.#spec.memoryLimitMb) ?? spawnModuleProcess(this.#spec), this.#listener);
    } catch (error) {
      this.#finish(new Error(`a module process could not start: ${error instanceof Error ? error.message : String(error)}`, { cause: error }));
      return;
    }
    this.#processes.add(child);
    trace(child.pid, "started");
  }

  #onReady(child: ModuleProcess): void {
    this.#pace.processReady(performance.now() - child.startedAt);
    this.#dispatch(child);
  }

  #dispatch(child: ModuleProcess): void {
    if (this.#finished || !child.ready || child.job !== null) return;
    const index = this.#queue.take(child.jobsSent === 0);
    if (index === undefined) {
      this.#release(child);
      this.#topUp();
      return;
    }
    trace(child.pid, "loads", (this.#jobs[index] as ModuleJob).file);
    child.send(index, this.#jobs[index] as ModuleJob, Math.min(this.#options.timeoutMs, MAX_TIMER_MS), () => this.#onTimeout(child, index));
  }

  #onTimeout(child: ModuleProcess, index: number): void {
    trace(child.pid, "timed out on", (this.#jobs[index] as ModuleJob).file);
    child.endJob();
    this.#settle(
      index,
      loadErrorLint(
        `did not finish loading within ${seconds(this.#options.timeoutMs)} (--load-timeout)`,
        "Make loading finish promptly: no long work, open servers or slow awaits at import time or in actions(); raise --load-timeout if it is merely slow.",
      ),
    );
    this.#stop(child);
    this.#topUp();
  }

  #onResult(child: ModuleProcess, message: ResultMessage): void {
    if (child.job === null || message.id !== child.job) {
      this.#onGarbled(child);
      return;
    }
    if (child.jobsSent > 1) this.#pace.jobDone(child.jobMs());
    const index = child.endJob() as number;
    trace(child.pid, "answered", (this.#jobs[index] as ModuleJob).file);
    const { result } = message;
    const fatal = result.kind === "exit-called" || result.kind === "abort-called";
    const ends = fatal || message.retire === true;
    // The process goes on to its next module while this one is judged here.
    if (ends) this.#stop(child);
    else this.#dispatch(child);
    let lint: ToolLint;
    try {
      lint = judge(result);
    } catch (error) {
      this.#finish(new Error(`judging a module's answer failed internally: ${error instanceof Error ? error.message : String(error)}`, { cause: error }));
      return;
    }
    if (fatal) this.#lost(child, index, () => lint);
    else {
      if (message.loaded !== undefined) this.#options.onLoaded?.(index, message.loaded);
      this.#settle(index, lint);
    }
    if (ends) this.#topUp();
  }

  #onGarbled(child: ModuleProcess, what = "something that is not an answer"): void {
    const index = child.endJob();
    this.#stop(child);
    if (index !== null) this.#lost(child, index, () => loadErrorLint(`its process answered with ${what} (did the module write to the linter's channel?)`));
    this.#topUp();
  }

  #onExit(child: ModuleProcess, index: number | null, code: number | null, signal: NodeJS.Signals | null): void {
    this.#processes.delete(child);
    if (this.#finished) return;
    if (!child.ready && child.stoppedFor === null) {
      this.#finish(new Error(`a module process stopped before it started (${signal ?? `exit code ${String(code)}`}): ${child.stderr.trim().slice(-300)}`));
      return;
    }
    if (index !== null) this.#lost(child, index, () => this.#deathLint(child, code, signal));
    this.#topUp();
  }

  #deathLint(child: ModuleProcess, code: number | null, signal: NodeJS.Signals | null): ToolLint {
    if (child.stoppedFor === "memory" || /heap out of memory|Reached heap limit/.test(child.stderr)) {
      return loadErrorLint(`ran out of memory while loading (limit ${this.#options.memoryLimitMb} MB)`, "Do not build large data at import time or in actions().");
    }
    if (code === UNSETTLED_TOP_LEVEL_AWAIT) {
      return loadErrorLint(
        "never finished loading: a top-level await never settled",
        "Make every top-level await settle: a promise that nothing resolves keeps the module from ever loading.",
      );
    }
    return loadErrorLint(signal !== null ? `stopped while loading (signal ${signal})` : `stopped while loading (exit code ${String(code)})`);
  }

  #watchMemory(): void {
    for (const child of this.#processes) child.overMemory(this.#options.memoryLimitMb);
    // A module that is slow to load makes another process pay while it runs.
    this.#topUp();
  }

  /**
   * Processes whose module has held them longer than a start-up takes while it mostly waits
   * (a module computing that long keeps its place: more processes would only share the
   * cores); where /proc does not tell, any module that has held its process over SLOW_UNKNOWN_MS.
   */
  #slow(startupMs: number | null): number {
    if (startupMs === null) return 0;
    const now = performance.now();
    let slow = 0;
    for (const child of this.#processes) {
      const ms = child.jobMs(now);
      if (ms <= startupMs) continue;
      const waits = child.jobWaits(now);
      if (waits === true || (waits === null && ms > SLOW_UNKNOWN_MS)) slow++;
    }
    return slow;
  }

  #oldestJobMs(): number {
    let oldest = 0;
    const now = performance.now();
    for (const child of this.#processes) oldest = Math.max(oldest, child.jobMs(now));
    return oldest;
  }

  /**
   * Starts processes: one while jobs wait and none runs, another (up to the pool's size, one
   * starting at a time) when pacing says it pays, one in place of each slow module's, and a
   * new one for each job to run again.
   */
  #topUp(): void {
    if (this.#finished) return;
    const processes = this.#processes.size;
    const starting = [...this.#processes].filter((p) => !p.ready).length;
    const waiting = this.#queue.waiting;
    const facts = this.#pace.facts(waiting, this.#oldestJobMs());
    let want = 0;
    if (processes === 0 && waiting > 0) want = 1;
    else if (starting === 0 && processes < this.#options.processes) want = anotherProcessPays(facts) ? 1 : 0;
    // Each module holding its process longer than a start-up frees its place at once (up to
    // SLOW_EXTRA), however many are starting, for as many jobs as wait for one.
    const slow = this.#slow(facts.startupMs);
    if (slow > 0) want = Math.max(want, Math.min(waiting - starting, this.#options.processes + Math.min(SLOW_EXTRA, slow) - processes));
    const reruns = this.#queue.reruns;
    if (reruns > starting + want && processes + want < this.#options.processes + reruns) want++;
    for (let i = 0; i < want; i++) this.#start();
  }
}
