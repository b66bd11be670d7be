// The scheduler: decides where JSON-family files (action files, tools files) are read and
// reads them there. Small runs read on this thread, one file after another. Large runs also
// use lint workers (lint-worker.ts): this thread and `workers` worker threads take files from a
// shared counter until none is left, each running the same per-file step (readJsonPath);
// results land at their file's index, so the order is the files' order whatever thread
// finished first. The one place lint workers are started.

import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { describeThrown } from "../core/escape.js";
import { inspectString } from "../text/escape.js";
import { freezeToolLint } from "../core/tool-lint.js";
import { readJsonPath, type JsonRead, type JsonReadOptions } from "./json-file.js";
import { openablePath, type FoundFile } from "../files/kind.js";
import { LintWorker, lintShare, type WorkerFailure } from "./lint-worker.js";

/**
 * Bytes of action files per thread below which a worker does not pay: each costs start-up
 * time, a heap of its own, and its own JIT warm-up and optimising compiles, which compete
 * with the linting threads for the cores (bench/README.md has the measurements).
 */
export const PARALLEL_MIN_BYTES = 40_000_000;
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
export function workersFor(files: readonly FoundFile[]): number {
  const spare = Math.min(availableParallelism() - 1, MAX_WORKERS, files.length - 1);
  if (spare < 1) return 0;
  const step = Math.max(1, Math.floor(files.length / SAMPLE));
  let sampled = 0;
  let bytes = 0;
  for (let i = 0; i < files.length && sampled < SAMPLE; i += step, sampled++) {
    bytes += statSync(openablePath(files[i] as FoundFile), { throwIfNoEntry: false })?.size ?? 0;
  }
  const estimate = (bytes / sampled) * files.length;
  return Math.min(spare, Math.floor(estimate / PARALLEL_MIN_BYTES));
}

export interface ParallelOptions {
  /** Worker threads to use, at least 1. */
  readonly workers: number;
  /** This thread's per-file step (readJsonPath); absent, this thread only waits (tests use that). */
  readonly lintOne?: (file: FoundFile) => JsonRead;
  /** What each file's read asks for (json-file.ts). */
  readonly read?: JsonReadOptions;
  /** The worker entry (action-worker.js); tests substitute a failing one. */
  readonly workerUrl?: URL;
}

/**
 * Reads the files `files` on this thread and worker threads; results in the
 * files' order. Rejects with an internal error when a worker fails (a bug of ours, or a
 * crash) before every file has its result: never a partial result. Every worker it starts
 * is stopped before it returns.
 */
export async function lintInParallel(files: readonly FoundFile[], options: ParallelOptions): Promise<JsonRead[]> {
  const { workers, lintOne } = options;
  const results = new Array<JsonRead | undefined>(files.length);
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
  const used: LintWorker[] = [];
  while (used.length < workers) used.push(new LintWorker(options.workerUrl));
  used.forEach((worker, slot) => {
    // What file the worker was on, for the message when it fails.
    const on = (): string => {
      const found = files[Atomics.load(shared, 1 + slot)];
      return found ? ` while linting ${inspectString(found.file)}` : "";
    };
    worker.output.then(
      (output) => {
        output.indexes.forEach((index, i) => {
          const read = output.results[i] as JsonRead;
          results[index] = { lint: freezeToolLint(read.lint), directives: read.directives.map((d) => Object.freeze({ ...d, codes: Object.freeze([...d.codes]) })) };
        });
        filled += output.indexes.length;
        if (filled === files.length) complete();
      },
      (failure: WorkerFailure) =>
        fail(
          "error" in failure
            ? new Error(`a lint worker failed${on()}: ${describeThrown(failure.error)}`, { cause: failure.error })
            : new Error(`a lint worker stopped (exit code ${failure.exitCode})${on()} before reporting its files`),
        ),
    );
    worker.lint({ files, shared, slot, read: options.read ?? {} });
  });
  try {
    if (lintOne) {
      lintShare(files, shared, (file, index) => {
        results[index] = lintOne(file);
        filled++;
      });
    }
    if (filled < files.length) await done;
  } finally {
    for (const worker of used) worker.stop();
  }
  return results as JsonRead[];
}

/** Reads the JSON-family files `files`, results in their order; `workers` beside this thread (absent: workersFor decides). */
export async function readJsonFiles(files: readonly FoundFile[], workers: number | undefined, read: JsonReadOptions): Promise<JsonRead[]> {
  const used = Math.min(workers ?? workersFor(files), files.length);
  const lintOne = (file: FoundFile): JsonRead => readJsonPath(file, read);
  if (used > 0) return lintInParallel(files, { workers: used, lintOne, read });
  // One file after another, read synchronously: for many small files this beats any
  // concurrent I/O scheme (bench/README.md).
  return files.map(lintOne);
}
