// The Elixir parser (src/elixir/parser.ts): a process that asks for the baseline tier before its
// first parse runs the grammar on V8's baseline compiler alone; one that does not has V8
// optimise the grammar's hot functions as it parses, even for a small module. Each parse runs
// in a process of its own (V8's flags are process-wide), traced by V8: what it compiles, and
// with which compiler, is a count, not a time. The process imports the built parser
// (dist/elixir/), since tsx compiles WebAssembly of its own before any flag could be set.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { builtPath, repoPath } from "../support/paths.js";

const MODULE = repoPath("test/fixtures/elixir/parity/elixir/catalogue.ex");

/** The functions V8 compiled with each of its WebAssembly compilers while a fresh process parsed MODULE. */
function compiledWith(baselineOnly: boolean): { liftoff: number; turbofan: number } {
  const parser = pathToFileURL(builtPath("dist/elixir/parser.js")).href;
  const script = [
    `const { parseElixir, parseOnBaselineTierOnly } = await import(${JSON.stringify(parser)});`,
    baselineOnly ? "parseOnBaselineTierOnly();" : "",
    `const tree = await parseElixir(${JSON.stringify(readFileSync(MODULE, "utf8"))});`,
    'if (tree.rootNode.hasError) throw new Error("the module did not parse");',
  ].join("\n");
  const run = spawnSync(process.execPath, ["--trace-wasm-compilation-times", "--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const count = (compiler: string): number => run.stdout.split("\n").filter((line) => line.includes(`using ${compiler}`)).length;
  return { liftoff: count("Liftoff"), turbofan: count("TurboFan") };
}

test("asked before the first parse, the grammar runs on V8's baseline compiler alone", () => {
  const compiled = compiledWith(true);
  assert.ok(compiled.liftoff > 0, "the parse ran no WebAssembly: nothing was measured");
  assert.equal(compiled.turbofan, 0);
});

test("near miss: by default V8 optimises the grammar while it parses a 24-line module", () => {
  assert.ok(compiledWith(false).turbofan > 0);
});
