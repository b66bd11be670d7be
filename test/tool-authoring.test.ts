// Typed authoring: test/types/authoring.ts holds the compile-time claims about
// defineTool and obtaining (literal names kept, unknown keys refused in a returned literal),
// each refusal marked @ts-expect-error. tsc --noEmit over it must succeed: a refusal that
// no longer happens is an "unused directive" error, a claim that stops compiling another.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { test } from "node:test";
import { repoPath } from "./support/paths.js";

test("tsc --noEmit accepts test/types/authoring.ts against the published declarations", { timeout: 180_000 }, () => {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const result = spawnSync(process.execPath, [tsc, "--noEmit", "-p", repoPath("test/types/tsconfig.json")], { encoding: "utf8" });
  assert.equal(result.status, 0, `${result.stdout}${result.stderr}`);
});
