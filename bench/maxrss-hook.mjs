// Fallback resource probe, used by run.mjs only where /usr/bin/time is missing: preloaded with
// `node --import ./bench/maxrss-hook.mjs`, it writes "peakRSS_KiB userCPU_s systemCPU_s" for
// the whole process to $BENCH_RUSAGE_FILE on exit. It cannot see a crash by signal, nor child
// processes the contender spawns (worker threads are in-process, so they are counted), and it
// adds one small module load to every contender alike.

import { writeFileSync } from "node:fs";
import { isMainThread } from "node:worker_threads";

const out = isMainThread ? process.env.BENCH_RUSAGE_FILE : undefined;
if (out) {
  delete process.env.BENCH_RUSAGE_FILE; // so workers and child processes never overwrite it
  process.on("exit", () => {
    const r = process.resourceUsage();
    writeFileSync(out, `${r.maxRSS} ${r.userCPUTime / 1e6} ${r.systemCPUTime / 1e6}\n`);
  });
}
