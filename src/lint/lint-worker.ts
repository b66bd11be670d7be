// A lint worker: a thread (action-worker.ts) that lints action files beside the main one,
// and the protocol between the two. The scheduler starts and stops them; this module only
// wraps one thread. Several threads take files from one shared counter until none is left
// (lintShare), each posting its results once at the end.

import { Worker } from "node:worker_threads";
import type { ToolLint } from "../core/lint-tool.js";
import type { LintTarget } from "./discover.js";
import { workerEntryUrl } from "../loading/worker-url.js";

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
  readonly results: readonly ToolLint[];
}

/** V8's interrupt budget while lint workers run (action-worker.ts sets it; V8's default is 67,584). */
export const TIER_UP_BUDGET = 600_000;

/** Why a worker ended without posting its results. */
export type WorkerFailure = { readonly error: unknown } | { readonly exitCode: number };

/** Takes files from the shared counter until none is left; the loop every thread runs. */
export function lintShare(targets: readonly LintTarget[], shared: Int32Array, lintOne: (target: LintTarget, index: number) => void, slot = -1): void {
  for (;;) {
    const index = Atomics.add(shared, 0, 1);
    if (index >= targets.length) return;
    if (slot >= 0) Atomics.store(shared, 1 + slot, index);
    lintOne(targets[index] as LintTarget, index);
  }
}

const WORKER_URL = workerEntryUrl("action-worker", import.meta.url);

/**
 * A lint worker thread, started before it has work: it loads the linter, then waits for its
 * one message (LintWorkerInput). The scheduler may start one while the command line is
 * still being discovered, so that its start-up overlaps our own; unused, it is stopped.
 * Until given work it is unref'd: it never keeps the process alive by itself.
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
    // Observed by the scheduler; a worker that is stopped unused (or fails unused) is no
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
