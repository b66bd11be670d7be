// `mix wymcp.lint` (elixir/wymcp_lint/, docs/elixir.md, "Evaluated by Elixir"): its steps,
// followed as written in a project `mix new` lays out (the package installed as npm installs
// it: node_modules/wymcp-lint and its bin link), give the linter's answer and exit code through
// npx and through the Mix task, as a path dependency and as an archive. Wymcp itself is a Hex
// package no test machine can fetch: its Wymcp.Tool is the fixture's stand-in. Skips where
// Elixir is not installed. The linter is the build (npm run build).

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { repoPath } from "../support/paths.js";

const noElixir = spawnSync("mix", ["--version"], { encoding: "utf8" }).status === 0 ? false : "Elixir is not installed (Debian: apt-get install elixir)";
const GUIDE = readFileSync(repoPath("docs/elixir.md"), "utf8");
const root = mkdtempSync(join(tmpdir(), "wymcp-lint-mix-task-"));
// Archives go here, not into the user's ~/.mix.
const env = { ...process.env, MIX_ARCHIVES: join(root, "archives"), MIX_ENV: "dev" };

after(() => rmSync(root, { recursive: true, force: true }));

function sh(command: string, args: readonly string[], cwd: string): { status: number | null; output: string } {
  const run = spawnSync(command, args, { cwd, env, encoding: "utf8", timeout: 300_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The guide's code block that holds `needle`, as written. */
function readmeBlock(needle: string): string {
  const block = [...GUIDE.matchAll(/```\w*\n([\s\S]*?)```/g)].map((m) => m[1] as string).find((text) => text.includes(needle));
  assert.ok(block !== undefined, `docs/elixir.md shows ${needle}`);
  return block;
}

const TOOL = `defmodule Demo.Search do
  use Wymcp.Tool

  def name, do: "search"
  def description, do: "Search the demo catalogue"

  def actions do
    %{search: %{description: "Search", properties: %{"query" => %{"type" => "string"}}, required: required()}}
  end

  defp required, do: ["query"] |> Enum.map(&String.downcase/1)
end
`;

/** A project as `mix new` lays it out, with a tool module and wymcp-lint installed as npm installs it. */
function mixNew(name: string): string {
  const made = sh("mix", ["new", name], root);
  assert.equal(made.status, 0, made.output);
  const dir = join(root, name);
  cpSync(repoPath("test/fixtures/elixir/evaluate/lib/wymcp"), join(dir, "lib/wymcp"), { recursive: true });
  writeFileSync(join(dir, "lib/demo_search.ex"), TOOL);
  mkdirSync(join(dir, "node_modules/.bin"), { recursive: true });
  symlinkSync(repoPath("."), join(dir, "node_modules/wymcp-lint"));
  symlinkSync("../wymcp-lint/bin/wymcp-lint.js", join(dir, "node_modules/.bin/wymcp-lint"));
  return dir;
}

/** The error only Elixir's values show: a required entry built by a pipe that names no property. */
function breakTool(dir: string): void {
  writeFileSync(join(dir, "lib/demo_search.ex"), TOOL.replace('["query"] |> Enum.map(&String.downcase/1)', '["QUERY"] |> Enum.map(&String.upcase/1)'));
}

test("docs/elixir.md's steps on a `mix new` project: npx and the Mix task as a path dependency give the linter's answer and exit code", { skip: noElixir }, () => {
  const dir = mixNew("demo");
  // The deps line, as docs/elixir.md writes it.
  const deps = /\{:wymcp_lint, path: [^\n]*\}/.exec(readmeBlock("{:wymcp_lint, path:"))?.[0] as string;
  const mixExs = join(dir, "mix.exs");
  writeFileSync(mixExs, readFileSync(mixExs, "utf8").replace('# {:dep_from_hexpm, "~> 0.3.0"},', `${deps},`));
  assert.equal(sh("npx", ["wymcp-lint", "lib"], dir).status, 0);
  const task = sh("mix", ["wymcp.lint"], dir);
  assert.equal(task.status, 0, task.output);
  assert.match(task.output, /no offences/);
  breakTool(dir);
  // The static reader sees a pipe (a warning); Elixir's value names no property (an error).
  const statically = sh("npx", ["wymcp-lint", "lib"], dir);
  assert.equal(statically.status, 0, statically.output);
  assert.match(statically.output, /dynamic-declaration/);
  const evaluated = sh("npx", ["wymcp-lint", "--elixir-eval", "lib"], dir);
  assert.equal(evaluated.status, 1, evaluated.output);
  const failed = sh("mix", ["wymcp.lint"], dir);
  assert.equal(failed.status, 1, failed.output);
  assert.match(failed.output, /lib\/demo_search\.ex:11:\d+ {2}undeclared {2}tool search action search at :required: "required" entry 0 names "QUERY"/);
  // The linter's usage error is the task's exit code too.
  assert.equal(sh("mix", ["wymcp.lint", "--no-such-flag"], dir).status, 2);
});

test("the Mix task installed as an archive, as docs/elixir.md builds it, runs in a project that does not name it", { skip: noElixir }, () => {
  const dir = mixNew("other");
  breakTool(dir);
  const source = join(root, "wymcp_lint");
  cpSync(repoPath("elixir/wymcp_lint"), source, { recursive: true, filter: (path) => !path.includes("_build") });
  // The guide's line, from the package's folder (here a copy, so the build stays out of the repository).
  const line = readmeBlock("mix archive.install")
    .trim()
    .replace(/^cd \S+ && /, "");
  const built = sh("sh", ["-c", line], source);
  assert.equal(built.status, 0, built.output);
  const task = sh("mix", ["wymcp.lint"], dir);
  assert.equal(task.status, 1, task.output);
  assert.match(task.output, /undeclared {2}tool search action search/);
});
