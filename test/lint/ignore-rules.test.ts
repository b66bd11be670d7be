// Ignores (docs/inputs.md): directory and glob searches skip what git
// ignores (.gitignore files at every level, .git/info/exclude), --no-ignore turns that off,
// --ignore-pattern and the config's "ignore" add patterns; a path named on the command line
// is always linted. The
// project is built in a temp dir: a .gitignore committed under test/fixtures would make git
// ignore the fixture itself.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { cli, tempDir } from "../support/cli.js";

const TOOL = JSON.stringify({ search: { description: "Search\nthe catalogue", properties: {} } });

/** A TypeScript server after `tsc` to dist/ and a copy in build/, both git-ignored. */
function project(): string {
  const dir = tempDir();
  const files: Record<string, string> = {
    ".gitignore": "dist/\n/build\n*.local.actions.json\n",
    ".git/info/exclude": "scratch/\n",
    "src/tools/search.actions.json": TOOL,
    "src/tools/orders.actions.json5": TOOL,
    "src/tools/draft.local.actions.json": TOOL,
    "src/tools/.gitignore": "generated/\n!keep.local.actions.json\n",
    "src/tools/keep.local.actions.json": TOOL,
    "src/tools/generated/gen.actions.json": TOOL,
    "dist/tools/search.actions.json": TOOL,
    "dist/tools/orders.actions.json5": TOOL,
    "build/tools/search.actions.json": TOOL,
    "scratch/try.actions.json": TOOL,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

async function linted(args: readonly string[], cwd: string): Promise<string[]> {
  const outcome = await cli(["--format", "json", ...args], { cwd });
  assert.equal(outcome.stderr, "");
  assert.equal(outcome.code, 1, outcome.stdout);
  return (JSON.parse(outcome.stdout) as { files: { file: string }[] }).files.map((f) => f.file);
}

const SOURCES = ["src/tools/keep.local.actions.json", "src/tools/orders.actions.json5", "src/tools/search.actions.json"];

test("a search skips what .gitignore files (nested ones too) and .git/info/exclude ignore", async () => {
  const dir = project();
  assert.deepEqual(await linted([], dir), SOURCES);
  assert.deepEqual(
    await linted(["."], dir),
    SOURCES.map((f) => `./${f}`),
  );
  // From inside the repository, the rules of the levels above still apply.
  assert.deepEqual(await linted(["tools"], join(dir, "src")), ["tools/keep.local.actions.json", "tools/orders.actions.json5", "tools/search.actions.json"]);
  // A glob's matches are found, not named: ignored ones are skipped.
  assert.deepEqual(await linted(["*/tools/*.actions.json"], dir), ["src/tools/keep.local.actions.json", "src/tools/search.actions.json"]);
});

test("--no-ignore searches everything; --ignore-pattern adds patterns, repeatable", async () => {
  const dir = project();
  assert.deepEqual(await linted(["--no-ignore"], dir), [
    "build/tools/search.actions.json",
    "dist/tools/orders.actions.json5",
    "dist/tools/search.actions.json",
    "scratch/try.actions.json",
    "src/tools/draft.local.actions.json",
    "src/tools/generated/gen.actions.json",
    "src/tools/keep.local.actions.json",
    "src/tools/orders.actions.json5",
    "src/tools/search.actions.json",
  ]);
  assert.deepEqual(await linted(["--ignore-pattern", "*.json5", "--ignore-pattern", "keep.*"], dir), ["src/tools/search.actions.json"]);
  assert.deepEqual(await linted(["--no-ignore", "--ignore-pattern", "src/", "--ignore-pattern", "dist"], dir), ["build/tools/search.actions.json", "scratch/try.actions.json"]);
});

test("a path named on the command line is linted even if ignored; a named ignored directory is searched", async () => {
  const dir = project();
  assert.deepEqual(await linted(["dist/tools/search.actions.json", "src/tools/draft.local.actions.json"], dir), [
    "dist/tools/search.actions.json",
    "src/tools/draft.local.actions.json",
  ]);
  assert.deepEqual(await linted(["dist"], dir), ["dist/tools/orders.actions.json5", "dist/tools/search.actions.json"]);
  assert.deepEqual(await linted(["--ignore-pattern", "orders.*", "dist"], dir), ["dist/tools/search.actions.json"]);
});

test("a search in which everything is ignored holds nothing to lint: a usage error", async () => {
  const dir = project();
  const outcome = await cli(["dist", "--ignore-pattern", "tools/"], { cwd: dir });
  assert.equal(outcome.code, 2);
  assert.match(outcome.stderr, /"dist" holds no action file or tool module/);
});

test("the config's ignore patterns join the search's, relative to the config's directory; --no-config drops them", async () => {
  const dir = project();
  writeFileSync(join(dir, "wymcp-lint.config.json"), JSON.stringify({ ignore: ["*.json5", "src/tools/keep.*"] }));
  assert.deepEqual(await linted([], dir), ["src/tools/search.actions.json"]);
  // From a subdirectory the patterns still mean the config's places, not the current directory's.
  assert.deepEqual(await linted(["tools"], join(dir, "src")), ["tools/search.actions.json"]);
  assert.deepEqual(await linted(["--no-config"], dir), SOURCES);
  // With --no-ignore the config's patterns still apply: they are the user's own, like --ignore-pattern.
  assert.deepEqual(await linted(["--no-ignore"], dir), [
    "build/tools/search.actions.json",
    "dist/tools/search.actions.json",
    "scratch/try.actions.json",
    "src/tools/draft.local.actions.json",
    "src/tools/generated/gen.actions.json",
    "src/tools/search.actions.json",
  ]);
});

test("an ignore file that is a FIFO or a link to /dev/zero gives no rules, and the search neither waits nor reads without end", async () => {
  const dir = project();
  rmSync(join(dir, ".gitignore"));
  execFileSync("mkfifo", [join(dir, ".gitignore")]);
  rmSync(join(dir, ".git", "info", "exclude"));
  symlinkSync("/dev/zero", join(dir, ".git", "info", "exclude"));
  rmSync(join(dir, "src", "tools", ".gitignore"));
  symlinkSync("/dev/zero", join(dir, "src", "tools", ".gitignore"));
  assert.deepEqual(await linted(["src"], dir), [
    "src/tools/draft.local.actions.json",
    "src/tools/generated/gen.actions.json",
    "src/tools/keep.local.actions.json",
    "src/tools/orders.actions.json5",
    "src/tools/search.actions.json",
  ]);
});
