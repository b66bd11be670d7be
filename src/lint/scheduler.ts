// The scheduler: decides where action files are linted and runs them there. Small runs lint
// on this thread, one file after another. Large runs also use lint workers (lint-worker.ts):
// this thread and `workers` worker threads take files from a shared counter until none is
// left, each running the same per-file step (lintActionPath); results land at their file's
// index, so the order is the files' order whatever thread finished first. A run that searches
// for files may start one worker before discovery (startStandby), so its start-up overlaps
// discovery; the scheduler uses it or stops it. The one place lint workers are started.

import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { describeThrown, inspectString } from "../core/escape.js";
import { freezeToolLint, type ToolLint } from "../core/lint-tool.js";
import { lintActionPath } from "../loading/action-file.js";
import { searchesForFiles, type LintTarget } from "./discover.js";
import { LintWorker, lintShare, type WorkerFailure } from "./lint-worker.js";

/**
 * Bytes of action files per thread below which a worker does not pay: each costs start-up
 * time, a heap of its own and its own JIT warm-up (bench/README.md has the measurements).
 */
export const PARALLEL_MIN_BYTES = 12_000_000;
/** Files whose sizes are looked at to estimate a run's bytes. */
const SAMPLE = 16;
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

/**
 * The lint worker to start before discovery, when the run may need one: the paths search a
 * directory or a glob (or none is given), on more than one core, unless `workers` is 0. Named
 * files only (a pre-commit hook) never start one: there it would cost more than it saves.
 */
export function startStandby(paths: readonly string[], cwd: string, workers: number | undefined): LintWorker[] {
  if (workers === 0 || availableParallelism() < 2 || !searchesForFiles(paths, cwd)) return [];
  return [new LintWorker()];
}

export interface ParallelOptions {
  /** Worker threads to use, at least 1. */
  readonly workers: number;
  /** This thread's per-file step (lintActionPath); absent, this thread only waits (tests use that). */
  readonly lintOne?: (target: LintTarget) => ToolLint;
  /** The worker entry (action-worker.js); tests substitute a failing one. */
  readonly workerUrl?: URL;
  /** Workers already started (the standby): used first, before starting others. */
  readonly started?: readonly LintWorker[];
}

/**
 * Lints the action files `targets` on this thread and worker threads; results in the
 * targets' order. Rejects with an internal error when a worker fails (a bug of ours, or a
 * crash) before every file has its result: never a partial result. Every worker, started
 * here or given, is stopped before it returns.
 */
export async function lintInParallel(targets: readonly LintTarget[], options: ParallelOptions): Promise<ToolLint[]> {
  const { workers, lintOne } = options;
  const results = new Array<ToolLint | undefined>(targets.length);
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
        output.indexes.forEach((index, i) => (results[index] = freezeToolLint(output.results[i] as ToolLint)));
        filled += output.indexes.length;
        if (filled === targets.length) complete();
      },
      (failure: WorkerFailure) =>
        fail(
          "error" in failure
            ? new Error(`a lint worker failed${on()}: ${describeThrown(failure.error)}`, { cause: failure.error })
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
  return results as ToolLint[];
}

export interface ScheduleOptions {
  /** Worker threads beside this one: 0 lints every file on this thread; absent, workersFor decides. */
  readonly workers?: number;
  /** Workers started before the files were known (startStandby): used first, else stopped. */
  readonly standby?: readonly LintWorker[];
}

/**
 * Lints the action files `targets`, results in their order. Every standby worker is used or
 * stopped before this returns.
 */
export async function lintActionFiles(targets: readonly LintTarget[], options: ScheduleOptions = {}): Promise<ToolLint[]> {
  const workers = Math.min(options.workers ?? workersFor(targets), targets.length);
  const standby = options.standby ?? [];
  if (workers > 0) return lintInParallel(targets, { workers, lintOne: lintActionPath, started: standby });
  for (const worker of standby) worker.stop();
  // One file after another, read synchronously: for many small files this beats any
  // concurrent I/O scheme (bench/README.md).
  return targets.map(lintActionPath);
}
