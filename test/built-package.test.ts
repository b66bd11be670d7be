// The smoke test of what is published: the other in-process tests run src/ (CONTRIBUTING.md),
// so this one imports the package by its own name, which resolves through package.json's
// "exports" to the built entry (dist/bundle/index.js, the bundle of dist/index.js), and holds it to the source. The bundled command is
// spawned by test/cli/bin.test.ts and the other tests that run bin/wymcp-lint.js.

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { test } from "node:test";
import * as source from "../src/index.js";
import { repoPath } from "./support/paths.js";

test("the package's entry point is the build of src/index.ts: same exports, same verdicts, with its types", async () => {
  // By a name held in a variable, so type-checking the tests never depends on a built dist/.
  const entry: string = "wymcp-lint";
  const built = (await import(entry)) as typeof source;
  assert.match(import.meta.resolve("wymcp-lint"), /\/dist\/bundle\/index\.js$/);
  assert.deepEqual(Object.keys(built).sort(), Object.keys(source).sort(), "dist/ is stale: run `npm run build`");
  assert.ok(existsSync(repoPath("dist/index.d.ts")), "dist/index.d.ts (the package's types) is missing");

  const tool = { name: "catalogue", description: "Search", actions: () => ({ search: { description: "Find\nit", properties: { q: true } } }) };
  const verdict = (lib: typeof source) => lib.checkTool(tool as never).map((o) => [o.code, o.action, o.location]);
  assert.deepEqual(verdict(built), [
    ["newline", "search", ":description"],
    ["wrong-type", "search", ":properties"],
  ]);
  assert.deepEqual(verdict(built), verdict(source));
  assert.throws(() => built.validateTool(tool as never), built.ActionSchemaError);
});
