// Nothing lost (docs/report.md: "Never writes to the linted files"): every
// file under a tree of action files (JSON, JSON5, one with a BOM, one broken), tool modules
// (ESM, CommonJS, TypeScript, one that throws) keeps its bytes, mode, mtime and ctime, and
// no file appears or disappears beside them, through a run of every format, coloured text,
// --stdin, and the spawned command. The tree is a copy of test/fixtures/adversarial/untouched/
// in a temp dir, its times set far in the past, so any write would show.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, lstatSync, readdirSync, readFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { cli, tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const TREE = repoPath("test/fixtures/adversarial/untouched");
const BIN = repoPath("bin/wymcp-lint.js");
const PAST = new Date("2001-02-03T04:05:06Z");

interface Entry {
  readonly kind: "file" | "directory";
  readonly mode: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly sha256: string | null;
}

/** Every entry under `root` (the root included), by relative path. */
function snapshot(root: string): Record<string, Entry> {
  const out: Record<string, Entry> = {};
  const visit = (relative: string): void => {
    const path = join(root, relative);
    const stats = lstatSync(path);
    const directory = stats.isDirectory();
    out[relative === "" ? "." : relative] = {
      kind: directory ? "directory" : "file",
      mode: stats.mode,
      size: directory ? 0 : stats.size,
      mtimeMs: stats.mtimeMs,
      ctimeMs: stats.ctimeMs,
      sha256: directory ? null : createHash("sha256").update(readFileSync(path)).digest("hex"),
    };
    if (directory) for (const name of readdirSync(path).sort()) visit(relative === "" ? name : join(relative, name));
  };
  visit("");
  return out;
}

test("no run, in any format or from stdin, changes a byte, a mode or a time of any file, or adds one", async () => {
  const dir = tempDir();
  cpSync(TREE, dir, { recursive: true });
  const files = Object.keys(snapshot(dir));
  for (const relative of files.reverse()) utimesSync(join(dir, relative), PAST, PAST);
  const before = snapshot(dir);
  // The copy is the fixture: same files, same bytes.
  const fixture = snapshot(TREE);
  assert.deepEqual(
    Object.entries(before).map(([k, e]) => [k, e.kind, e.sha256]),
    Object.entries(fixture).map(([k, e]) => [k, e.kind, e.sha256]),
  );
  assert.ok(Object.values(before).filter((e) => e.kind === "file").length >= 8, "action files of both kinds, modules of three kinds, a broken file");

  const runs: (readonly string[])[] = [
    ["--format", "text"],
    ["--format", "text", "--color"],
    ["--format", "json"],
    ["--format", "sarif"],
    ["--format", "github"],
    ["--format", "json", "orders.actions.json5", "nested/bom.actions.json", "typed.tool.ts"],
  ];
  for (const argv of runs) {
    const { code, stderr } = await cli(argv, { cwd: dir });
    assert.deepEqual([code, stderr], [1, ""], argv.join(" "));
    assert.deepEqual(snapshot(dir), before, `after ${argv.join(" ")}`);
  }
  // --stdin, named as a file of the tree: it reads stdin, never the file.
  for (const format of ["text", "json", "sarif", "github"]) {
    const stdin = readFileSync(join(dir, "orders.actions.json5"), "utf8");
    const { code, stderr } = await cli(["--stdin", "--stdin-filename", "orders.actions.json5", "--format", format], { cwd: dir, stdin });
    assert.deepEqual([code, stderr], [1, ""], `--stdin --format ${format}`);
    assert.deepEqual(snapshot(dir), before, `after --stdin --format ${format}`);
  }
  // The real command, with its own process io.
  const spawned = spawnSync(process.execPath, [BIN, "--format", "sarif"], { cwd: dir, encoding: "utf8", timeout: 30_000 });
  assert.deepEqual([spawned.status, spawned.stderr], [1, ""]);
  assert.deepEqual(snapshot(dir), before, "after the spawned command");
});
