// Elixir tool modules through the run (docs/inputs.md, "Elixir tool modules"): what a search
// finds, every offence of a project's tools at its place (test/fixtures/elixir/project/,
// expected.json; UPDATE_GOLDEN=1 rewrites it), the same declarations as an action file and as
// a module giving the same offences, directives, syntax errors, and the command line itself.

import assert from "node:assert/strict";
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { readElixirText, type ElixirRead } from "../../src/elixir/index.js";
import { suppressFile } from "../../src/suppress/suppress.js";
import type { Offence } from "../../src/core/offence.js";
import { discover } from "../../src/lint/discover.js";
import { lintFound } from "../support/lint.js";
import { cli } from "../support/cli.js";
import { readStatically } from "../support/elixir-reader.js";
import { repoPath } from "../support/paths.js";

const FIXTURES = repoPath("test/fixtures/elixir");

/** Every offence of the file's tools, placed and under its directives, as the run finishes them (no offence across files). */
const completed = (read: ElixirRead): Offence[] => suppressFile(read.tools, read.directives, read.ownerOf).flatMap((lint) => lint.offences);

/** The paths found from `cwd` and linted through the pipeline. */
async function lintPaths(options: { readonly paths: readonly string[]; readonly cwd: string; readonly timeoutMs: number }) {
  return lintFound((await discover(options.paths, options.cwd)).files, { timeoutMs: options.timeoutMs });
}

const brief = (o: { code: string; action: string | null; location: string; file?: string; via?: object; line?: number; column?: number; exact?: boolean; message: string }) => ({
  code: o.code,
  action: o.action,
  location: o.location,
  ...(o.file === undefined ? {} : { file: o.file, via: o.via }),
  line: o.line ?? null,
  column: o.column ?? null,
  exact: o.exact ?? null,
  message: o.message,
});

test("a directory search takes the .ex and .exs files that use Wymcp.Tool, and no other", async () => {
  // other/guide.ex names `use Wymcp.Tool` only in its docs, a comment and a string: not taken.
  const { files } = await discover(["project"], FIXTURES);
  assert.deepEqual(
    files.map((f) => [f.file, f.kind]),
    [
      ["project/lib/my_app/tools/clean.ex", "elixir-module"],
      ["project/lib/my_app/tools/tasks.ex", "elixir-module"],
    ],
  );
});

test("a named Elixir file is linted whatever it holds: one without a Wymcp tool is no-tool", async () => {
  const result = await lintPaths({ paths: ["project/lib/my_app/other/helper.ex"], cwd: FIXTURES, timeoutMs: 10_000 });
  assert.deepEqual(
    result.files[0]?.offences.map((o) => o.code),
    ["no-tool"],
  );
});

test("a project's tool modules: every offence at its key, entry or value, calls followed across files", async () => {
  const result = await lintPaths({ paths: ["project"], cwd: FIXTURES, timeoutMs: 10_000 });
  const found = result.files.map((f) => ({ file: f.file, tool: f.tool, actions: f.actions, offences: f.offences.map(brief) }));
  const golden = `${FIXTURES}/project/expected.json`;
  if (process.env.UPDATE_GOLDEN === "1") writeFileSync(golden, `${JSON.stringify(found, null, 2)}\n`);
  assert.deepEqual(found, JSON.parse(readFileSync(golden, "utf8")));
});

test("the same declarations as an action file and as an Elixir module give the same offences", async () => {
  const result = await lintPaths({ paths: ["parity/json/catalogue.actions.json", "parity/elixir/catalogue.ex"], cwd: FIXTURES, timeoutMs: 10_000 });
  const [json, elixir] = result.files.map((f) => f.offences.map((o) => `${o.code} ${o.action} ${o.location} ${o.target.path.join("/")} ${o.target.part}`));
  assert.ok((json?.length ?? 0) >= 7, "the fixture has offences of many codes");
  assert.deepEqual(elixir, json);
  assert.ok(result.files[1]?.offences.every((o) => o.line !== undefined && o.exact === true));
});

test("# wymcp-lint-disable-next-line suppresses on the next line; one that suppresses nothing is unused-disable", async () => {
  const file = repoPath("test/fixtures/elixir/scratch.ex");
  const text = [
    "defmodule T do",
    "  use Wymcp.Tool",
    '  def name, do: "t"',
    '  def description, do: "T"',
    "  def actions do",
    "    # wymcp-lint-disable-next-line unknown-key -- kept for a later release",
    '    %{a: %{description: "A", properties: %{}, extra: 1},',
    "      # wymcp-lint-disable-next-line cycle",
    '      b: %{description: "B", properties: %{}}}',
    "  end",
    "end",
    "",
  ].join("\n");
  const read = await readElixirText(file, text);
  const offences = completed(read);
  assert.deepEqual(
    offences.map((o) => [o.code, o.line]),
    [["unused-disable", 8]],
  );
});

test("a key a map literal writes again is duplicate-key at the repeat, naming the first, where Elixir says (oracle/golden.json)", async () => {
  const golden = JSON.parse(readFileSync(`${FIXTURES}/oracle/golden.json`, "utf8")) as { file: string; repeats: [string, [number, number], [number, number]][] }[];
  const told = golden.find((g) => g.file === "duplicates.ex")?.repeats ?? [];
  assert.equal(told.length, 6, "the fixture repeats a key in every kind of map: the actions, an action, its properties, a property, an attribute's");
  const result = await lintPaths({ paths: ["oracle/duplicates.ex"], cwd: FIXTURES, timeoutMs: 10_000 });
  const found = (result.files[0]?.offences ?? []).filter((o) => o.code === "duplicate-key");
  const expected = told.map(([key, [line, column], [firstLine, firstColumn]]) => `${line}:${column} ${JSON.stringify(key)} first at line ${firstLine}, column ${firstColumn}`);
  assert.deepEqual(found.map((o) => `${o.line}:${o.column} ${o.message.match(/"[^"]+"/)?.[0]} ${o.message.match(/first at line \d+, column \d+/)?.[0]}`).sort(), expected.sort());
  assert.deepEqual(
    found.map((o) => `${o.action} ${o.location}`),
    ['count :properties["n"]', 'count :properties["n"]', "search ", "search ", "search :properties", 'search :properties["q"]'],
  );
});

test("near misses of duplicate-key: an atom and a string key, a map update, Map.put, and a keyword list", async () => {
  const text = [
    "defmodule T do",
    "  use Wymcp.Tool",
    '  @base %{"q" => %{"type" => "string"}}',
    '  def name, do: "t"',
    '  def description, do: "T"',
    "  def actions do",
    '    %{a: %{description: "A", properties: %{@base | "q" => %{"type" => "integer"}}},',
    '      b: %{description: "B", properties: Map.put(@base, "q", %{})},',
    '      c: %{"description" => "C", description: "C", properties: %{}, examples: [[x: 1, x: 2]]}}',
    "  end",
    "end",
    "",
  ].join("\n");
  const read = await readElixirText(repoPath("test/fixtures/elixir/scratch.ex"), text);
  assert.deepEqual(
    completed(read).filter((o) => o.code === "duplicate-key"),
    [],
  );
  assert.ok((read.tools[0]?.offences.length ?? 0) > 0, "the string key and the keyword list are other codes' (wrong-type)");
});

test("an attribute registered with accumulate: true reads as every value set before, the last first (Elixir's own, oracle/accumulate.ex)", async () => {
  const result = await lintPaths({ paths: ["oracle/accumulate.ex"], cwd: FIXTURES, timeoutMs: 10_000 });
  // Read as its last value, `examples` would be a map (wrong-type) and `limit` a string.
  assert.deepEqual(result.files[0]?.offences.map(brief), []);
});

test("a map update of a key the map does not hold is no value: Elixir raises KeyError there", async () => {
  const text = [
    "defmodule T do",
    "  use Wymcp.Tool",
    '  @base %{description: "A", properties: %{}}',
    '  def name, do: "t"',
    '  def description, do: "T"',
    "  def actions, do: %{a: %{@base | notes: []}, b: %{@base | properties: %{}}}",
    "end",
    "",
  ].join("\n");
  const read = await readElixirText(repoPath("test/fixtures/elixir/scratch.ex"), text);
  assert.deepEqual(
    completed(read).map((o) => `${o.code} ${o.action} ${o.line}:${o.column} ${o.message}`),
    [
      "dynamic-declaration a 6:35 the action's schema is built at run time (a map update of the key :notes, which the map does not hold: Elixir raises KeyError), so it was not checked",
    ],
  );
});

test("the project's source folders are those mix.exs names in a literal elixirc_paths, else lib/", async () => {
  const named = await lintPaths({ paths: ["elixirc-paths/src/search.ex"], cwd: FIXTURES, timeoutMs: 10_000 });
  assert.deepEqual(named.files[0]?.offences.map(brief), []);
  // Near miss: elixirc_paths by a function is not read, and lib/ is searched.
  const dir = mkdtempSync(join(tmpdir(), "wymcp-lint-paths-"));
  try {
    cpSync(join(FIXTURES, "elixirc-paths"), dir, { recursive: true });
    const mix = join(dir, "mix.exs");
    writeFileSync(mix, readFileSync(mix, "utf8").replace('elixirc_paths: ["src"]', "elixirc_paths: elixirc_paths(Mix.env())"));
    const fallback = await lintPaths({ paths: ["src/search.ex"], cwd: dir, timeoutMs: 10_000 });
    assert.deepEqual(
      fallback.files[0]?.offences.map((o) => o.code),
      ["invalid-schema"],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a file that is not valid Elixir is one parse-error at the place the parser stops", async () => {
  const read = await readElixirText(
    repoPath("test/fixtures/elixir/broken.ex"),
    'defmodule T do\n  use Wymcp.Tool\n  def name, do: "t"\n  def actions do\n    %{a: %{description: "A",, properties: %{}}}\n  end\nend\n',
  );
  assert.deepEqual(
    read.tools.flatMap((lint) => lint.offences.map((o) => [o.code, o.line])),
    [["parse-error", 5]],
  );
});

test("a file of several tool modules is one result per tool, in the order written, each located in the file", async () => {
  const result = await lintPaths({ paths: ["several"], cwd: FIXTURES, timeoutMs: 10_000 });
  assert.deepEqual(
    result.files.map((f) => [f.file, f.tool, f.actions]),
    [
      ["several/other_test.exs", "widgets", 1],
      ["several/widgets_test.exs", "widgets", 2],
      ["several/widgets_test.exs", "gadgets", 1],
      ["several/widgets_test.exs", "widgets", 1],
    ],
  );
  assert.equal(result.summary.files, 2, "a file is counted once, however many tools it holds");
  assert.deepEqual(
    result.files.map((f) => f.offences.map((o) => `${o.line}:${o.column} ${o.code}`)),
    [
      [],
      // The file's disable-file covers the first tool's newline: used, so not unused-disable.
      ["14:108 duplicate", "13:60 unknown-key", "13:15 missing-key"],
      // A directive is unused only when it is so for every tool: reported once, with the tool it is written in.
      ["26:7 unused-disable"],
      // Another test script's "widgets" is its own server's; this file's earlier one is not.
      ["34:19 duplicate-tool", "38:46 unknown-key", "38:15 missing-key"],
    ],
  );
  assert.match(result.files[3]?.offences[0]?.message ?? "", /an earlier tool module of the same file/);
});

test("a tool module that defines no name/0, description/0 or actions/0 is told so at its defmodule; what may define one unseen makes it a warning there", async () => {
  const result = await lintPaths({ paths: ["missing"], cwd: FIXTURES, timeoutMs: 10_000 });
  assert.deepEqual(
    result.files.map((f) => [f.tool, f.offences.map((o) => `${o.line}:${o.column} ${o.severity} ${o.code} ${o.message}`)]),
    [
      [
        null,
        [
          "2:1 error tool-shape the tool module MyApp.Tools.Bare defines no actions/0, which Wymcp.Tool requires",
          "2:1 error tool-shape the tool module MyApp.Tools.Bare defines no name/0, which Wymcp.Tool requires",
        ],
      ],
      [
        null,
        ["10:3 warn dynamic-declaration name/0 is not defined in the module as written, and may come from `use MyApp.ToolDefaults`, which is not read, so it was not checked"],
      ],
      // Near misses: every function written out, whatever else the module uses; and a body of
      // requires, imports, a struct, a macro and a private function, which define no name/0 unseen.
      ["whole", []],
      [null, ["29:1 error tool-shape the tool module MyApp.Tools.Plain defines no name/0, which Wymcp.Tool requires"]],
    ],
  );
  // Elixir's words, not a JavaScript module's.
  assert.match(result.files[0]?.offences[1]?.fix ?? "", /^Define it in the module, e.g\. def name, do: "catalogue"\.$/);
});

test("a file of several tool modules: standard input gives the same results, and --fix fixes every tool in one write", async () => {
  const text = readFileSync(`${FIXTURES}/several/widgets_test.exs`, "utf8");
  const named = await cli(["--format", "json", "several/widgets_test.exs"], { cwd: FIXTURES });
  const stdin = await cli(["--format", "json", "--stdin", "--stdin-filename", "several/widgets_test.exs"], { cwd: FIXTURES, stdin: text });
  const report = JSON.parse(named.stdout) as { files: { tool: string; offences: unknown[] }[]; summary: { files: number } };
  assert.equal(report.files.length, 3);
  assert.equal(report.summary.files, 1);
  assert.deepEqual(JSON.parse(stdin.stdout).files, report.files);

  const dir = mkdtempSync(join(tmpdir(), "wymcp-lint-elixir-several-"));
  try {
    const file = join(dir, "widgets_test.exs");
    writeFileSync(file, text);
    const fixed = await cli(["--fix", "--format", "json", "widgets_test.exs"], { cwd: dir });
    const after = readFileSync(file, "utf8");
    // Both tools' renamed keys and the first's duplicate entry, nothing else.
    assert.equal(after, text.replaceAll("propertes:", "properties:").replace('required: ["id", "id"]', 'required: ["id"]'));
    const left = JSON.parse(fixed.stdout) as { files: { tool: string; offences: { code: string }[] }[] };
    assert.deepEqual(
      left.files.map((f) => [f.tool, f.offences.map((o) => o.code)]),
      [
        ["widgets", []],
        ["gadgets", ["unused-disable"]],
        ["widgets", ["duplicate-tool"]],
      ],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the command line lints an Elixir module, from a file and from standard input", async () => {
  const file = await cli(["--format", "json", "project/lib/my_app/tools/tasks.ex"], { cwd: FIXTURES });
  assert.equal(file.code, 1, file.stderr);
  const report = JSON.parse(file.stdout) as { files: { offences: { code: string }[] }[] };
  assert.ok(report.files[0]?.offences.some((o) => o.code === "dynamic-declaration"));
  const text = readFileSync(`${FIXTURES}/project/lib/my_app/tools/tasks.ex`, "utf8");
  const stdin = await cli(["--format", "json", "--stdin", "--stdin-filename", "project/lib/my_app/tools/tasks.ex"], { cwd: FIXTURES, stdin: text });
  assert.deepEqual(JSON.parse(stdin.stdout).files[0].offences, report.files[0]?.offences);
});

test("--fix applies the safe fixes where the literal is in keyword syntax, and leaves every other byte as it was", async () => {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-lint-elixir-fix-"));
  try {
    const file = join(dir, "catalogue.ex");
    copyFileSync(`${FIXTURES}/fix/catalogue.ex`, file);
    const outcome = await cli(["--fix", "catalogue.ex"], { cwd: dir });
    assert.equal(readFileSync(file, "utf8"), readFileSync(`${FIXTURES}/fix/fixed.ex`, "utf8"));
    // What is left: the arrow-syntax entries, for the author (the text report lists an action's offences by line).
    assert.deepEqual(
      outcome.stdout
        .split("\n")
        .filter((line) => line.startsWith("catalogue.ex:"))
        .map((line) => line.split(/\s{2,}/)[1]),
      ["missing-key", "wrong-type", "unknown-key", "newline"],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a held-back line names only offences the report shows: none computed against a stand-in for a value built at run time (reader/lib/reader/tools/held.ex)", async () => {
  const result = await lintPaths({ paths: ["reader/lib/reader/tools/held.ex"], cwd: FIXTURES, timeoutMs: 10_000 });
  const [file] = result.files;
  assert.deepEqual(
    file?.offences.map((o) => `${o.code} ${o.action} ${o.line}:${o.column}`),
    // built: what is known is checked (the default of a required property is dead whatever properties hold); written: the undeclared property holds the defaults checks back.
    ["dynamic-declaration built 12:50", "dead-default built 12:105", "undeclared written 13:70"],
  );
  assert.deepEqual(
    file?.heldBack?.map((h) => `${h.action} ${h.check} ${h.by.join(",")}`),
    ["written dead-default undeclared", "written undeclared-default undeclared"],
  );
});

test("an offence in a value written in another module is placed there, exact, with the call that reads it; a key written here stays here (reader/lib/reader/tools/elsewhere.ex)", async () => {
  assert.deepEqual(await readStatically("elsewhere"), [
    'lib/reader/shared.ex (via 16:14) duplicate-key dupes 17:69 the key "id" appears again in the same object (first at line 17, column 56); Elixir keeps only the last (read through the call in tools/elsewhere.ex at line 16, column 14)',
    // The key written here, its value read from Reader.Shared: at the key, here.
    'unknown-key list 15:53 unknown key "propertes" in the action schema',
    // A key's offence names the key's place, not its value's.
    'lib/reader/shared.ex (via 14:15) unknown-key search 11:7 unknown key "propertes" in the action schema (read through the call in tools/elsewhere.ex at line 14, column 15)',
    'lib/reader/shared.ex (via 14:15) undeclared search 10:23 "required" entry 1 names "limit", which "properties" does not declare (read through the call in tools/elsewhere.ex at line 14, column 15)',
    // quiet: the directive above its call suppresses what the call reads (no unused-disable); local, the near miss: nothing.
  ]);
});
