// The per-file pipeline keeps a failure of ours with the file it comes from (src/lint/pipeline.ts):
// whatever a check or a reader throws while linting one file, the other files of the run are
// reported as usual, and that file gets one offence saying what failed.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { kindOf } from "../../src/files/kind.js";
import { lintInputs } from "../../src/lint/pipeline.js";
import { DEFAULT_RULES } from "../../src/lint/severity.js";
import { ModulePool, type PoolWork } from "../../src/modules/pool.js";
import { tempDir } from "../support/cli.js";

/** A pool whose every run fails as a module process that cannot start does. */
class BrokenPool extends ModulePool {
  override run<T>(_work: PoolWork<T>): Promise<T> {
    return Promise.reject(new Error("a module process could not start: spawn E2BIG"));
  }
}

test("a failure inside wymcp-lint while linting one file costs that file one offence, and the other files are reported", async () => {
  const dir = tempDir();
  const files = {
    "a.tool.mjs": 'export default { name: "a", description: "A", actions: () => ({}) };\n',
    "b.tool.mjs": 'export default { name: "b", description: "B", actions: () => ({}) };\n',
    "c.actions.json": '{"search": {"description": "Search", "properties": {}, "requird": []}}\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const inputs = Object.keys(files).map((name) => ({ found: { file: name, path: join(dir, name), kind: kindOf(name) ?? "action-file" } }));
  const { files: results } = await lintInputs(inputs, { read: { timeoutMs: 10_000, pool: new BrokenPool() }, rules: DEFAULT_RULES, suppress: true });
  assert.deepEqual(
    results.map((result) => [result.file, result.offences.map((o) => `${o.code} ${o.severity}`)]),
    [
      ["a.tool.mjs", ["load-error error"]],
      ["b.tool.mjs", ["load-error error"]],
      ["c.actions.json", ["unknown-key error"]],
    ],
  );
  assert.equal(
    results[0]?.offences[0]?.message,
    "linting this file failed inside wymcp-lint: Error: a module process could not start: spawn E2BIG; what else is wrong in it is not known",
  );
});

test("a cancelled run is no file's failure: it rejects", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "a.tool.mjs"), "export default {};\n");
  const controller = new AbortController();
  controller.abort(new Error("cancelled"));
  const inputs = [{ found: { file: "a.tool.mjs", path: join(dir, "a.tool.mjs"), kind: "tool-module" as const } }];
  await assert.rejects(lintInputs(inputs, { read: { timeoutMs: 10_000, pool: new ModulePool(), signal: controller.signal }, rules: DEFAULT_RULES, suppress: true }), /cancelled/);
});
