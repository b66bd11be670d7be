// A lint worker: a thread (action-worker.ts) that reads JSON-family files beside the main one,
// and the protocol between the two. The scheduler starts and stops them; this module only
// wraps one thread. Several threads take files from one shared counter until none is left
// (lintShare), each posting its results once at the end.

import type { Worker } from "node:worker_threads";
import type { FoundFile } from "../files/kind.js";
import type { JsonRead, JsonReadOptions } from "./json-file.js";
import { builtEntryUrl } from "../modules/entry-url.js";

/** What a lint worker receives, in its one message: the files and its place among the threads. */
export interface LintWorkerInput {
  readonly files: readonly FoundFile[];
  /** [0]: the next file index to take (shared by every thread); [1 + k]: the file worker k is on. */
  readonly shared: Int32Array;
  /** k: this worker's slot in `shared`. */
  readonly slot: number;
  /** What each file's read asks for. */
  readonly read: JsonReadOptions;
}

/** What a lint worker posts once, when no file is left: the indexes it linted and their results. */
export interface LintWorkerOutput {
  readonly indexes: readonly number[];
  readonly results: readonly JsonRead[];
}

/** Why a worker ended without posting its results. */
export type WorkerFailure = { readonly error: unknown } | { readonly exitCode: number };

/** Takes files from the shared counter until none is left; the loop every thread runs. */
export function lintShare(files: readonly FoundFile[], shared: Int32Array, lintOne: (file: FoundFile, index: number) => void, slot = -1): void {
  for (;;) {
    const index = Atomics.add(shared, 0, 1);
    if (index >= files.length) return;
    if (slot >= 0) Atomics.store(shared, 1 + slot, index);
    lintOne(files[index] as FoundFile, index);
  }
}

/**
 * A lint worker thread: it loads the linter, then waits for its one message
 * (LintWorkerInput), lints, posts its results and ends.
 */
export class LintWorker {
  /** The worker's results, or why it stopped without them; settles once. */
  readonly output: Promise<LintWorkerOutput>;
  readonly #worker: Worker;

  // The entry is asked at each start, not at load: from the source, it checks that the build is current (entry-url.ts).
  constructor(workerUrl: URL = builtEntryUrl("action-worker", import.meta.url)) {
    // node:worker_threads is loaded here, not at start-up: only large runs start workers.
    const worker = new (process.getBuiltinModule("node:worker_threads").Worker)(workerUrl);
    this.#worker = worker;
    this.output = new Promise<LintWorkerOutput>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", (error) => reject({ error } satisfies WorkerFailure));
      worker.once("exit", (exitCode) => reject({ exitCode } satisfies WorkerFailure));
    });
  }

  /** Gives the worker its files. */
  lint(input: LintWorkerInput): void {
    this.#worker.postMessage(input);
  }

  /** Stops the worker, whatever it is doing; harmless once it has ended. */
  stop(): void {
    void this.#worker.terminate();
  }
}
