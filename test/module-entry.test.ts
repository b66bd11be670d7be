// The light library entry module processes serve to tool modules (src/module-entry.ts), built
// as they load it (dist/bundle/module-entry.js): every export of the whole entry, the light ones
// the very same bindings, the others answering as the whole entry's own, which they load.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import type * as Library from "../src/index.js";
import { builtPath, repoPath } from "./support/paths.js";

// By paths held in variables, so type-checking the tests never depends on a built dist/.
const lightPath: string = builtPath("dist/bundle/module-entry.js");
const wholePath: string = builtPath("dist/bundle/index.js");
const light = (await import(lightPath)) as typeof Library;
const whole = (await import(wholePath)) as typeof Library;
const LOADED_AT_FIRST_CALL = ["actionNames", "checkActions", "checkTool", "createEngine", "fetchSchema", "fetchSchemas", "validateTool"];

test("the light entry exports what the whole one does: the light exports the same bindings, the others functions of the same name and length", () => {
  assert.deepEqual(Object.keys(light).sort(), Object.keys(whole).sort());
  const record = (lib: typeof Library) => lib as unknown as Record<string, unknown>;
  for (const name of Object.keys(whole)) {
    const [ours, theirs] = [record(light)[name], record(whole)[name]];
    if (!LOADED_AT_FIRST_CALL.includes(name)) assert.equal(ours, theirs, name);
    else if (typeof ours === "function" && typeof theirs === "function") assert.deepEqual([ours.name, ours.length], [theirs.name, theirs.length], name);
    else assert.fail(`${name} is not a function in both entries`);
  }
});

test("the light entry's validating and obtaining exports answer as the whole entry's, its errors the same classes", () => {
  const run = spawnSync(process.execPath, [repoPath("test/fixtures/library-modules/compare-entries.mjs")], { encoding: "utf8" });
  assert.equal(run.stderr, "");
  const all = { checkTool: true, validateTool: true, checkActions: true, actionNames: true, fetchSchema: true, fetchSchemas: true };
  assert.deepEqual(JSON.parse(run.stdout), all);
});
