// Worker entry for parallel.ts: lints action files taken from the shared counter with the
// sequential path's per-file step, then posts every result in one message. An exception
// here is a bug of ours: it reaches the parent as the worker's error, an internal failure.

import { parentPort, workerData } from "node:worker_threads";
import type { Linted } from "./lint-files.js";
import { lintActionTarget } from "./lint-files.js";
import { lintShare, type LintWorkerInput, type LintWorkerOutput } from "./parallel.js";

const { targets, shared, slot } = workerData as LintWorkerInput;
const indexes: number[] = [];
const results: Linted[] = [];
lintShare(
  targets,
  shared,
  (target, index) => {
    results.push(lintActionTarget(target));
    indexes.push(index);
  },
  slot,
);
const output: LintWorkerOutput = { indexes, results };
parentPort?.postMessage(output);
