// Worker entry of a lint worker (lint-worker.ts): loads the linter, waits for its one message
// (the files and its slot), lints files taken from the shared counter with the same per-file
// step as the main thread (lintActionPath), then posts every result in one message and
// ends. An exception here is a bug of ours: it reaches the parent as the worker's error, an
// internal failure.

import { setFlagsFromString } from "node:v8";
import { parentPort } from "node:worker_threads";
import type { ToolLint } from "../core/lint-tool.js";
import { lintActionPath } from "../loading/action-file.js";
import { lintShare, TIER_UP_BUDGET, type LintWorkerInput, type LintWorkerOutput } from "./lint-worker.js";

// A lint worker raises V8's tier-up budget (TIER_UP_BUDGET) for the whole process, this
// thread and the main one: a lint run is short, and with the default every thread has
// TurboFan compile each function it runs for a few milliseconds (~190 ms of CPU on the
// 2,000-file corpus, 48 ms for one function), work that competes with the linting threads
// for the cores. Hot loops still get optimized. Measured on 2 cores, 2,000 files: 0.42 s
// -> 0.36 s wall, 0.72 s -> 0.60 s CPU; JSON5 and 20,000 files no slower. A run that
// starts no worker keeps the default: there the compiling runs on a spare core.
setFlagsFromString(`--interrupt-budget=${TIER_UP_BUDGET}`);

parentPort?.once("message", ({ targets, shared, slot }: LintWorkerInput) => {
  const indexes: number[] = [];
  const results: ToolLint[] = [];
  lintShare(
    targets,
    shared,
    (target, index) => {
      results.push(lintActionPath(target));
      indexes.push(index);
    },
    slot,
  );
  const output: LintWorkerOutput = { indexes, results };
  parentPort?.postMessage(output);
});
