// A module process ends with the linter that started it, however the linter ended: killed with
// SIGKILL, nothing of the linter's runs to stop it, and a module still in its load (spinning in
// its top-level code, or in actions()) would run on, orphaned, past its load timeout, which only
// the linter keeps. So a thread of its own, which no module's code holds up, checks a few times a
// second that the linter is still this process's parent, and kills the process once it is not.
// (An idle module process needs no such thread: it blocks reading its jobs, and the end of the
// channel ends it.) Started by main.ts before any module runs, with the real Worker.

import { Worker } from "node:worker_threads";

/** How often the thread looks, in milliseconds: an orphan ends within this. */
const EVERY_MS = 200;

// CommonJS run as the worker's script (eval). Atomics.wait, unlike a blocking read, gives way
// when the process exits, so the thread never holds up the process's own exit.
const WATCH = `
const { workerData } = require("node:worker_threads");
const cell = new Int32Array(new SharedArrayBuffer(4));
for (;;) {
  Atomics.wait(cell, 0, 0, workerData.everyMs);
  if (process.ppid !== workerData.linterPid) process.kill(process.pid, "SIGKILL");
}
`;

/** Starts the thread that ends this process once `linterPid` is no longer its parent. */
export function endWithLinter(linterPid: number): void {
  const thread = new Worker(WATCH, { eval: true, workerData: { linterPid, everyMs: EVERY_MS } });
  // It keeps nothing alive: the process ends when its work does.
  thread.unref();
}
