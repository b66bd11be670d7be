// Reading action files on worker threads (src/inputs/scheduler.ts): forced through the
// `workers` option (or WYMCP_LINT_WORKERS), never through the size thresholds, so these
// tests do not depend on the machine. The parallel path must give exactly the sequential
// path's result, keep each file's failure in that file, and turn a failing worker into an
// internal error, never a partial result.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { test } from "node:test";
import { run } from "../../src/cli/run.js";
import { discover } from "../../src/lint/discover.js";
import type { FoundFile } from "../../src/files/kind.js";
import { readJsonPath } from "../../src/inputs/json-file.js";
import { lintInParallel, PARALLEL_MIN_BYTES, workersFor } from "../../src/inputs/scheduler.js";
import { lintFound } from "../support/lint.js";
import { FIXTURES, tempDir } from "../support/cli.js";

const GOLDEN = new URL("../../test/fixtures/golden/input/", import.meta.url);

/**
 * A corpus of action files: the CLI fixtures' action files and the golden inputs (clean,
 * with offences, broken), each copied into several directories, plus files that break in
 * every way a file can, spread through the list so every thread meets some.
 */
function corpus(): { dir: string; found: Promise<FoundFile[]> } {
  const dir = tempDir();
  const sources = [
    ...["clean/catalogue.actions.json", "clean/orders.actions.json5", "broken/bad.actions.json", "broken/bom.actions.json", "broken/syntax.actions.json5"].map((p) =>
      join(FIXTURES, p),
    ),
  ];
  const files: [string, string][] = [];
  for (const name of ["catalogue.actions.json", "users.actions.json5"]) files.push([name, readFileSync(new URL(name, GOLDEN), "utf8")]);
  for (const source of sources) files.push([source.split("/").pop() as string, readFileSync(source, "utf8")]);
  for (let d = 0; d < 6; d++) {
    const sub = join(dir, `server-${d}`);
    mkdirSync(sub);
    for (const [name, text] of files) writeFileSync(join(sub, name), text);
    // Files that break, and a tool name used twice in one directory (duplicate-tool is
    // decided over the merged results).
    writeFileSync(join(sub, `latin1-${d}.actions.json`), Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]));
    writeFileSync(join(sub, `truncated-${d}.actions.json`), '{"a": {"description": "A", "properties": {');
    writeFileSync(join(sub, `offences-${d}.actions.json`), '{\n  "a": {"description": "two\\nlines", "propertes": {}},\n  "b": 3\n}\n');
    mkdirSync(join(sub, `unreadable-${d}.actions.json`));
    mkdirSync(join(sub, "nested"));
    writeFileSync(join(sub, "nested", "catalogue.actions.json"), '{"x": {"description": "X", "properties": {}}}');
    writeFileSync(join(sub, "nested", "catalogue.actions.json5"), "{x: {description: 'X', properties: {}}}");
  }
  const found = discover([dir, join(FIXTURES, "offences"), join(FIXTURES, "dup")], dir).then(({ files }) => [
    ...files,
    { file: "unreadable-dir.actions.json", path: join(dir, "server-0", "unreadable-0.actions.json"), kind: "action-file" as const },
    { file: "gone.actions.json", path: join(dir, "gone.actions.json"), kind: "action-file" as const },
  ]);
  return { dir, found };
}

function withoutModules(found: readonly FoundFile[]): FoundFile[] {
  return found.filter((f) => f.kind === "action-file" || f.kind === "tools-file");
}

test("worker threads give exactly the sequential result, whatever their number", async () => {
  const found = withoutModules(await corpus().found);
  const sequential = await lintFound(found, { timeoutMs: 20_000, workers: 0 });
  // The corpus has what the parallel path must carry back: offences with positions,
  // parse errors with and without one, duplicate-tool across files.
  const codes = new Set(sequential.files.flatMap((f) => f.offences.map((o) => o.code)));
  for (const code of ["parse-error", "unknown-key", "newline", "wrong-type", "duplicate-tool"]) assert.ok(codes.has(code as never), code);
  assert.ok(sequential.files.some((f) => f.offences.some((o) => o.code === "unknown-key" && o.line === 2)));
  assert.ok(sequential.files.some((f) => f.offences.some((o) => o.code === "parse-error" && o.line === undefined)));
  assert.ok(found.length > 40);

  for (const workers of [1, 2, 5]) {
    const parallel = await lintFound(found, { timeoutMs: 20_000, workers });
    assert.deepEqual(parallel.files, sequential.files, `${workers} workers`);
    assert.deepEqual(parallel.summary, sequential.summary);
  }
});

test("files linted by workers only: each file's failure stays its own offence; results come back frozen, in order", async () => {
  const found = withoutModules(await corpus().found);
  // No per-file step for this thread: the workers lint every file.
  const parallel = await lintInParallel(found, { workers: 2 });
  assert.deepEqual(
    parallel,
    found.map((one) => readJsonPath(one)),
  );
  const broken = parallel.filter(({ lint }) => lint.offences.some((o) => o.code === "parse-error"));
  assert.ok(broken.length >= 6 * 4);
  for (const { lint } of parallel) {
    assert.ok(Object.isFrozen(lint) && Object.isFrozen(lint.offences));
    for (const offence of lint.offences) assert.ok(Object.isFrozen(offence) && Object.isFrozen(offence.path) && Object.isFrozen(offence.target));
  }
});

test("a worker that fails is an internal error, never a partial result", async () => {
  const dir = tempDir();
  const found = withoutModules(await corpus().found);
  const failing = {
    // Each takes a file (so the run must wait for it), says so, then fails in its own way.
    throws: "throw new Error('boom');",
    exits: "process.exit(3);",
    "returns without posting": "",
  };
  const sleep = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  for (const [how, body] of Object.entries(failing)) {
    const file = join(dir, `${how.replace(/ /g, "-")}.mjs`);
    const marker = `${file}.took-a-file`;
    writeFileSync(
      file,
      `import { writeFileSync } from "node:fs";\nimport { parentPort } from "node:worker_threads";\n` +
        `parentPort.once("message", (input) => {\nAtomics.add(input.shared, 0, 1);\nwriteFileSync(${JSON.stringify(marker)}, "");\n${body}\n});\n`,
    );
    const workerUrl = pathToFileURL(file);
    await assert.rejects(lintInParallel(found, { workers: 1, workerUrl }), /^Error: a lint worker (failed|stopped)/, how);
    // Also while this thread lints the rest: it waits until the failing worker has taken
    // its file (else it could finish every file first, and then nothing is missing).
    rmSync(marker);
    const lintOne = (one: FoundFile): ReturnType<typeof readJsonPath> => {
      for (let waited = 0; !existsSync(marker) && waited < 20_000; waited += 5) sleep(5);
      return readJsonPath(one);
    };
    await assert.rejects(lintInParallel(found, { workers: 1, workerUrl, lintOne }), /^Error: a lint worker (failed|stopped)/, how);
  }
});

test("WYMCP_LINT_WORKERS forces the number of workers; the report is the same; a bad value is a usage error", async () => {
  const { dir } = corpus();
  const reports: string[] = [];
  for (const workers of ["0", "1", "3"]) {
    let stdout = "";
    const code = await run(["--format", "json", dir], { stdout: (s) => void (stdout += s), stderr: () => undefined, cwd: dir, env: { WYMCP_LINT_WORKERS: workers }, isTTY: false });
    assert.equal(code, 1);
    reports.push(stdout);
  }
  assert.equal(reports[1], reports[0]);
  assert.equal(reports[2], reports[0]);

  let stderr = "";
  const code = await run([dir], { stdout: () => undefined, stderr: (s) => void (stderr += s), cwd: dir, env: { WYMCP_LINT_WORKERS: "two" }, isTTY: false });
  assert.equal(code, 2);
  assert.match(stderr, /^wymcp-lint: error: WYMCP_LINT_WORKERS must be a whole number from 0 to 999; got "two"/);
});

test("the command (the bundled CLI and its worker entry) reports the same with workers as without", () => {
  const { dir } = corpus();
  const bin = fileURLToPath(new URL("../../bin/wymcp-lint.js", import.meta.url));
  const reports = ["0", "2"].map((workers) => {
    const env = { ...process.env, WYMCP_LINT_WORKERS: workers };
    const result = spawnSync(process.execPath, [bin, "--format", "json", "."], { cwd: dir, env, encoding: "utf8", timeout: 60_000 });
    assert.equal(result.stderr, "");
    assert.equal(result.status, 1);
    return result.stdout;
  });
  assert.equal(reports[1], reports[0]);
  assert.ok((JSON.parse(reports[0] as string) as { summary: { files: number } }).summary.files > 40);
});

test("workers are started only for large runs, by the bytes estimated from a sample of file sizes", () => {
  const dir = tempDir();
  const foundFile = (name: string): FoundFile => ({ file: name, path: join(dir, name), kind: "action-file" });
  const spare = Math.min(availableParallelism() - 1, 7);
  const half = PARALLEL_MIN_BYTES / 2;
  writeFileSync(join(dir, "half.actions.json"), Buffer.alloc(half, 0x20));
  writeFileSync(join(dir, "big.actions.json"), Buffer.alloc(PARALLEL_MIN_BYTES, 0x20));
  writeFileSync(join(dir, "small.actions.json"), "{}");
  assert.equal(workersFor([]), 0);
  assert.equal(workersFor([foundFile("big.actions.json")]), 0, "one file is never split");
  assert.equal(workersFor([foundFile("half.actions.json"), foundFile("small.actions.json")]), 0);
  assert.equal(workersFor([foundFile("half.actions.json"), foundFile("half.actions.json")]), Math.min(spare, 1));
  assert.equal(workersFor([foundFile("big.actions.json"), foundFile("small.actions.json")]), Math.min(spare, 1));
  // Many files: a sample of their sizes decides (files that are gone count as empty).
  const many = (name: string, n: number): FoundFile[] => Array.from({ length: n }, () => foundFile(name));
  assert.equal(workersFor(many("small.actions.json", 20_000)), 0);
  assert.equal(workersFor(many("gone.actions.json", 20_000)), 0);
  assert.equal(workersFor(many("half.actions.json", 40)), Math.min(spare, 20));
});
