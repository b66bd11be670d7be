// A tool module cannot stop the linter from a worker thread it starts (src/modules/child/
// thread-guard.ts): process.kill of the linter's pid is refused in every thread of the module
// process, whatever execArgv the worker was given, and in the workers a worker starts. The
// run ends with its report. Through the real command, since a kill that got through would
// stop whatever process ran the linter.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const BIN = repoPath("bin/wymcp-lint.js");

/** A module whose worker (started with `options`) signals the linter, then declares a clean tool. */
function killerModule(tool: string, options: string, nested = false): string {
  const kill = `try { process.kill(process.ppid, "SIGTERM"); } catch (e) { require("node:worker_threads").parentPort.postMessage(String(e.message)); }`;
  const body = nested
    ? `const { Worker } = require("node:worker_threads"); const w = new Worker(${JSON.stringify(kill)}, { eval: true, execArgv: [] }); w.on("message", (m) => require("node:worker_threads").parentPort.postMessage(m));`
    : kill;
  return `import { Worker } from "node:worker_threads";
const worker = new Worker(${JSON.stringify(body)}, { eval: true, ${options} });
const said = await new Promise((resolve) => { worker.on("message", resolve); worker.on("exit", () => resolve("exited")); });
export const name = ${JSON.stringify(tool)};
export const description = String(said);
export const actions = {};
`;
}

test("a worker thread's process.kill of the linter is refused, with any execArgv and one worker down", () => {
  const dir = tempDir();
  writeFileSync(join(dir, "inherit.tool.mjs"), killerModule("inherit", ""));
  writeFileSync(join(dir, "bare.tool.mjs"), killerModule("bare", "execArgv: []"));
  writeFileSync(join(dir, "nested.tool.mjs"), killerModule("nested", "execArgv: []", true));
  const run = spawnSync(process.execPath, [BIN, "--format", "json", "."], { cwd: dir, encoding: "utf8", timeout: 120_000 });
  assert.equal(run.signal, null, "the linter was not stopped");
  const report = JSON.parse(run.stdout) as { files: { file: string; offences: unknown[] }[] };
  assert.deepEqual(
    report.files.map((f) => [f.file, f.offences]),
    [
      ["./bare.tool.mjs", []],
      ["./inherit.tool.mjs", []],
      ["./nested.tool.mjs", []],
    ],
  );
});
