// Lints many action files on several threads when the work is large enough to pay for
// starting workers (each costs ~25 ms of start-up and a heap of its own): this thread and
// `workers` worker threads (action-worker.ts) take files one at a time from a shared
// counter until none is left, each running the same per-file step as the sequential path
// (lintActionTarget). A worker is started before it has work (LintWorker; run.ts starts one
// while discovering) and gets its files by message. Results land at their file's index, so
// the order is the targets' order whatever thread finished first. Called by lint-files.ts
// and run.ts only.

import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { errorText, inspectString } from "../core/escape.js";
import { refreeze } from "../core/offence.js";
import type { LintTarget } from "./discover.js";
import type { Linted } from "./lint-files.js";

/**
 * Bytes of action files per thread below which a worker does not pay. Measured on 2 cores
 * (whole runs, medians of wall time): 2,000 files of 14 kB (28 MB) ran ~15% faster with a
 * worker, 800 such files (11 MB) and 3,000 files of 1 kB no faster; two files of 8 MB ~10%
 * faster, two of 2 MB no faster. Each worker costs ~25 ms to start, ~20 ms to load the
 * linter, and warms up its own heap and JIT.
 */
export const PARALLEL_MIN_BYTES = 12_000_000;
/** Files whose sizes are looked at to estimate a run's bytes. */
const SAMPLE = 16;
/** V8's interrupt budget while lint workers run (action-worker.ts sets it; V8's default is 67,584). */
export const TIER_UP_BUDGET = 600_000;
/** Workers at most, besides this thread. */
const MAX_WORKERS = 7;

/**
 * How many workers to start for these action files: one per PARALLEL_MIN_BYTES of
 * estimated input beyond the first (this thread works too), at most one per spare core and
 * one per file beyond the first; so none for small runs or on one core. The bytes are
 * estimated from the sizes of up to SAMPLE files spread over the list (a stat each).
 */
export function workersFor(targets: readonly LintTarget[]): number {
  const spare = Math.min(availableParallelism() - 1, MAX_WORKERS, targets.length - 1);
  if (spare < 1) return 0;
  const step = Math.max(1, Math.floor(targets.length / SAMPLE));
  let sampled = 0;
  let bytes = 0;
  for (let i = 0; i < targets.length && sampled < SAMPLE; i += step, sampled++) {
    bytes += statSync((targets[i] as LintTarget).path, { throwIfNoEntry: false })?.size ?? 0;
  }
  const estimate = (bytes / sampled) * targets.length;
  return Math.min(spare, Math.floor(estimate / PARALLEL_MIN_BYTES));
}

// ---------------------------------------------------------------------------------------
// The worker protocol. Exported for action-worker.ts only; not part of the public API.

/** What a lint worker receives, in its one message: the files and its place among the threads. */
export interface LintWorkerInput {
  readonly targets: readonly LintTarget[];
  /** [0]: the next file index to take (shared by every thread); [1 + k]: the file worker k is on. */
  readonly shared: Int32Array;
  /** k: this worker's slot in `shared`. */
  readonly slot: number;
}

/** What a lint worker posts once, when no file is left: the indexes it linted and their results. */
export interface LintWorkerOutput {
  readonly indexes: readonly number[];
  readonly results: readonly Linted[];
}

/** Takes files from the shared counter until none is left; the loop every thread runs. */
export function lintShare(targets: readonly LintTarget[], shared: Int32Array, lintOne: (target: LintTarget, index: number) => void, slot = -1): void {
  for (;;) {
    const index = Atomics.add(shared, 0, 1);
    if (index >= targets.length) return;
    if (slot >= 0) Atomics.store(shared, 1 + slot, index);
    lintOne(targets[index] as LintTarget, index);
  }
}

// ---------------------------------------------------------------------------------------

const WORKER_URL = new URL("./action-worker.js", import.meta.url);

/** Why a worker ended without posting its results. */
type WorkerFailure = { readonly error: unknown } | { readonly exitCode: number };

/**
 * A lint worker thread, started before it has work: it loads the linter, then waits for its
 * one message (LintWorkerInput). run.ts starts one while the command line is still being
 * discovered, so that start-up (~25 ms, more on a busy machine) overlaps our own; unused, it
 * is stopped. Until given work it is unref'd: it never keeps the process alive by itself.
 */
export class LintWorker {
  /** The worker's results, or why it stopped without them; settles once. */
  readonly output: Promise<LintWorkerOutput>;
  readonly #worker: Worker;

  constructor(workerUrl: URL = WORKER_URL) {
    const worker = new Worker(workerUrl);
    this.#worker = worker;
    this.output = new Promise<LintWorkerOutput>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", (error) => reject({ error } satisfies WorkerFailure));
      worker.once("exit", (exitCode) => reject({ exitCode } satisfies WorkerFailure));
    });
    // Observed by lintInParallel; a worker that is stopped unused (or fails unused) is no
    // unhandled rejection.
    this.output.catch(() => undefined);
    worker.unref();
  }

  /** Gives the worker its files; from now on the process waits for it. */
  lint(input: LintWorkerInput): void {
    this.#worker.ref();
    this.#worker.postMessage(input);
  }

  /** Stops the worker, whatever it is doing; harmless once it has ended. */
  stop(): void {
    void this.#worker.terminate();
  }
}

// Structured clone drops the freeze; offences are frozen plain data everywhere else.
function frozen(lint: Linted): Linted {
  for (const o of lint.offences) refreeze(o);
  return Object.freeze({ tool: lint.tool, actions: lint.actions, offences: Object.freeze(lint.offences) });
}

export interface ParallelOptions {
  /** Worker threads to use, at least 1. */
  readonly workers: number;
  /** This thread's per-file step (lintActionTarget); absent, this thread only waits (tests use that). */
  readonly lintOne?: (target: LintTarget) => Linted;
  /** The worker entry (action-worker.js); tests substitute a failing one. */
  readonly workerUrl?: URL;
  /** Workers already started (run.ts's speculative one): used first, before starting others. */
  readonly started?: readonly LintWorker[];
}

/**
 * Lints the action files `targets` on this thread and worker threads; results in the
 * targets' order. Rejects with an internal error when a worker fails (a bug of ours, or a
 * crash) before every file has its result: never a partial result. Every worker, started
 * here or given, is stopped before it returns.
 */
export async function lintInParallel(targets: readonly LintTarget[], options: ParallelOptions): Promise<Linted[]> {
  const { workers, lintOne } = options;
  const results = new Array<Linted | undefined>(targets.length);
  let filled = 0;
  const shared = new Int32Array(new SharedArrayBuffer(4 * (1 + workers))).fill(-1, 1);
  let complete: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  // Settles when every file has its result (a worker still starting up when the others
  // took the last file is not waited for), or when a worker fails first.
  const done = new Promise<void>((resolve, reject) => {
    complete = resolve;
    fail = reject;
  });
  // Observed below; this only keeps a worker failing while this thread works from counting
  // as an unhandled rejection.
  done.catch(() => undefined);
  const given = options.started ?? [];
  const used: LintWorker[] = given.slice(0, workers);
  while (used.length < workers) used.push(new LintWorker(options.workerUrl));
  used.forEach((worker, slot) => {
    // What file the worker was on, for the message when it fails.
    const on = (): string => {
      const target = targets[Atomics.load(shared, 1 + slot)];
      return target ? ` while linting ${inspectString(target.display)}` : "";
    };
    worker.output.then(
      (output) => {
        output.indexes.forEach((index, i) => (results[index] = frozen(output.results[i] as Linted)));
        filled += output.indexes.length;
        if (filled === targets.length) complete();
      },
      (failure: WorkerFailure) =>
        fail(
          "error" in failure
            ? new Error(`a lint worker failed${on()}: ${errorText(failure.error)}`, { cause: failure.error })
            : new Error(`a lint worker stopped (exit code ${failure.exitCode})${on()} before reporting its files`),
        ),
    );
    worker.lint({ targets, shared, slot });
  });
  try {
    if (lintOne) {
      lintShare(targets, shared, (target, index) => {
        results[index] = lintOne(target);
        filled++;
      });
    }
    if (filled < targets.length) await done;
  } finally {
    for (const worker of [...given, ...used]) worker.stop();
  }
  return results as Linted[];
}
