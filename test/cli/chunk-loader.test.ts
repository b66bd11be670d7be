// How bin/wymcp-lint.js loads the bundled CLI (src/cli/chunk-loader.ts), through the real
// command on a copy of the built package: every chunk a one-file run loads has its code cache
// and uses it; a chunk changed after the build, even to the same length, a cache file that is
// damaged, or V8 flags other than the build's, run without the cache and give the same report.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const SAMPLE = repoPath("test/fixtures/real-mcp/actions-clean/context7-mcp.actions.json");

/** A copy of the built package whose bundle and caches a test may change. */
function packageCopy(): string {
  const root = tempDir();
  for (const part of ["bin", "package.json", join("dist", "bundle")]) cpSync(repoPath(part), join(root, part), { recursive: true });
  for (const part of ["node_modules", "vendor"]) symlinkSync(repoPath(part), join(root, part));
  return root;
}

/** The run's report and each chunk it loaded with what became of its cache; `flags` are node's. */
function traced(root: string, flags: readonly string[] = []): { status: number | null; report: string; chunks: Map<string, string> } {
  const run = spawnSync(process.execPath, [...flags, join(root, "bin", "wymcp-lint.js"), "--format", "json", SAMPLE], {
    env: { ...process.env, WYMCP_LINT_TRACE: "chunks" },
    encoding: "utf8",
  });
  const chunks = new Map([...run.stderr.matchAll(/^wymcp-lint: trace: chunk (\S+) \(code cache: (\w+)\)$/gm)].map((m) => [m[1] as string, m[2] as string]));
  const other = run.stderr.split("\n").filter((line) => line !== "" && !line.startsWith("wymcp-lint: trace: chunk "));
  assert.deepEqual(other, [], "nothing on stderr but the trace");
  return { status: run.status, report: run.stdout.replace(/"durationMs": \d+(\.\d+)?/, ""), chunks };
}

test("a one-file run loads each chunk with the code cache the build made for it", () => {
  const { status, chunks } = traced(repoPath("."));
  assert.equal(status, 0);
  assert.ok(chunks.has("cli.cjs") && chunks.has("early.cjs"), [...chunks.keys()].join(" "));
  assert.deepEqual(
    [...chunks].filter(([, state]) => state !== "used"),
    [],
  );
});

test("a chunk changed after the build, to the same length, runs without its cache; the report is the same", () => {
  const root = packageCopy();
  const before = traced(root);
  const cli = join(root, "dist", "bundle", "cli.cjs");
  const text = readFileSync(cli, "utf8");
  assert.ok(text.startsWith("'use strict';"));
  writeFileSync(cli, text.replace("'use strict';", '"use strict";'));
  const after = traced(root);
  assert.equal(after.chunks.get("cli.cjs"), "none");
  assert.equal(after.chunks.get("early.cjs"), "used");
  assert.equal(after.status, before.status);
  assert.equal(after.report, before.report);
});

test("a damaged cache file costs its chunk the cache, nothing else", () => {
  const root = packageCopy();
  const before = traced(root);
  const caches = join(root, "dist", "bundle", "code-cache");
  const names = readdirSync(caches);
  // Two caches the run uses: the CLI's entry and the first other chunk it loads with its cache.
  const used = [...before.chunks].filter(([chunk, state]) => state === "used" && chunk !== "early.cjs").map(([chunk]) => `${chunk}.cache`);
  const [truncated, garbled] = used.filter((name) => names.includes(name));
  assert.ok(truncated !== undefined && garbled !== undefined, names.join(" "));
  writeFileSync(join(caches, truncated), readFileSync(join(caches, truncated)).subarray(0, 3));
  // V8's data garbled, its header intact: given to V8, it could crash the process.
  const cache = readFileSync(join(caches, garbled));
  cache.fill(0x5a, cache.length - 64);
  writeFileSync(join(caches, garbled), cache);
  const after = traced(root);
  assert.equal(after.chunks.get(truncated.replace(/\.cache$/, "")), "none");
  assert.equal(after.chunks.get(garbled.replace(/\.cache$/, "")), "none");
  assert.equal(after.status, before.status);
  assert.equal(after.report, before.report);
});

test("under other V8 flags than the build's, V8 rejects every cache and the report is the same", () => {
  const plain = traced(repoPath("."));
  const flagged = traced(repoPath("."), ["--max-semi-space-size=32"]);
  assert.deepEqual(new Set(flagged.chunks.values()), new Set(["rejected"]));
  assert.equal(flagged.status, plain.status);
  assert.equal(flagged.report, plain.report);
});
