// The clock a run's duration is read from (LintResult.durationMs): milliseconds, monotonic,
// from an arbitrary origin, so only a difference of two readings means anything. Read from
// process.hrtime rather than performance.now(), whose node:perf_hooks loads ten built-in
// modules more on every start-up (bench/README.md).

/** Milliseconds on a monotonic clock. */
export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
