// --elixir-eval (docs/inputs.md, "Evaluated by Elixir"): the project's own Elixir computes the
// declarations of test/fixtures/elixir/evaluate/ (pipes, `for`, Map.new, Enum.into, imported
// helpers, defdelegate, clauses, accumulating attributes, map updates; a module that raises and
// one that hangs), and the linter checks them as it checks the same values written as action
// files (test/fixtures/elixir/evaluate-parity/), placing what the static reader read where it is
// written and the rest at the expression that builds it. Then every failure: a project that does
// not compile, one that hangs past the time limit (no process left), no mix. Each project is
// compiled once, in a copy (the fixture stays clean); every test skips where Elixir is absent.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { cli } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const FIXTURE = repoPath("test/fixtures/elixir/evaluate");
const PARITY = repoPath("test/fixtures/elixir/evaluate-parity");
const noElixir = spawnSync("mix", ["--version"], { encoding: "utf8" }).status === 0 ? false : "Elixir is not installed (Debian: apt-get install elixir)";
// Seconds each call of name/0, description/0, actions/0 gets: the hanging module's costs this.
const CALL_LIMIT = "3";

interface Reported {
  readonly file: string;
  readonly tool: string | null;
  readonly offences: readonly { code: string; action: string | null; location: string; line?: number; column?: number; exact?: boolean; message: string }[];
}

const copies: string[] = [];

/** A copy of the fixture project, with `change` applied, in a temporary folder removed at the end. */
function project(change: (dir: string) => void = () => undefined): string {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-lint-elixir-eval-"));
  copies.push(dir);
  cpSync(FIXTURE, dir, { recursive: true, filter: (path) => !path.includes("_build") });
  change(dir);
  return dir;
}

async function lint(dir: string, ...argv: string[]): Promise<{ code: number; files: Reported[]; stderr: string }> {
  const { code, stdout, stderr } = await cli(["--no-config", "--format", "json", "--load-timeout", CALL_LIMIT, ...argv], { cwd: dir });
  return { code, files: code === 2 ? [] : (JSON.parse(stdout) as { files: Reported[] }).files, stderr };
}

const offencesOf = (files: readonly Reported[], tool: string) => files.find((f) => f.tool === tool)?.offences ?? [];
const brief = (o: Reported["offences"][number]): string => `${o.code} ${o.action ?? "-"} ${o.location}`;

/** The processes whose working directory is inside `dir`: what an evaluation there left running. */
function processesIn(dir: string): string[] {
  const left: string[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readlinkSync(`/proc/${pid}/cwd`).startsWith(dir)) left.push(pid);
    } catch {
      // gone, or not ours to read
    }
  }
  return left;
}

let evaluated: Reported[] = [];
let statically: Reported[] = [];
let evaluatedCode = 0;

before(async () => {
  if (noElixir) return;
  const dir = project();
  const run = await lint(dir, "--elixir-eval", ".");
  evaluatedCode = run.code;
  evaluated = run.files;
  statically = (await lint(dir, ".")).files;
});

after(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

test("every module is checked on the values Elixir computes: no dynamic-declaration left where Elixir could compute the value", { skip: noElixir }, () => {
  assert.equal(evaluatedCode, 1);
  const tools = ["built", "comprehension", "hangs", "literal", "orders", "piped", "raises", "script"];
  assert.deepEqual(evaluated.map((f) => f.tool).sort(), tools);
  // Without Elixir, the reader could not read most of them.
  const dynamic = (files: readonly Reported[]) => files.flatMap((f) => f.offences.filter((o) => o.code === "dynamic-declaration").map(() => f.tool));
  assert.deepEqual([...new Set(dynamic(statically))].sort(), ["built", "comprehension", "orders", "piped", "raises"]);
  // With it, only the module whose actions/0 raised keeps what the reader read (and its warning).
  assert.deepEqual(dynamic(evaluated), ["raises"]);
  assert.deepEqual(
    evaluated.flatMap((f) => f.offences.filter((o) => o.code === "reader-mismatch")),
    [],
    "the reader agrees with Elixir on every value both read",
  );
  // A script (.exs), which Mix does not compile, is read statically: clean, and no load-error.
  assert.deepEqual(offencesOf(evaluated, "script"), []);
});

test("the offences are those of the same values written as action files", { skip: noElixir }, async () => {
  const asFiles = (await lint(PARITY, ".")).files;
  for (const tool of ["built", "comprehension", "literal", "orders", "piped"]) {
    assert.deepEqual(offencesOf(evaluated, tool).map(brief).sort(), offencesOf(asFiles, tool).map(brief).sort(), tool);
    assert.ok(offencesOf(evaluated, tool).length > 0, `${tool} has an offence to compare`);
  }
});

test("a value the reader placed keeps its exact place; one built at run time sits at the expression that builds it, not exact, naming the function", { skip: noElixir }, () => {
  const [literal] = offencesOf(evaluated, "literal");
  assert.deepEqual([literal?.line, literal?.column, literal?.exact], [3, 9, true], "where @kind's value is written");
  const piped = offencesOf(evaluated, "piped").find((o) => o.code === "undeclared");
  assert.deepEqual([piped?.line, piped?.column, piped?.exact], [8, 5, false], "at the pipe");
  assert.match(piped?.message ?? "", /\(Elixir's value, computed in Shop\.Tools\.Piped\.actions\/0; placed at the nearest expression the static reader read\)$/);
  const comprehension = offencesOf(evaluated, "comprehension").find((o) => o.code === "undeclared");
  assert.deepEqual([comprehension?.line, comprehension?.column, comprehension?.exact], [11, 74, false], "at Enum.map(...)");
  // defdelegate: the function the reader never saw sits at the delegation.
  const orders = offencesOf(evaluated, "orders").find((o) => o.code === "undeclared");
  assert.deepEqual([orders?.line, orders?.column, orders?.exact], [6, 3, false]);
});

test("a module whose actions/0 raises and one that hangs are each one load-error with Elixir's word; the others are reported", { skip: noElixir }, () => {
  const raises = offencesOf(evaluated, "raises").filter((o) => o.code === "load-error");
  assert.deepEqual(
    raises.map((o) => o.message),
    [
      'Elixir could not evaluate actions/0 (--elixir-eval): actions/0 raised: ** (KeyError) key :notes not found in: %{description: "Broken", properties: %{}}; what the static reader read is checked in its place',
    ],
  );
  const hangs = offencesOf(evaluated, "hangs").filter((o) => o.code === "load-error");
  assert.deepEqual(
    hangs.map((o) => o.message),
    [`Elixir could not evaluate actions/0 (--elixir-eval): actions/0 did not return within ${CALL_LIMIT} s (--load-timeout); what the static reader read is checked in its place`],
  );
});

test("a project that does not compile: each tool module one load-error with Elixir's message, and what the reader read still checked", { skip: noElixir }, async () => {
  const dir = project((d) => writeFileSync(join(d, "lib/shop/broken.ex"), "defmodule Shop.Broken do\n  def oops, do: undefined_helper()\nend\n"));
  const { code, files } = await lint(dir, "--elixir-eval", ".");
  assert.equal(code, 1);
  for (const file of files.filter((f) => f.file.endsWith(".ex"))) {
    const failures = file.offences.filter((o) => o.code === "load-error");
    assert.equal(failures.length, 1, file.file);
    assert.match(
      failures[0]?.message ?? "",
      /^Elixir could not evaluate the tool module Shop\.Tools\.\w+ \(--elixir-eval\): mix exited with code 1: .*undefined function undefined_helper\/0/s,
    );
  }
  assert.deepEqual(offencesOf(files, "literal").map(brief), ["load-error - ", 'invalid-schema lookup :properties["id"]']);
});

test("an evaluation past the config's elixir.timeout is stopped, its processes with it, and reported", { skip: noElixir }, async () => {
  const dir = project((d) => {
    // Compiling this module never ends.
    writeFileSync(join(d, "lib/shop/slow.ex"), "defmodule Shop.Slow do\n  Process.sleep(:infinity)\nend\n");
    writeFileSync(join(d, "wymcp-lint.config.json"), JSON.stringify({ elixir: { evaluate: true, timeout: 2 } }));
  });
  const { code, stdout } = await cli(["--format", "json", "."], { cwd: dir });
  assert.equal(code, 1);
  const files = (JSON.parse(stdout) as { files: Reported[] }).files;
  const compiled = files.filter((f) => f.file.endsWith(".ex"));
  assert.equal(compiled.length, 7);
  for (const file of compiled) {
    assert.ok(
      file.offences.some((o) => o.code === "load-error" && o.message.includes("Elixir did not finish compiling the project and calling its tool modules within 2 s")),
      file.file,
    );
  }
  assert.deepEqual(processesIn(dir), []);
});

test("no mix to run is a usage error that says where to name one", { skip: noElixir }, async () => {
  const dir = project((d) => writeFileSync(join(d, "wymcp-lint.config.json"), JSON.stringify({ elixir: { mix: "./bin/mix" } })));
  const { code, stderr } = await cli(["--elixir-eval", "."], { cwd: dir });
  assert.equal(code, 2);
  assert.match(stderr, /--elixir-eval runs the project's mix, and the config's elixir\.mix, "\.\/bin\/mix", is no executable/);
  // Near miss: without --elixir-eval, the same config lints statically (warnings only: the errors are in values only Elixir computes).
  assert.equal((await cli(["."], { cwd: dir })).code, 0);
});
