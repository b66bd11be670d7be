// The integrations docs/pre-commit.md documents, each run with the real tool where the machine has
// it and skipped with the reason where it does not:
// - the pre-commit framework installs the hook (.pre-commit-hooks.yaml) from the prebuilt tree
//   (scripts/prebuilt-hook.mjs) at a commit and the hook blocks a commit of a bad action file or tools file;
//   with docs/pre-commit.md's second entry, of a bad Elixir tool module, and lets its other modules be;
// - lint-staged, configured with docs/pre-commit.md's snippet, shows the offences of every kind of
//   staged file (tools files too) in one run of the command, so duplicate-tool sees them together.

import assert from "node:assert/strict";
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { tempDir } from "../support/cli.js";
import { builtPath, ROOT, repoPath } from "../support/paths.js";

const BAD = JSON.stringify({ search: { description: "Search\nthe catalogue", properties: {} } });
const GOOD = JSON.stringify({ order: { description: "Place an order", properties: {} } });
const BAD_TOOLS = JSON.stringify({ tools: [{ name: "get weather", description: "Weather", inputSchema: { type: "object" } }] });

/** An Elixir tool module whose one action's description is `description`. */
const elixirTool = (description: string): string =>
  `defmodule MyApp.Tools.Tasks do\n  use Wymcp.Tool\n\n  def name, do: "tasks"\n  def description, do: "Tasks"\n\n  def actions do\n    %{create: %{description: ${JSON.stringify(description)}, properties: %{}}}\n  end\nend\n`;

function run(command: string, args: readonly string[], options: SpawnSyncOptions = {}): { code: number | null; out: string } {
  const result = spawnSync(command, args, { encoding: "utf8", timeout: 600_000, ...options });
  return { code: result.status, out: `${String(result.stdout)}${String(result.stderr)}` };
}

function has(command: string): boolean {
  return spawnSync(command, ["--version"], { encoding: "utf8" }).status === 0;
}

/** A git repository in a temp dir, with an identity for commits. */
function gitProject(): string {
  const dir = tempDir();
  for (const args of [
    ["init", "-q"],
    ["config", "user.email", "test@example.invalid"],
    ["config", "user.name", "test"],
    ["config", "commit.gpgsign", "false"],
  ]) {
    assert.equal(run("git", args, { cwd: dir }).code, 0);
  }
  return dir;
}

test("pre-commit: the hook installs from the prebuilt tree at a commit and blocks a bad commit", (t) => {
  if (!has("pre-commit")) return t.skip("pre-commit is not installed (Debian: apt-get install pre-commit)");
  if (!has("git")) return t.skip("git is not installed");
  // The documented path: the prebuilt tree, made from the build as the prebuilt branch is.
  const prebuilt = join(tempDir(), "prebuilt");
  const made = run(process.execPath, [builtPath("scripts/prebuilt-hook.mjs"), prebuilt], { cwd: ROOT });
  assert.equal(made.code, 0, made.out);
  const rev = made.out.trim();

  const dir = gitProject();
  // PRE_COMMIT_HOME: the hook's environment (a clone, npm install, npm pack, npm install -g) is built here, not in ~/.cache.
  const env = { ...process.env, PRE_COMMIT_HOME: join(dir, ".pre-commit-home") };
  writeFileSync(join(dir, ".gitignore"), ".pre-commit-home/\n");
  // The hooks as docs/pre-commit.md writes them: the hook as it is, then the entry for Elixir tool modules.
  const readme = readFileSync(repoPath("docs/pre-commit.md"), "utf8");
  const hooks = /```yaml\n( {4}hooks:\n[\s\S]*?wymcp-lint \(Elixir tool modules\)[\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(hooks !== undefined, "docs/pre-commit.md's Elixir hook entry");
  writeFileSync(join(dir, ".pre-commit-config.yaml"), `repos:\n  - repo: ${JSON.stringify(prebuilt)}\n    rev: ${rev}\n${hooks}`);
  mkdirSync(join(dir, "tools"));
  writeFileSync(join(dir, "tools", "search.actions.json"), BAD);
  writeFileSync(join(dir, "tools", "order.actions.json"), GOOD);
  writeFileSync(join(dir, "tools", "weather.tools.json"), BAD_TOOLS);
  mkdirSync(join(dir, "lib", "my_app", "tools"), { recursive: true });
  writeFileSync(join(dir, "lib", "my_app", "tools", "tasks.ex"), elixirTool("Create\na task"));
  // A module that is no tool: the search passes over it, where naming it would be no-tool.
  writeFileSync(join(dir, "lib", "my_app", "repo.ex"), "defmodule MyApp.Repo do\n  def start, do: :ok\nend\n");
  assert.equal(run("git", ["add", "-A"], { cwd: dir }).code, 0);

  const installed = run("pre-commit", ["install"], { cwd: dir, env });
  assert.equal(installed.code, 0, installed.out);
  const commit = run("git", ["commit", "-q", "-m", "add tools"], { cwd: dir, env });
  assert.equal(commit.code, 1, commit.out);
  assert.match(commit.out, /wymcp-lint\.+Failed/);
  assert.match(commit.out, /tools\/search\.actions\.json:1:\d+ {2}newline {2}tool search action search at :description/);
  assert.match(commit.out, /tools\/weather\.tools\.json:1:\d+ {2}tool-name {2}/);
  assert.doesNotMatch(commit.out, /order\.actions\.json:/);
  assert.match(commit.out, /wymcp-lint \(Elixir tool modules\)\.+Failed/);
  assert.match(commit.out, /lib\/my_app\/tools\/tasks\.ex:\d+:\d+ {2}newline {2}tool tasks action create at :description/);
  assert.doesNotMatch(commit.out, /repo\.ex|no-tool/);
  assert.notEqual(run("git", ["rev-parse", "HEAD"], { cwd: dir }).code, 0, "the bad commit was made");

  writeFileSync(join(dir, "tools", "search.actions.json"), GOOD.replace("order", "search"));
  writeFileSync(join(dir, "tools", "weather.tools.json"), BAD_TOOLS.replace("get weather", "get_weather"));
  writeFileSync(join(dir, "lib", "my_app", "tools", "tasks.ex"), elixirTool("Create a task"));
  assert.equal(run("git", ["add", "-A"], { cwd: dir }).code, 0);
  const fixed = run("git", ["commit", "-q", "-m", "add tools"], { cwd: dir, env });
  assert.equal(fixed.code, 0, fixed.out);
  assert.match(fixed.out, /wymcp-lint\.+Passed/);
  assert.match(fixed.out, /wymcp-lint \(Elixir tool modules\)\.+Passed/);
});

test("docs/pre-commit.md's hook snippet names a rev that exists: a commit of the prebuilt tree", () => {
  const readme = readFileSync(repoPath("docs/pre-commit.md"), "utf8");
  const snippet = /```yaml\nrepos:\n[\s\S]*?```/.exec(readme)?.[0] ?? "";
  assert.match(snippet, /rev: <a full commit hash of its prebuilt branch>/);
  assert.match(snippet, /- id: wymcp-lint/);
});

test("lint-staged with docs/pre-commit.md's snippet: one run sees every kind of staged file, so every offence is shown and duplicate-tool sees both", (t) => {
  const lintStaged = repoPath("node_modules/.bin/lint-staged");
  if (!existsSync(lintStaged)) return t.skip("lint-staged is not installed (npm install)");
  if (!has("git")) return t.skip("git is not installed");
  const readme = readFileSync(repoPath("docs/pre-commit.md"), "utf8");
  const config = JSON.parse(/```json\n(\{\n {2}"lint-staged"[\s\S]*?)```/.exec(readme)?.[1] ?? "null") as { "lint-staged": Record<string, string> };
  assert.equal(Object.keys(config["lint-staged"]).length, 1, "one key for both kinds of file");

  const dir = gitProject();
  // wymcp-lint as the project would have it: its bin on PATH.
  const bin = join(dir, "bin");
  mkdirSync(bin);
  writeFileSync(join(bin, "wymcp-lint"), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(repoPath("bin/wymcp-lint.js"))} "$@"\n`, { mode: 0o755 });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "server", private: true, ...config }, null, 2));
  mkdirSync(join(dir, "tools"));
  // A broken JSON5 file, and a module declaring the tool an action file declares too.
  writeFileSync(join(dir, "tools", "broken.actions.json5"), "{ search: { description: 'Search',, } }");
  writeFileSync(join(dir, "tools", "catalogue.actions.json"), GOOD);
  writeFileSync(join(dir, "tools", "catalogue.tool.mjs"), `export default { name: "catalogue", description: "C", actions: () => (${GOOD}) };\n`);
  writeFileSync(join(dir, "tools", "weather.tools.json"), BAD_TOOLS);
  assert.equal(run("git", ["add", "-A"], { cwd: dir }).code, 0);

  const env = { ...process.env, PATH: `${bin}:${process.env["PATH"] ?? ""}`, NO_COLOR: "1" };
  const staged = run(process.execPath, [lintStaged, "--no-stash"], { cwd: dir, env });
  assert.equal(staged.code, 1, staged.out);
  assert.doesNotMatch(staged.out, /SIGKILL/);
  assert.match(staged.out, /broken\.actions\.json5:1:\d+ {2}parse-error/);
  assert.match(staged.out, /catalogue\.(actions\.json|tool\.mjs)\S* {2}duplicate-tool/);
  assert.match(staged.out, /weather\.tools\.json:1:\d+ {2}tool-name/);
});

test("the prebuilt hook package (scripts/prebuilt-hook.mjs): the built files and the hook, a package.json with nothing to build or develop with", (t) => {
  if (!has("git")) return t.skip("git is not installed");
  const out = join(tempDir(), "hook");
  const made = run(process.execPath, [repoPath("scripts/prebuilt-hook.mjs"), out]);
  assert.equal(made.code, 0, made.out);
  const manifest = JSON.parse(readFileSync(join(out, "package.json"), "utf8"));
  const source = JSON.parse(readFileSync(repoPath("package.json"), "utf8"));
  assert.equal(manifest.devDependencies, undefined, "pre-commit's npm install --dev would install them all");
  assert.equal(manifest.scripts, undefined, "no prepare: npm install and npm pack build nothing");
  assert.deepEqual(manifest.dependencies, source.dependencies);
  for (const path of [...source.files, ".pre-commit-hooks.yaml", "dist/bundle/cli.cjs"]) assert.ok(existsSync(join(out, path)), path);
  // One commit, named after the commit it was built from, for rev: to name.
  assert.match(run("git", ["log", "-1", "--format=%s"], { cwd: out }).out, /^prebuilt hook package of [0-9a-f]{40}/);
  // A second run is a new commit over the same repository.
  assert.equal(run(process.execPath, [repoPath("scripts/prebuilt-hook.mjs"), out]).code, 0);
  assert.equal(run("git", ["rev-list", "--count", "HEAD"], { cwd: out }).out.trim(), "2");
});
