// How a run uses its module processes, through the real command and its module trace
// (WYMCP_LINT_TRACE=modules, docs/cli.md, "Environment"): --fix's passes over tool modules run in
// the processes the lint already started, and hung modules' timeouts run side by side rather
// than one process's worth at a time, while modules that compute keep their places. Nothing
// here is timed: the trace's order says it.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { tempDir } from "../support/cli.js";

const BIN = fileURLToPath(new URL("../../bin/wymcp-lint.js", import.meta.url));

function traced(cwd: string, args: readonly string[]): { code: number | null; stdout: string; trace: string[] } {
  const env: NodeJS.ProcessEnv = { ...process.env, WYMCP_LINT_TRACE: "modules" };
  for (const name of ["NO_COLOR", "FORCE_COLOR", "WYMCP_LINT_DEBUG"]) delete env[name];
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, env, encoding: "utf8", timeout: 300_000 });
  const trace = result.stderr.split("\n").filter((line) => line !== "");
  for (const line of trace) assert.match(line, /^wymcp-lint: trace: module process \d+ /);
  return { code: result.status, stdout: result.stdout, trace };
}

const fixable = (name: string): string =>
  `export default {\n  name: ${JSON.stringify(name)},\n  description: "Tool",\n  actions: {\n    find: { description: "Find.", properties: {}, exmples: [] },\n  },\n};\n`;

test("--fix lints each fixed tool module again in a process the run already has, starting none for it", () => {
  const dir = tempDir();
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  const modules = ["a", "b", "c", "d", "e", "f"];
  for (const name of modules) writeFileSync(join(dir, `${name}.tool.mjs`), fixable(name));
  // One .cjs and one .ts module too: each kind is loaded again from its fixed text.
  writeFileSync(join(dir, "g.tool.cjs"), fixable("g").replace("export default", "module.exports ="));
  writeFileSync(join(dir, "h.tool.ts"), fixable("h").replace('"Tool"', '"Tool" as string'));
  const files = modules.length + 2;
  const run = traced(dir, ["--fix", "."]);
  assert.equal(run.code, 0, run.stdout);
  assert.match(run.stdout, new RegExp(`${files} files, ${files} actions: no offences`));
  for (const file of ["a.tool.mjs", "g.tool.cjs", "h.tool.ts"]) assert.match(readFileSync(join(dir, file), "utf8"), /examples: \[\]/);
  const started = run.trace.filter((line) => / started$/.test(line)).length;
  const loads = run.trace.filter((line) => / loads /.test(line)).length;
  // Each module loaded twice: from its file, then from its fixed text.
  assert.equal(loads, 2 * files);
  // A process per pass would be at least one more process than modules.
  assert.ok(started >= 1 && started <= files, run.trace.join("\n"));
  assert.equal(run.trace.filter((line) => / reused$/.test(line)).length, files);
});

test("hung modules time out side by side: more of them at once than the pool's size", () => {
  const dir = tempDir();
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  const hung = availableParallelism() + 2;
  for (let i = 0; i < hung; i++) writeFileSync(join(dir, `hung-${i}.tool.mjs`), "await new Promise((resolve) => setTimeout(resolve, 600_000));\nexport default {};\n");
  for (let i = 0; i < 4; i++) writeFileSync(join(dir, `good-${i}.tool.mjs`), fixable(`good-${i}`).replace("exmples", "examples"));
  const run = traced(dir, ["--load-timeout", "8", "--format", "json", "."]);
  assert.equal(run.code, 1);
  const report = JSON.parse(run.stdout) as { files: { file: string; offences: { code: string }[] }[] };
  for (const file of report.files) {
    const expected = file.file.includes("hung") ? ["load-error"] : [];
    assert.deepEqual(
      file.offences.map((o) => o.code),
      expected,
      file.file,
    );
  }
  // How many hung modules were in flight at once, from the trace's order alone.
  let inFlight = 0;
  let most = 0;
  for (const line of run.trace) {
    if (/ loads .*hung-\d+\.tool\.mjs$/.test(line)) most = Math.max(most, ++inFlight);
    if (/ timed out on .*hung-\d+\.tool\.mjs$/.test(line)) inFlight--;
  }
  assert.equal(run.trace.filter((line) => / timed out on /.test(line)).length, hung);
  assert.ok(most > availableParallelism(), `at most ${most} hung modules at once:\n${run.trace.join("\n")}`);
});

test("modules that compute keep their places: no more processes than the pool's size", () => {
  const dir = tempDir();
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  const busy = availableParallelism() + 1;
  for (let i = 0; i < busy; i++) {
    writeFileSync(join(dir, `busy-${i}.tool.mjs`), `const end = Date.now() + 1000;\nwhile (Date.now() < end) {}\n${fixable(`busy-${i}`).replace("exmples", "examples")}`);
  }
  const run = traced(dir, ["--load-timeout", "120", "."]);
  assert.equal(run.code, 0, run.stdout);
  const started = run.trace.filter((line) => / started$/.test(line)).length;
  assert.ok(started <= availableParallelism(), run.trace.join("\n"));
});
