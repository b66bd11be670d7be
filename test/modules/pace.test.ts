// When the module pool starts another process (src/modules/pace.ts): only when jobs
// wait and what the pool has seen says one more process pays.

import assert from "node:assert/strict";
import { test } from "node:test";
import { anotherProcessPays, type PoolFacts } from "../../src/modules/pace.js";

const seen: PoolFacts = { waiting: 100, startupMs: 150, jobMs: 4, oldestJobMs: 2 };

test("nothing waiting, or no start-up measured yet: no other process", () => {
  assert.equal(anotherProcessPays({ ...seen, waiting: 0 }), false);
  assert.equal(anotherProcessPays({ ...seen, waiting: 0, oldestJobMs: 10_000 }), false);
  assert.equal(anotherProcessPays({ ...seen, startupMs: null }), false);
});

test("many quick modules: another process pays once the waiting work exceeds two start-ups", () => {
  assert.equal(anotherProcessPays({ ...seen, waiting: 76 }), true); // 304 ms of work > 300
  assert.equal(anotherProcessPays({ ...seen, waiting: 75 }), false); // 300 ms: not more
  assert.equal(anotherProcessPays({ ...seen, waiting: 30 }), false);
  assert.equal(anotherProcessPays({ ...seen, jobMs: null }), false);
});

test("a module slower to load than a process to start: the waiting ones get another process", () => {
  assert.equal(anotherProcessPays({ ...seen, waiting: 1, jobMs: null, oldestJobMs: 151 }), true);
  assert.equal(anotherProcessPays({ ...seen, waiting: 1, jobMs: null, oldestJobMs: 150 }), false);
});
