// Worker entry of a lint worker (lint-worker.ts): loads the linter, waits for its one message
// (the files and its slot), lints files taken from the shared counter with the same per-file
// step as the main thread (lintActionPath), then posts every result in one message and
// ends. An exception here is a bug of ours: it reaches the parent as the worker's error, an
// internal failure.

import { parentPort } from "node:worker_threads";
import type { ToolLint } from "../core/tool-lint.js";
import { lintActionPath } from "./lint-action-file.js";
import { lintShare, type LintWorkerInput, type LintWorkerOutput } from "./lint-worker.js";

parentPort?.once("message", ({ files, shared, slot }: LintWorkerInput) => {
  const indexes: number[] = [];
  const results: ToolLint[] = [];
  lintShare(
    files,
    shared,
    (file, index) => {
      results.push(lintActionPath(file));
      indexes.push(index);
    },
    slot,
  );
  const output: LintWorkerOutput = { indexes, results };
  parentPort?.postMessage(output);
});
