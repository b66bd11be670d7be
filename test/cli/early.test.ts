// The start-up shortcut (src/cli/early.ts, standby.ts): a command line that names a tool
// module starts the standby module process before the CLI loads; run() adopts it or, when
// nothing did, stops it at the end of the run, never leaving it behind.

import assert from "node:assert/strict";
import { test } from "node:test";
import { startEarly } from "../../src/cli/early.js";
import { DEFAULT_MEMORY_LIMIT_MB } from "../../src/modules/spawn.js";
import { cli, FIXTURES } from "../support/cli.js";
import { exited } from "../support/processes.js";

test("only a command line that names a tool module starts one", () => {
  for (const argv of [[], ["tools"], ["a.actions.json"], ["--format", "json", "b.actions.json5"], ["--help"], ["--explain", "wrong-type"]]) {
    assert.equal(startEarly(argv), null, JSON.stringify(argv));
  }
  const started = startEarly(["--format", "json", "tools", "src/search.tool.ts"]);
  assert.ok(started !== null);
  assert.ok(started.process !== null);
  started.stop();
});

test("the CLI stops a standby that nothing adopted: a usage error, a module that is not there", async () => {
  const standby = startEarly(["missing.tool.ts"]);
  const child = standby?.process ?? null;
  assert.ok(standby !== null && child !== null);
  const outcome = await cli(["missing.tool.ts"], { cwd: FIXTURES, standby });
  assert.equal(outcome.code, 2, outcome.stderr);
  await exited(child);
  assert.equal(child.signalCode, "SIGKILL");
  assert.equal(standby.take(DEFAULT_MEMORY_LIMIT_MB), null);
});
