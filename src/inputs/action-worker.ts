// Worker entry of a lint worker (lint-worker.ts): loads the linter, waits for its one message
// (the files and its slot), reads files taken from the shared counter with the same per-file
// step as the main thread (readJsonPath), then posts every result in one message and
// ends. An exception here is a bug of ours: it reaches the parent as the worker's error, an
// internal failure.

import { parentPort } from "node:worker_threads";
import { readJsonPath, type JsonRead } from "./json-file.js";
import { lintShare, type LintWorkerInput, type LintWorkerOutput } from "./lint-worker.js";

parentPort?.once("message", ({ files, shared, slot, read }: LintWorkerInput) => {
  const indexes: number[] = [];
  const results: JsonRead[] = [];
  lintShare(
    files,
    shared,
    (file, index) => {
      results.push(readJsonPath(file, read));
      indexes.push(index);
    },
    slot,
  );
  const output: LintWorkerOutput = { indexes, results };
  parentPort?.postMessage(output);
});
