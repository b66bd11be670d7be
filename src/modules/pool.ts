// Runs tool modules in module processes (module-process.ts): a few OS processes, about one
// per core, each loading many modules one after another. Each process is its own process
// group with pipes we own (what modules print is read and dropped), runs under Node's
// permission model where Node has it (no writing files, no child processes), and answers on
// a private channel (protocol.ts, lines.ts) with data that judge.ts turns into offences here. A module
// that overruns the load timeout or the memory cap, exits, aborts or crashes costs its own
// file a load-error; the module in flight when a process dies is run again in a fresh
// process unless it was that process's first, so no result depends on a neighbour.

import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { freezeToolLint, type ToolLint } from "../core/lint-tool.js";
import { LineFramer } from "./lines.js";
import { decodeChildMessage, encodeLinterMessage, FD, type LinterMessage, type ResultMessage, type TranspileRequest } from "./protocol.js";
import { judge } from "./judge.js";
import { loadErrorLint } from "./offences.js";
import { createTranspiler, type Transpile } from "./transpile.js";
import { killModuleProcess, spawnModuleProcess, takeModuleStandby, type ProcessSpec } from "./spawn.js";
import { anotherProcessPays } from "./pace.js";
import { TYPESCRIPT } from "./module-format.js";

export interface PoolOptions {
  /** Wall time a module gets to load and return its actions. */
  readonly timeoutMs: number;
  /** Resident memory a module process may use, in MB. */
  readonly memoryLimitMb: number;
  /** Module processes at once. */
  readonly processes: number;
}

/** One module to lint: its absolute path, and its text when it comes from standard input. */
export interface ModuleJob {
  readonly file: string;
  readonly source?: string;
}

// setTimeout fires at once beyond this, so longer timeouts are clamped to it.
const MAX_TIMER_MS = 2 ** 31 - 1;
// Node's exit code for an event loop that empties while a top-level await is pending.
const UNSETTLED_TOP_LEVEL_AWAIT = 13;
const MEMORY_POLL_MS = 25;
const STDERR_TAIL = 4096;

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/** Resident memory of a process in MB, from /proc; null where there is none (then only the heap flag caps it). */
function residentMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "latin1");
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Hands each line of `stream` to `handle` as it completes. */
function onLines(stream: Readable, handle: (line: string) => void): void {
  const lines = new LineFramer();
  stream.on("data", (chunk: Buffer) => {
    lines.push(chunk, chunk.length);
    for (let line = lines.next(); line !== null; line = lines.next()) handle(line);
  });
}

function write(to: Writable, message: LinterMessage): void {
  if (!to.destroyed) to.write(`${encodeLinterMessage(message)}\n`);
}

interface Slot {
  readonly child: ChildProcess;
  /** When the pool started it (or adopted it, for the standby), performance.now(). */
  readonly startedAt: number;
  ready: boolean;
  /** Index of the job in flight. */
  job: number | null;
  /** When the job in flight was sent, performance.now(). */
  jobSentAt: number;
  /** Jobs this process has started: the first one runs where no other module ran before. */
  started: number;
  timer: NodeJS.Timeout | null;
  /** Why we stopped it, when we did. */
  stoppedFor: "memory" | "done" | null;
  stderr: string;
}

// How long our exit may wait for a killed module process to be reaped (so its CPU time is
// counted as ours); a process that does not die at SIGKILL is then let go.
const REAP_WAIT_MS = 200;
// How long a process's exit waits for the rest of its result channel (see afterResults).
const RESULTS_GRACE_MS = 2000;

/**
 * Runs `then` once `results` has delivered what the process wrote before it exited: a result
 * sent just before an exit (process.exit, process.abort) is still in the pipe when the exit
 * is reported, and must be read first. A pipe held open by something else gets a grace, not a wait.
 */
function afterResults(results: Readable, then: () => void): void {
  if (results.readableEnded || results.destroyed) {
    then();
    return;
  }
  let done = false;
  const go = (): void => {
    if (done) return;
    done = true;
    clearTimeout(grace);
    then();
  };
  const grace = setTimeout(go, RESULTS_GRACE_MS);
  results.once("end", go);
  results.once("close", go);
}

/** Closes our ends of its pipes; our process waits for it to be reaped at most REAP_WAIT_MS. */
function release(slot: Slot): void {
  for (const stream of slot.child.stdio) (stream as Readable | Writable | null)?.destroy();
  if (slot.child.exitCode !== null || slot.child.signalCode !== null) return;
  setTimeout(() => slot.child.unref(), REAP_WAIT_MS).unref();
}

/** Lints `jobs` (results in input order). Rejects only on an internal failure: a process that cannot start. */
export function lintInProcesses(jobs: readonly ModuleJob[], options: PoolOptions): Promise<ToolLint[]> {
  const results = new Array<ToolLint | undefined>(jobs.length);
  // Jobs waiting, and those to run again as the first job of a fresh process.
  const queue: number[] = jobs.map((_, i) => i);
  const fresh: number[] = [];
  const slots = new Set<Slot>();
  const transpile: Transpile = createTranspiler();
  const timeoutMs = Math.min(options.timeoutMs, MAX_TIMER_MS);
  const spec: ProcessSpec = { memoryLimitMb: options.memoryLimitMb, typescript: jobs.some((job) => TYPESCRIPT.test(job.file)) };
  let remaining = jobs.length;
  let memoryWatch: NodeJS.Timeout | null = null;
  // What pacing knows (pool-pace.ts): the first start-up measured, and the times of finished jobs that were not a process's first.
  let startupMs: number | null = null;
  let jobsDone = 0;
  let jobsMs = 0;

  return new Promise<ToolLint[]>((resolve, reject) => {
    let finished = false;
    const finish = (error?: Error): void => {
      if (finished) return;
      finished = true;
      if (memoryWatch !== null) clearInterval(memoryWatch);
      for (const slot of slots) stop(slot, "done");
      if (error) reject(error);
      else resolve(results as ToolLint[]);
    };

    const settle = (index: number, lint: ToolLint): void => {
      if (results[index] !== undefined) return;
      results[index] = freezeToolLint(lint);
      remaining--;
      if (remaining === 0) finish();
    };

    function stop(slot: Slot, reason: Slot["stoppedFor"]): void {
      if (slot.timer !== null) clearTimeout(slot.timer);
      slot.timer = null;
      slot.stoppedFor ??= reason;
      killModuleProcess(slot.child);
      release(slot);
      slots.delete(slot);
    }

    function dispatch(slot: Slot): void {
      if (finished || !slot.ready || slot.job !== null) return;
      // A job to run again wants a process where nothing ran before.
      const index = slot.started === 0 && fresh.length > 0 ? fresh.shift() : queue.shift();
      if (index === undefined) {
        if (fresh.length > 0 || queue.length === 0) stop(slot, "done");
        topUp();
        return;
      }
      slot.job = index;
      slot.jobSentAt = performance.now();
      slot.started++;
      const job = jobs[index] as ModuleJob;
      write(slot.child.stdio[FD.jobs] as Writable, { kind: "job", id: index, file: job.file, ...(job.source === undefined ? {} : { source: job.source }) });
      slot.timer = setTimeout(() => {
        slot.job = null;
        settle(
          index,
          loadErrorLint(
            `did not finish loading within ${seconds(options.timeoutMs)} (--load-timeout)`,
            "Make loading finish promptly: no long work, open servers or slow awaits at import time or in actions(); raise --load-timeout if it is merely slow.",
          ),
        );
        stop(slot, "done");
        topUp();
      }, timeoutMs);
    }

    /** The job in flight ended with its process: run it again in a fresh one, unless it ran in one. */
    function lost(slot: Slot, index: number, lint: () => ToolLint): void {
      if (slot.started > 1) fresh.push(index);
      else settle(index, lint());
    }

    function onResult(slot: Slot, message: ResultMessage): void {
      const index = slot.job;
      if (index === null || message.id !== index) {
        protocolError(slot);
        return;
      }
      if (slot.timer !== null) clearTimeout(slot.timer);
      slot.timer = null;
      slot.job = null;
      // A process's first module also loads what every module shares (wymcp-lint itself): pacing leaves it out.
      if (slot.started > 1) {
        jobsDone++;
        jobsMs += performance.now() - slot.jobSentAt;
      }
      const { result } = message;
      const fatal = result.kind === "exit-called" || result.kind === "abort-called";
      const ends = fatal || message.retire === true;
      // The process goes on to its next module while this one is judged here.
      if (ends) stop(slot, "done");
      else dispatch(slot);
      let lint: ToolLint;
      try {
        lint = judge(result);
      } catch (error) {
        finish(new Error(`judging a module's answer failed internally: ${error instanceof Error ? error.message : String(error)}`, { cause: error }));
        return;
      }
      if (fatal) lost(slot, index, () => lint);
      else settle(index, lint);
      if (ends) topUp();
    }

    function protocolError(slot: Slot): void {
      const index = slot.job;
      slot.job = null;
      stop(slot, "done");
      if (index !== null) lost(slot, index, () => loadErrorLint("its process answered with something that is not an answer (did the module write to the linter's channel?)"));
      topUp();
    }

    async function answerTranspile(out: Writable, request: TranspileRequest): Promise<void> {
      write(out, await transpile.transpile(request.file, request.source, request.format));
    }

    function onExit(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
      if (slot.timer !== null) clearTimeout(slot.timer);
      const index = slot.job;
      const wasReady = slot.ready;
      const stoppedFor = slot.stoppedFor;
      release(slot);
      slots.delete(slot);
      if (finished) return;
      if (!wasReady && stoppedFor === null) {
        finish(new Error(`a module process stopped before it started (${signal ?? `exit code ${String(code)}`}): ${slot.stderr.trim().slice(-300)}`));
        return;
      }
      if (index !== null) {
        slot.job = null;
        lost(slot, index, () => deathLint(slot, code, signal));
      }
      topUp();
    }

    function deathLint(slot: Slot, code: number | null, signal: NodeJS.Signals | null): ToolLint {
      if (slot.stoppedFor === "memory" || /heap out of memory|Reached heap limit/.test(slot.stderr)) {
        return loadErrorLint(`ran out of memory while loading (limit ${options.memoryLimitMb} MB)`, "Do not build large data at import time or in actions().");
      }
      if (code === UNSETTLED_TOP_LEVEL_AWAIT) {
        return loadErrorLint(
          "never finished loading: a top-level await never settled",
          "Make every top-level await settle: a promise that nothing resolves keeps the module from ever loading.",
        );
      }
      return loadErrorLint(signal !== null ? `stopped while loading (signal ${signal})` : `stopped while loading (exit code ${String(code)})`);
    }

    function watchMemory(): void {
      if (memoryWatch !== null) return;
      memoryWatch = setInterval(() => {
        for (const slot of slots) {
          if (slot.job === null || slot.child.pid === undefined) continue;
          const mb = residentMb(slot.child.pid);
          if (mb !== null && mb > options.memoryLimitMb) {
            slot.stoppedFor = "memory";
            killModuleProcess(slot.child);
          }
        }
        // A module that is slow to load makes another process pay while it runs.
        topUp();
      }, MEMORY_POLL_MS);
    }

    function start(): void {
      let child: ChildProcess;
      try {
        child = takeModuleStandby(spec.memoryLimitMb) ?? spawnModuleProcess(spec);
      } catch (error) {
        finish(new Error(`a module process could not start: ${error instanceof Error ? error.message : String(error)}`, { cause: error }));
        return;
      }
      const slot: Slot = { child, startedAt: performance.now(), ready: false, job: null, jobSentAt: 0, started: 0, timer: null, stoppedFor: null, stderr: "" };
      slots.add(slot);
      child.stderr?.on("data", (chunk: Buffer) => {
        slot.stderr = (slot.stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
      });
      for (const stream of child.stdio) (stream as Readable | Writable | null)?.on("error", () => undefined);
      child.on("error", (error) => {
        if (!slot.ready) finish(new Error(`a module process could not start: ${error.message}`, { cause: error }));
      });
      child.on("exit", (code, signal) => afterResults(child.stdio[FD.results] as Readable, () => onExit(slot, code, signal)));
      onLines(child.stdio[FD.results] as Readable, (line) => {
        const message = decodeChildMessage(line);
        if (message?.kind === "ready" && !slot.ready) {
          slot.ready = true;
          startupMs ??= performance.now() - slot.startedAt;
          dispatch(slot);
        } else if (message?.kind === "transpile") void answerTranspile(child.stdio[FD.jobs] as Writable, message);
        else if (message?.kind === "result") onResult(slot, message);
        else protocolError(slot);
      });
      onLines((child.stdio as unknown as Readable[])[FD.hookRequests] as Readable, (line) => {
        const message = decodeChildMessage(line);
        if (message?.kind !== "transpile") return protocolError(slot);
        void answerTranspile((child.stdio as unknown as Writable[])[FD.hookAnswers] as Writable, message);
      });
    }

    function oldestJobMs(): number {
      let oldest = 0;
      const now = performance.now();
      for (const slot of slots) if (slot.job !== null) oldest = Math.max(oldest, now - slot.jobSentAt);
      return oldest;
    }

    /**
     * Starts processes: one while jobs wait and none runs, another (up to the pool's size, one
     * starting at a time) when pacing says it pays, and a new one for each job to run again.
     */
    function topUp(): void {
      if (finished) return;
      const starting = [...slots].filter((s) => !s.ready).length;
      let want = 0;
      if (slots.size === 0 && queue.length > 0) want = 1;
      else if (starting === 0 && slots.size < options.processes) {
        want = anotherProcessPays({ waiting: queue.length, startupMs, jobMs: jobsDone === 0 ? null : jobsMs / jobsDone, oldestJobMs: oldestJobMs() }) ? 1 : 0;
      }
      if (fresh.length > starting + want && slots.size + want < options.processes + fresh.length) want++;
      for (let i = 0; i < want; i++) start();
    }

    if (jobs.length === 0) {
      finish();
      return;
    }
    // The transformer loads while the module processes start.
    if (spec.typescript) void transpile.warmUp();
    watchMemory();
    topUp();
  });
}
