// The CLI in-process: run(argv, io) for every option and exit code (docs/report.md), the
// discovery rules (section 2) as the user sees them, stdin, the per-action cap and the
// text report (section 6), duplicate-tool and reserved-name. Fixtures: test/fixtures/cli.

import assert from "node:assert/strict";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { explain, unknownCodeMessage } from "../../src/code-docs/explain.js";
import { FORMAT_NAMES } from "../../src/cli/formatters/index.js";
import { parseCommand } from "../../src/cli/options/index.js";
import { FIXTURES, cli, heads, lintOptionsWith, offenceLines, summary, tempDir, untimed } from "../support/cli.js";
import { repoPath } from "../support/paths.js";
import type { JsonReport } from "../support/reports.js";

const HINT = "Run wymcp-lint --help for usage.";
// One full stop, none after a question ("did you mean …?").
const ended = (what: string): string => (what.endsWith("?") ? what : `${what}.`);
const usage = (what: string): string => `wymcp-lint: error: ${ended(what)} ${HINT}\n`;
// A mistake found after the command line was read (a path, a config, a baseline): --help does not explain it.
const problem = (what: string): string => `wymcp-lint: error: ${ended(what)}\n`;

const NEWLINE_FIX = `Fix: Keep "description" to one line and move the rest to "notes", where line breaks are allowed.`;

// ---------------------------------------------------------------------------------------
// Exit codes and the report

test("a clean directory: exit 0, only the summary line, nothing on stderr", async () => {
  const { code, stdout, stderr } = await cli(["clean"]);
  assert.equal(code, 0);
  assert.equal(untimed(stdout), "2 files, 3 actions: no offences (T s)\n");
  assert.equal(stderr, "");
});

test("offences: exit 1, one self-contained line per offence, 10 per action, then the cut count", async () => {
  const { code, stdout, stderr } = await cli(["offences"]);
  assert.equal(code, 1);
  assert.equal(stderr, "");
  const extras = Array.from({ length: 10 }, (_, i) => {
    const key = `extra${String(i + 1).padStart(2, "0")}`;
    return `offences/shop.actions.json:${16 + i}:5  unknown-key  tool shop action many at :${key}`;
  });
  assert.deepEqual(heads(stdout), [
    ...extras,
    "  … and 2 more offences (--max-offences 0 shows all)",
    "offences/shop.actions.json:3:20  newline  tool shop action search at :description",
    "offences/shop.actions.json:9:5  unknown-key  tool shop action search at :requird",
  ]);
  const lines = offenceLines(stdout);
  assert.equal(lines[11], `offences/shop.actions.json:3:20  newline  tool shop action search at :description: "description" contains a line break ("\\n"). ${NEWLINE_FIX}`);
  assert.equal(
    lines[12],
    `offences/shop.actions.json:9:5  unknown-key  tool shop action search at :requird: unknown key "requird" in the action schema. Fix: Rename it to "required".`,
  );
  // The totals, never what was shown.
  assert.equal(summary(stdout), "1 file, 2 actions: 14 offences (T s)");
});

test("--max-offences N caps each action; 0 shows all; the exit code and summary keep the totals", async () => {
  const three = await cli(["offences", "--max-offences", "3"]);
  assert.equal(three.code, 1);
  assert.deepEqual(heads(three.stdout).slice(0, 4), [
    "offences/shop.actions.json:16:5  unknown-key  tool shop action many at :extra01",
    "offences/shop.actions.json:17:5  unknown-key  tool shop action many at :extra02",
    "offences/shop.actions.json:18:5  unknown-key  tool shop action many at :extra03",
    "  … and 9 more offences (--max-offences 0 shows all)",
  ]);
  assert.equal(summary(three.stdout), "1 file, 2 actions: 14 offences (T s)");

  const one = await cli(["offences", "--max-offences=1"]);
  assert.deepEqual(heads(one.stdout), [
    "offences/shop.actions.json:16:5  unknown-key  tool shop action many at :extra01",
    "  … and 11 more offences (--max-offences 0 shows all)",
    "offences/shop.actions.json:3:20  newline  tool shop action search at :description",
    "  … and 1 more offence (--max-offences 0 shows all)",
  ]);

  const all = await cli(["offences", "--max-offences", "0"]);
  assert.equal(all.code, 1);
  assert.equal(offenceLines(all.stdout).length, 14);
  assert.ok(!all.stdout.includes("more offence"));
});

test("the report is deterministic and in path order, whatever the argument order", async () => {
  const first = await cli(["reserved", "offences", "dup", "broken"]);
  const again = await cli(["reserved", "offences", "dup", "broken"]);
  const reordered = await cli(["broken", "dup", "offences", "reserved"]);
  assert.equal(untimed(again.stdout), untimed(first.stdout));
  assert.equal(untimed(reordered.stdout), untimed(first.stdout));
  const files = heads(first.stdout)
    .filter((h) => !h.startsWith("  "))
    .map((h) => (h.split("  ")[0] as string).replace(/:\d+:\d+$/, ""));
  assert.deepEqual(
    [...new Set(files)],
    ["broken/bad.actions.json", "broken/syntax.actions.json5", "dup/server-a/search.actions.json5", "offences/shop.actions.json", "reserved/help.actions.json"],
  );
});

test("duplicate-tool: a later file in the same directory, naming the first; never across directories", async () => {
  const { code, stdout } = await cli(["dup"]);
  assert.equal(code, 1);
  assert.deepEqual(offenceLines(stdout), [
    `dup/server-a/search.actions.json5  duplicate-tool  tool search: the tool name "search" is already used by "dup/server-a/search.actions.json" in the same directory. Fix: Give one of the two tools another name: the tools of one directory are one server's tools, and their names must be unique.`,
  ]);
  assert.equal(summary(stdout), "3 files, 3 actions: 1 offence (T s)");
  // Path order decides which file is first, not the order of the arguments.
  const named = await cli(["dup/server-a/search.actions.json5", "dup/server-b/search.actions.json", "dup/server-a/search.actions.json"]);
  assert.deepEqual(heads(named.stdout), ["dup/server-a/search.actions.json5  duplicate-tool  tool search"]);
  // The two directories alone: clean.
  const apart = await cli(["dup/server-a/search.actions.json", "dup/server-b"]);
  assert.equal(apart.code, 0);
});

test("reserved-name: an action file named help", async () => {
  const { code, stdout } = await cli(["reserved"]);
  assert.equal(code, 1);
  assert.deepEqual(offenceLines(stdout), [
    `reserved/help.actions.json  reserved-name  tool help: the tool is named "help", which is reserved for the server's own help tool. Fix: Rename the tool by renaming the file.`,
  ]);
});

test("parse errors are offences of their file, with line and column; a BOM is not one", async () => {
  const { code, stdout } = await cli(["broken"]);
  assert.equal(code, 1);
  assert.deepEqual(heads(stdout), ["broken/bad.actions.json:5:3  parse-error  tool bad", "broken/syntax.actions.json5:4:5  parse-error  tool syntax"]);
  const [bad, syntax] = offenceLines(stdout) as [string, string];
  assert.match(bad, /^broken\/bad\.actions\.json:5:3 {2}parse-error {2}tool bad: the file is not valid JSON: .+\. Fix: /);
  // The position is in the line's head; the message does not repeat it.
  assert.ok(!bad.includes("5:3,") && !bad.includes(" at 5:3") && !syntax.includes(" at 4:5"), `${bad}\n${syntax}`);
  assert.equal(summary(stdout), "3 files, 1 action: 2 offences (T s)");
});

test("undecodable files: invalid UTF-8, a NUL byte, UTF-16 are parse-errors with a place", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "latin1.actions.json"), Buffer.from('{\n  "caf\xe9": {}\n}\n', "latin1"));
  writeFileSync(join(dir, "nul.actions.json"), Buffer.from('{"a":\n {"b": "\u0000"}}', "utf8"));
  writeFileSync(join(dir, "wide.actions.json"), Buffer.from("\ufeff{}", "utf16le"));
  const { code, stdout } = await cli([dir], { cwd: dir });
  assert.equal(code, 1);
  assert.deepEqual(
    offenceLines(stdout).map((line) => line.slice(dir.length + 1).split(". Fix")[0]),
    [
      "latin1.actions.json:2:7  parse-error  tool latin1: the file is not valid UTF-8 (byte 0xE9)",
      "nul.actions.json:2:9  parse-error  tool nul: the file is not text: it holds a NUL byte (a binary file?)",
      "wide.actions.json:1:1  parse-error  tool wide: the file is encoded as UTF-16, not UTF-8",
    ],
  );
});

test("100,000 levels of nesting: parsed, linted, located and reported", async () => {
  const dir = tempDir();
  const n = 100_000;
  writeFileSync(join(dir, "deep.actions.json"), `{"a":{"description":"x\\ny","properties":{"p":${'{"items":'.repeat(n)}{}${"}".repeat(n)}}}}`);
  writeFileSync(join(dir, "deep5.actions.json5"), `{a:{description:"x",properties:{p:${"{items:".repeat(n)}true${"}".repeat(n)}}}}`);
  const { code, stdout, stderr } = await cli(["."], { cwd: dir });
  assert.equal(stderr, "");
  assert.equal(code, 1);
  const lines = offenceLines(stdout);
  assert.equal(lines.length, 3);
  // The wrong type on the walked surface holds back the check of its keywords, and the report says so.
  assert.ok(lines[2]?.startsWith("./deep5.actions.json5  held back  tool deep5 action a: the unknown-keyword check did not run: "), lines[2]?.slice(0, 200));
  assert.ok(lines[0]?.startsWith("./deep.actions.json:1:21  newline  tool deep action a at :description: "), lines[0]?.slice(0, 200));
  // The deepest "items" is `true`: a wrong type in the map 99,999 "items" down, at the value's column.
  const column = '{a:{description:"x",properties:{p:'.length + "{items:".repeat(n).length + 1;
  assert.ok(
    lines[1]?.startsWith(`./deep5.actions.json5:1:${column}  wrong-type  tool deep5 action a at :properties["p"]${'["items"]'.repeat(n - 1)}: "items" must be `),
    lines[1]?.slice(0, 200),
  );
});

// ---------------------------------------------------------------------------------------
// Discovery, as the user sees it

test("a directory is searched recursively; node_modules, dot-folders and other names are skipped", async () => {
  // Linting tools/node_modules or tools/.hidden would add parse-errors; data.json and readme.md are not searched.
  const { code, stdout, stderr } = await cli(["discovery/tools"]);
  assert.equal(stderr, "");
  assert.equal(code, 0);
  assert.equal(untimed(stdout), "3 files, 3 actions: no offences (T s)\n");
});

test("a file is linted whatever its name; the tool is named before its last extension", async () => {
  const { code, stdout } = await cli(["discovery/any-name/schema.json"]);
  assert.equal(code, 1);
  assert.deepEqual(heads(stdout), ["discovery/any-name/schema.json:2:30  newline  tool schema action lookup at :description"]);
  // A named file skipped by the directory search is still linted.
  const hidden = await cli(["discovery/tools/.hidden/skipped.actions.json"]);
  assert.deepEqual(heads(hidden.stdout), ["discovery/tools/.hidden/skipped.actions.json:2:1  parse-error  tool skipped"]);
});

test("globs are expanded: matched files of a kind we read are linted, matched directories searched", async () => {
  const files = await cli(["discovery/tools/**/*.actions.json*"]);
  assert.equal(files.code, 0);
  assert.equal(untimed(files.stdout), "2 files, 2 actions: no offences (T s)\n");
  const dirs = await cli(["discovery/tool?"]);
  assert.equal(untimed(dirs.stdout), "3 files, 3 actions: no offences (T s)\n");
  // An existing path is literal even with glob characters in it.
  const literal = await cli(["discovery/literal[1]"]);
  assert.equal(literal.code, 0);
  assert.equal(untimed(literal.stdout), "1 file, 1 action: no offences (T s)\n");
});

test("a glob's matches follow the directory search's name patterns: src/*.ts takes a.tool.ts, not server.ts", async () => {
  const dir = tempDir();
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src/a.tool.mjs"), 'export default { name: "a", description: "A", actions: { go: { description: "Go", properties: {} } } };');
  // Imported, these would each be a no-tool offence (and run their code).
  writeFileSync(join(dir, "src/server.mjs"), "throw new Error('server.mjs must not be imported');");
  writeFileSync(join(dir, "src/data.json"), '{"name": "not an action file"}');
  const { code, stdout, stderr } = await cli(["src/*"], { cwd: dir });
  assert.equal(stderr, "");
  assert.equal(code, 0);
  assert.equal(untimed(stdout), "1 file, 1 action: no offences (T s)\n");
  const none = await cli(["src/*.json"], { cwd: dir });
  assert.equal(none.code, 2);
  assert.equal(
    none.stderr,
    'wymcp-lint: error: "src/*.json" holds no action file or tool module (*.actions.json, *.actions.json5, *.tools.json, *.tools.json5, *.tool.{js,mjs,cjs,ts,mts,cts}, or *.ex, *.exs with `use Wymcp.Tool`); 1 matching file is not an action file or tool module by name (or, for .ex and .exs, by their text).\n',
  );
});

test("nothing to lint says how many matches the ignore rules skipped", async () => {
  const dir = tempDir();
  mkdirSync(join(dir, ".git"));
  mkdirSync(join(dir, "dist/tools"), { recursive: true });
  writeFileSync(join(dir, ".gitignore"), "dist/\n");
  for (const name of ["a", "b"]) writeFileSync(join(dir, `dist/tools/${name}.tool.js`), "export default {};");
  const glob = await cli(["dist/**/*.js"], { cwd: dir });
  assert.equal(glob.code, 2);
  assert.match(glob.stderr, /holds no action file or tool module \(.*\); ignore rules \(\.gitignore files, the config's "ignore", --ignore-pattern\) skipped 2 matches\.\n$/);
  const search = await cli(["."], { cwd: dir });
  assert.match(search.stderr, /^wymcp-lint: error: "\." holds no action file or tool module \(.*\); ignore rules .* skipped 1 match\.\n$/);
  assert.equal((await cli(["--no-ignore", "dist/**/*.js"], { cwd: dir })).code, 1, "--no-ignore lints them");
});

test("a file named explicitly that is not named like an action file and holds no actions map gets one offence saying so, not one per key", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "x", version: "1.0.0", scripts: { test: "node --test" }, dependencies: {} }));
  const { code, stdout } = await cli(["package.json"], { cwd: dir });
  assert.equal(code, 1);
  assert.deepEqual(offenceLines(stdout), [
    'package.json:1:1  tool-shape  tool package: the file is not named like an action file (*.actions.json, *.actions.json5) and its top level is no actions map: "name" is a string, and 1 more value is not an action schema. Fix: Name only action files and tool modules; if this is an action file, rename it to "package.actions.json" and make each value an action schema.',
  ]);
  // Named like an action file, the same text is linted key by key.
  writeFileSync(join(dir, "package.actions.json"), readFileSync(join(dir, "package.json")));
  assert.ok(offenceLines((await cli(["package.actions.json"], { cwd: dir })).stdout).length > 2);
});

test("the text report lists each action's offences by line, then column; the machine formats keep the specified order", async () => {
  const dir = tempDir();
  // By path, "examples" (line 5) comes before "properties" (line 3) and "required" (line 4).
  writeFileSync(join(dir, "t.actions.json"), '{\n  "a": {\n    "description": "x", "properties": {"q": true},\n    "required": ["r"],\n    "examples": ["e"]\n  }\n}\n');
  const text = await cli(["t.actions.json"], { cwd: dir });
  assert.deepEqual(
    heads(text.stdout).filter((line) => !line.includes("held back")),
    [
      "t.actions.json:3:45  wrong-type  tool t action a at :properties",
      "t.actions.json:4:18  undeclared  tool t action a at :required",
      "t.actions.json:5:18  wrong-type  tool t action a at :examples",
    ],
  );
  const json = JSON.parse((await cli(["--format", "json", "t.actions.json"], { cwd: dir })).stdout) as JsonReport;
  assert.deepEqual(
    json.files[0]?.offences.map((o) => o.location),
    [":examples", ":properties", ":required"],
  );
});

test("wording: the cut line names --max-offences 0; a misspelt key whose match is already present is not offered as a rename", async () => {
  const cut = await cli(["offences"]);
  assert.ok(heads(cut.stdout).includes("  … and 2 more offences (--max-offences 0 shows all)"));
  const dir = tempDir();
  writeFileSync(join(dir, "t.actions.json"), '{"a": {"description": "x", "properties": {}, "required": [], "requird": []}}');
  const { stdout } = await cli(["t.actions.json"], { cwd: dir });
  assert.deepEqual(offenceLines(stdout), [
    't.actions.json:1:62  unknown-key  tool t action a at :requird: unknown key "requird" in the action schema. Fix: It reads like "required", which the schema already has: merge the two into "required", or remove it.',
  ]);
});

test("no argument means the current directory; file names are then relative to it", async () => {
  const clean = await cli([], { cwd: join(FIXTURES, "clean") });
  assert.equal(clean.code, 0);
  assert.equal(untimed(clean.stdout), "2 files, 3 actions: no offences (T s)\n");
  const offences = await cli(["--max-offences", "1"], { cwd: join(FIXTURES, "offences") });
  assert.equal(heads(offences.stdout)[0], "shop.actions.json:16:5  unknown-key  tool shop action many at :extra01");
});

test("a file named twice is linted once, under the name it was first given", async () => {
  const { stdout } = await cli(["offences", "./offences/shop.actions.json", "./offences", "--max-offences", "1"]);
  assert.equal(summary(stdout), "1 file, 2 actions: 14 offences (T s)");
  assert.ok(heads(stdout).every((h) => h.startsWith("  ") || h.startsWith("offences/shop.actions.json:")));
});

test("a symlink loop is not followed forever", async () => {
  const dir = tempDir();
  mkdirSync(join(dir, "tools"));
  writeFileSync(join(dir, "tools", "a.actions.json"), '{"a": {"description": "A", "properties": {}}}');
  symlinkSync("..", join(dir, "tools", "up"));
  symlinkSync(".", join(dir, "tools", "self"));
  const { code, stdout } = await cli(["."], { cwd: dir });
  assert.equal(code, 0);
  assert.equal(untimed(stdout), "1 file, 1 action: no offences (T s)\n");
});

// ---------------------------------------------------------------------------------------
// stdin

test("--stdin lints one action file; --stdin-filename gives the tool's name, the kind and the file shown", async () => {
  const piped = await cli(["--stdin", "--stdin-filename", "piped.actions.json"], { stdin: '{"p": {"description": "a\\nb", "properties": {}}}' });
  assert.equal(piped.code, 1);
  assert.deepEqual(heads(piped.stdout), ["piped.actions.json:1:23  newline  tool piped action p at :description"]);
  assert.equal(summary(piped.stdout), "1 file, 1 action: 1 offence (T s)");

  const json5 = await cli(["--stdin", "--stdin-filename", "src/editor.actions.json5"], { stdin: "{ a: { description: 'A', properties: {}, }, }" });
  assert.equal(json5.code, 0);
  assert.equal(untimed(json5.stdout), "1 file, 1 action: no offences (T s)\n");

  const reserved = await cli(["--stdin", "--stdin-filename", "help.actions.json"], { stdin: "{}" });
  assert.deepEqual(heads(reserved.stdout), ["help.actions.json  reserved-name  tool help"]);

  const bytes = await cli(["--stdin", "--stdin-filename", "bytes.actions.json"], { stdin: Uint8Array.from([0x7b, 0xff, 0x7d]) });
  assert.deepEqual(
    offenceLines(bytes.stdout).map((l) => l.split(". Fix")[0]),
    ["bytes.actions.json:1:2  parse-error  tool bytes: the file is not valid UTF-8 (byte 0xFF)"],
  );
});

test("--stdin lints a tool module's text as that file: its imports resolve from its directory, the file on disk is not read", async () => {
  const modules = repoPath("test/fixtures/modules/valid/typescript");
  // No such file on disk: an editor's new buffer, importing a sibling helper by its .js name.
  const typed = await cli(["--stdin", "--stdin-filename", "new.tool.ts", "--format", "json"], {
    cwd: modules,
    stdin:
      'import { action } from "./helper.js";\nconst n: number = 1;\nexport default { name: "fresh", description: "New", actions: () => ({ a: action("A", "x"), b: { ...action("B"), requird: [] } }) };\n',
  });
  assert.equal(typed.stderr, "");
  assert.equal(typed.code, 1);
  const report = JSON.parse(typed.stdout) as JsonReport;
  assert.deepEqual(
    report.files.map((f) => [f.file, f.tool, f.offences.map((o) => [o.action, o.code, o.path])]),
    [["new.tool.ts", "fresh", [["b", "unknown-key", ["requird"]]]]],
  );
  // An existing file: standard input is linted, not the file (which is clean).
  const existing = await cli(["--stdin", "--stdin-filename", "default-export.tool.ts"], {
    cwd: modules,
    stdin: "export default { name: 'typescript', description: 'Edited', actions: () => ({ x: {} }) };",
  });
  // The positions are found in the text given, not in the file (whose line 1 is a comment).
  assert.deepEqual(heads(existing.stdout), [
    "default-export.tool.ts:1:82  missing-key  tool typescript action x at :description",
    "default-export.tool.ts:1:82  missing-key  tool typescript action x at :properties",
  ]);
  // CommonJS, by extension, requiring a sibling.
  const commonjs = await cli(["--stdin", "--stdin-filename", "edited.tool.cts"], {
    cwd: modules,
    stdin: 'import { action } from "./helper";\nexport = { name: "cts_buffer", description: "A .cts buffer", actions: () => ({ only: action("Only") }) };\n',
  });
  assert.deepEqual([commonjs.code, commonjs.stderr, untimed(commonjs.stdout)], [0, "", "1 file, 1 action: no offences (T s)\n"]);
  // A module that misbehaves from standard input is isolated like any other.
  const exits = await cli(["--stdin", "--stdin-filename", "exits.tool.mjs"], { cwd: modules, stdin: "process.exit(4);" });
  assert.deepEqual(
    offenceLines(exits.stdout).map((l) => l.split(". Fix")[0]),
    ["exits.tool.mjs  load-error  called process.exit(4) while loading"],
  );
});

// ---------------------------------------------------------------------------------------
// The command line

test("without flags every argument is a path", async () => {
  for (const argv of [[], ["tools"], ["a", "b c", "123", "x=y", "*.json", "", "a-b"], ["ä/ß.actions.json5"]]) {
    assert.deepEqual(await parseCommand(argv), {
      kind: "lint",
      options: lintOptionsWith({ paths: argv }),
    });
  }
});

test("paths after -- are paths, even when they look like flags; repeated flags keep the last value", async () => {
  const command = await parseCommand(["a", "--format", "json", "--format", "github", "--", "-b.actions.json", "--c"]);
  assert.equal(command.kind, "lint");
  if (command.kind !== "lint") return;
  assert.deepEqual(command.options.paths, ["a", "-b.actions.json", "--c"]);
  assert.equal(command.options.format, "github");
});

test("--load-timeout takes seconds, fractions included", async () => {
  for (const [value, ms] of [
    ["2.5", 2500],
    [".5", 500],
    ["30", 30_000],
  ] as const) {
    const command = await parseCommand(["--load-timeout", value]);
    assert.equal(command.kind === "lint" ? command.options.loadTimeoutMs : null, ms);
  }
});

// ---------------------------------------------------------------------------------------
// Usage errors: exit 2, one line on stderr, nothing on stdout

const USAGE_ERRORS: readonly (readonly [readonly string[], string])[] = [
  [["--bogus"], "unknown option --bogus"],
  [["--\u001b[2J"], "unknown option --\\u{1B}[2J"],
  [["--formt", "json"], "unknown option --formt; did you mean --format?"],
  [["--Format", "json"], "unknown option --Format; did you mean --format?"],
  [["--no-format"], "--no-format is not an option: --format takes a value and has no --no- form"],
  [["--format", "jsno"], `--format must be one of text, json, sarif, github; got "jsno"; did you mean json?`],
  [["--explain", "unknwon-key"], `unknown offence code "unknwon-key"; did you mean "unknown-key"?`],
  [["--explain", "undeclared_default"], `unknown offence code "undeclared_default"; did you mean "undeclared-default"?`],
  [["--explain", "UNKNOWN-KEY"], `unknown offence code "UNKNOWN-KEY"; did you mean "unknown-key"?`],
  [["--format", "xml"], `--format must be one of text, json, sarif, github; got "xml"`],
  [["--format"], "--format needs a value"],
  [["--max-offences", "-1"], `--max-offences must be a whole number of 0 or more; got "-1"`],
  [["--max-offences", "2.5"], `--max-offences must be a whole number of 0 or more; got "2.5"`],
  [["--max-offences", "ten"], `--max-offences must be a whole number of 0 or more; got "ten"`],
  [["--load-timeout", "0"], `--load-timeout must be a number of seconds greater than 0 and at most 2147483 (about 24 days), such as 30 or 2.5; got "0"`],
  [["--load-timeout", "soon"], `--load-timeout must be a number of seconds greater than 0 and at most 2147483 (about 24 days), such as 30 or 2.5; got "soon"`],
  [["--load-timeout", "1e9"], `--load-timeout must be a number of seconds greater than 0 and at most 2147483 (about 24 days), such as 30 or 2.5; got "1e9"`],
  [["--stdin"], "--stdin needs --stdin-filename NAME (the name gives the file's kind and, for an action file, the tool's name)"],
  [["--stdin-filename", "a.actions.json"], "--stdin-filename is used only with --stdin"],
  [["--stdin", "--stdin-filename", "a.actions.json", "clean"], `--stdin lints standard input only; got the paths "clean" as well`],
  [
    ["--stdin", "--stdin-filename", "notes.md"],
    `--stdin-filename must name an action file (.json, .json5), a tool module (.js, .mjs, .cjs, .ts, .mts, .cts) or an Elixir module (.ex, .exs); got "notes.md"`,
  ],
  [["--config="], '--config needs a file name; got ""'],
  [["--baseline="], '--baseline needs a file name; got ""'],
  // One rule: a flag that cannot apply to this run is a usage error naming why.
  [["clean", "--server-timeout", "5"], "--server-timeout applies only to a running server (--server, --server-url); this run lints files"],
  [["--no-config", "--config", "x.json"], "--no-config and --config FILE say opposite things: give one of them"],
  [["--config=x.json", "--no-config"], "--no-config and --config FILE say opposite things: give one of them"],
  [
    ["--server-url", "http://127.0.0.1:9/mcp", "--load-timeout", "3"],
    "--load-timeout applies only to tool modules, which a running server's lint never loads; this run lints a running server",
  ],
  [["--server-url", "http://127.0.0.1:9/mcp", "--update-baseline"], "--update-baseline applies only to files: a baseline is keyed by file; this run lints a running server"],
  [["--server-url", "http://127.0.0.1:9/mcp", "--no-ignore"], "--no-ignore applies only to directory and glob searches; this run lints a running server"],
  [
    ["--stdin", "--stdin-filename", "a.actions.json", "--ignore-pattern", "x"],
    "--ignore-pattern applies only to directory and glob searches; this run lints standard input (--stdin)",
  ],
  [
    ["--stdin", "--stdin-filename", "a.actions.json", "--server-timeout", "5"],
    "--server-timeout applies only to a running server (--server, --server-url); this run lints standard input (--stdin)",
  ],
];

// Found after the command line was read: no --help hint.
const RUN_ERRORS: readonly (readonly [readonly string[], string])[] = [
  [["no/such/dir"], `no such file or directory: "no/such/dir"`],
  [["discovery/*/none-*.json"], `no file matches the glob "discovery/*/none-*.json"`],
  [
    ["discovery/tools/readme.md"],
    `"discovery/tools/readme.md" is not a file wymcp-lint reads (it reads .json and .json5 action files, .js, .mjs, .cjs, .ts, .mts, .cts tool modules and .ex, .exs Elixir tool modules)`,
  ],
  [
    ["discovery/nothing"],
    `"discovery/nothing" holds no action file or tool module (*.actions.json, *.actions.json5, *.tools.json, *.tools.json5, *.tool.{js,mjs,cjs,ts,mts,cts}, or *.ex, *.exs with \`use Wymcp.Tool\`)`,
  ],
  [
    ["clean", "discovery/nothing"],
    `"discovery/nothing" holds no action file or tool module (*.actions.json, *.actions.json5, *.tools.json, *.tools.json5, *.tool.{js,mjs,cjs,ts,mts,cts}, or *.ex, *.exs with \`use Wymcp.Tool\`)`,
  ],
  [[""], "an empty path was given"],
  [["--config", "no/such.json"], '--config "no/such.json": no such file'],
  [["--baseline", "no/such-baseline.json", "clean"], 'the baseline file "no/such-baseline.json" does not exist; create it with --update-baseline'],
];

for (const [argv, what] of USAGE_ERRORS) {
  test(`usage error: ${JSON.stringify(argv)}`, async () => {
    const { code, stdout, stderr } = await cli(argv, { stdin: "{}" });
    assert.deepEqual({ code, stdout, stderr }, { code: 2, stdout: "", stderr: usage(what) });
  });
}

for (const [argv, what] of RUN_ERRORS) {
  test(`usage error found in the run, without the --help hint: ${JSON.stringify(argv)}`, async () => {
    const { code, stdout, stderr } = await cli(argv, { stdin: "{}" });
    assert.deepEqual({ code, stdout, stderr }, { code: 2, stdout: "", stderr: problem(what) });
  });
}

test("--stdin without a readable standard input is a usage error", async () => {
  const { code, stderr } = await cli(["--stdin", "--stdin-filename", "a.actions.json"]);
  assert.equal(code, 2);
  assert.equal(stderr, problem("--stdin was given but standard input is not available"));
});

test("an unexpected exception: exit 2, one line naming it an internal error; the stack only with WYMCP_LINT_DEBUG", async () => {
  const failing = (): void => {
    throw new Error("disk full");
  };
  const quiet = await cli(["clean"], { stdout: failing });
  assert.equal(quiet.code, 2);
  assert.equal(quiet.stderr, "wymcp-lint: internal error: Error: disk full (set WYMCP_LINT_DEBUG=1 for the stack trace)\n");
  const debug = await cli(["clean"], { stdout: failing, env: { WYMCP_LINT_DEBUG: "1" } });
  assert.equal(debug.code, 2);
  assert.match(debug.stderr, /^wymcp-lint: internal error: Error: disk full\nError: disk full\n {4}at /);
});

// ---------------------------------------------------------------------------------------
// Colour, help, version

const ESC = "\u001b[";

test("colour: on a terminal only; --color/--no-color win; then FORCE_COLOR, then NO_COLOR; TERM=dumb is plain", async () => {
  const cases: readonly [readonly string[], Record<string, string>, boolean, boolean][] = [
    [[], {}, false, false],
    [[], {}, true, true],
    [[], { TERM: "dumb" }, true, false],
    [[], { NO_COLOR: "1" }, true, false],
    [[], { NO_COLOR: "" }, true, true],
    [[], { FORCE_COLOR: "1" }, false, true],
    [[], { FORCE_COLOR: "0" }, true, false],
    [[], { FORCE_COLOR: "1", NO_COLOR: "1" }, false, true],
    [["--color"], {}, false, true],
    [["--no-color"], {}, true, false],
    [["--no-color"], { FORCE_COLOR: "1" }, true, false],
    [["--color"], { NO_COLOR: "1" }, false, true],
  ];
  const plain = untimed((await cli(["reserved"])).stdout);
  for (const [flags, env, isTTY, coloured] of cases) {
    const { code, stdout } = await cli(["reserved", ...flags], { env, isTTY });
    assert.equal(code, 1);
    assert.equal(stdout.includes(ESC), coloured, `${JSON.stringify(flags)} ${JSON.stringify(env)} isTTY=${isTTY}`);
    // Colour changes nothing but the escapes.
    assert.equal(untimed(stdout.replace(/\u001b\[\d+m/g, "")), plain);
  }
});

test("--help: usage, every option, examples and the exit codes, on stdout with exit 0", async () => {
  for (const flag of ["--help", "-h"]) {
    const { code, stdout, stderr } = await cli([flag]);
    assert.equal(code, 0);
    assert.equal(stderr, "");
    for (const option of [
      "--format",
      "--max-offences",
      "--max-warnings",
      "--color",
      "--stdin ",
      "--stdin-filename",
      "--load-timeout",
      "--server ",
      "--server-url",
      "--header",
      "--server-timeout",
      "--explain",
      "--help",
      "--version",
    ]) {
      assert.ok(stdout.includes(option), `help names ${option}`);
    }
    assert.match(stdout, /^wymcp-lint \[paths\.\.\]\n/);
    assert.match(stdout, /\nExamples:\n {2}wymcp-lint {2,}lint every action file/);
    assert.match(stdout, /\n {2}wymcp-lint --stdin --stdin-filename t\.actions\.json {2,}lint an editor buffer/);
    assert.ok(
      stdout.includes(
        "\nExit codes:\n  0  no error (warnings alone pass, unless there are more than --max-warnings)\n  1  an error (files that cannot be parsed or loaded count; so does a server whose help tool\n     answers an error or an answer of the wrong shape), or more warnings than --max-warnings\n  2  usage error (bad flag, nothing to lint, unsupported file kind), a server that cannot be\n     started or reached or does not answer within --server-timeout, or internal failure\n\nEnvironment:\n",
      ),
    );
    for (const variable of ["NO_COLOR", "FORCE_COLOR", "WYMCP_LINT_WORKERS", "WYMCP_LINT_DEBUG"]) assert.ok(stdout.includes(variable), `help names ${variable}`);
  }
});

test("--version prints the package's version", async () => {
  const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  const { code, stdout, stderr } = await cli(["--version"]);
  assert.deepEqual({ code, stdout, stderr }, { code: 0, stdout: `${version}\n`, stderr: "" });
});

// ---------------------------------------------------------------------------------------
// Dispatch: formats and --explain

test("--format dispatches through the registry to each format; only text is ever coloured", async () => {
  assert.deepEqual(FORMAT_NAMES, ["text", "json", "sarif", "github"]);
  const colourful = { env: { FORCE_COLOR: "1" }, isTTY: true };

  const json = await cli(["--format", "json", "reserved"], colourful);
  assert.equal(json.code, 1);
  const report = JSON.parse(json.stdout) as { version: number; files: { file: string; offences: { code: string }[] }[]; summary: unknown };
  assert.equal(report.version, 1);
  assert.deepEqual(
    report.files.map((f) => [f.file, f.offences.map((o) => o.code)]),
    [["reserved/help.actions.json", ["reserved-name"]]],
  );
  assert.deepEqual(report.summary, { files: 1, actions: 1, offences: 1, errors: 1, warnings: 0 });

  const sarif = await cli(["--format=sarif", "reserved"], colourful);
  assert.equal(sarif.code, 1);
  assert.equal((JSON.parse(sarif.stdout) as { version: string }).version, "2.1.0");

  const github = await cli(["--format", "github", "reserved"], colourful);
  assert.equal(github.code, 1);
  assert.ok(github.stdout.startsWith("::error file=reserved/help.actions.json,title=wymcp-lint(reserved-name)::"), github.stdout);

  for (const out of [json.stdout, sarif.stdout, github.stdout]) assert.ok(!out.includes(ESC));
  // The exit code does not depend on the format.
  assert.equal((await cli(["--format", "json", "clean"])).code, 0);
});

test("--explain CODE prints the code's explanation; an unknown code is a usage error", async () => {
  const known = await cli(["--explain", "superset-group"]);
  assert.deepEqual(known, { code: 0, stdout: explain("superset-group"), stderr: "" });
  assert.ok(known.stdout.startsWith("superset-group: "));
  const unknown = await cli(["--explain", "bogus"]);
  assert.deepEqual(unknown, { code: 2, stdout: "", stderr: usage(unknownCodeMessage("bogus")) });
});
