// The clock of a run's duration (src/core/clock.ts): milliseconds, read from the same monotonic
// source as performance.now(), so an interval it measures lies within one performance.now()
// measures around it, and a timer's wait shows in it.

import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { test } from "node:test";
import { now } from "../../src/core/clock.js";

test("an interval read by now() is in milliseconds, and within performance.now()'s around it", async () => {
  const outerStart = performance.now();
  const start = now();
  await sleep(20);
  const elapsed = now() - start;
  const outer = performance.now() - outerStart;
  // A timer of 20 ms may fire up to a millisecond early, never much sooner.
  assert.ok(elapsed >= 15, `${elapsed} ms`);
  assert.ok(elapsed <= outer + 0.01, `${elapsed} ms against ${outer} ms around it`);
});

test("now() never goes back", () => {
  let last = now();
  for (let i = 0; i < 10_000; i++) {
    const next = now();
    assert.ok(next >= last);
    last = next;
  }
});
