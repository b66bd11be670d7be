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

test("defineTool's common mistakes: one short error each, at the tool's name, naming the action and the mistake", { timeout: 180_000 }, () => {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const result = spawnSync(process.execPath, [tsc, "--noEmit", "--pretty", "false", "-p", repoPath("test/types/mistakes/tsconfig.json")], { encoding: "utf8" });
  const errors = result.stdout.split(/\n(?=\S)/).filter((e) => e.trim() !== "");
  const expected: [number, string][] = [
    [8, 'action \\"query\\" has an unknown key \\"requried\\"'],
    [16, 'action \\"query\\" has an unknown key \\"exmples\\"'],
    [22, 'action \\"query\\": the value of \\"required\\" is not of the type ActionSchema[\\"required\\"]'],
    [30, 'action \\"query\\" lacks the mandatory key \\"properties\\"'],
  ];
  assert.equal(errors.length, expected.length, result.stdout);
  for (const [i, [line, mistake]] of expected.entries()) {
    const error = errors[i] as string;
    assert.ok(error.includes(`common.ts(${line},3): error TS2322`), error);
    assert.ok(error.includes(mistake), `${mistake} in ${error}`);
    // No type dump of the declaration: each line of the error stays short.
    for (const text of error.split("\n")) assert.ok(text.length <= 250, `${text.length} characters: ${text}`);
  }
});
