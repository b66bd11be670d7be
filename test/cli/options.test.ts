// The command line's one table of flags (src/cli/options/table.ts, OPTIONS) configures both of
// its parsers: yargs, and the start-up shortcut that reads the common calls without
// loading yargs. Checked here: every entry reaches yargs and --help as declared, exactly
// the `shortcut` entries reach the shortcut, and on any command line built from the table
// the two parsers give the same command or the same usage error.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { parseCommand } from "../../src/cli/options/index.js";
import { shortcutOptions } from "../../src/cli/options/shortcut.js";
import { OPTIONS, type OptionSpec } from "../../src/cli/options/table.js";
import { helpText, parseWithYargs } from "../../src/cli/options/yargs.js";
import { cli, lintOptionsWith } from "../support/cli.js";

const SPECS: readonly OptionSpec[] = Object.values(OPTIONS);
const HINT = "Run wymcp-lint --help for usage.";

async function outcome(parse: (argv: readonly string[]) => Promise<unknown>, argv: readonly string[]): Promise<unknown> {
  try {
    return await parse(argv);
  } catch (error) {
    return { threw: (error as Error).constructor.name, message: (error as Error).message };
  }
}

test("every entry of the table is in --help with its type and default", async () => {
  const help = await helpText();
  const lines = help.split("\n");
  for (const spec of SPECS) {
    const line = lines.find((l) => new RegExp(`^\\s+(?:-\\w, )?--${spec.flag}\\s`).test(l));
    assert.ok(line !== undefined, `help lists --${spec.flag}`);
    // yargs may wrap the extras onto the following lines.
    const entry = lines.slice(lines.indexOf(line), lines.indexOf(line) + 4).join(" ");
    assert.ok(entry.includes(`[${spec.type}]`), `--${spec.flag} shows [${spec.type}]: ${entry}`);
    if (spec.default !== undefined && spec.type !== "boolean") assert.ok(entry.includes(`[default: ${String(spec.default)}]`), entry);
    if (spec.alias !== undefined) assert.ok(line.includes(`-${spec.alias}, --${spec.flag}`), line);
  }
  // Numeric options show as numbers (docs/report.md).
  assert.match(help, /--max-offences[^\n]*\n?[^\n]*\[number\] \[default: 10\]/);
  assert.match(help, /--load-timeout[^\n]*\n?[^\n]*\[number\] \[default: 10\]/);
});

test("yargs accepts every flag of the table, and the shortcut exactly the shortcut ones", async () => {
  for (const spec of SPECS) {
    const argv = spec.type === "boolean" ? [`--${spec.flag}`] : [`--${spec.flag}`, spec.flag === "format" ? "json" : "5"];
    const parsed = await outcome(parseWithYargs, argv);
    assert.doesNotMatch(JSON.stringify(parsed), /Unknown argument/, `yargs knows --${spec.flag}`);
    assert.equal(shortcutOptions(argv) !== null, spec.shortcut === true, `the shortcut reads --${spec.flag} only when declared so`);
  }
});

test("the shortcut's results: values, repeated flags, paths after --", async () => {
  const argv = ["--format", "json", "a", "--no-color", "--max-offences=0", "--load-timeout", "3", "--", "-b"];
  assert.notEqual(shortcutOptions(argv), null);
  assert.deepEqual(await parseCommand(argv), {
    kind: "lint",
    options: lintOptionsWith({ paths: ["a", "-b"], format: "json", maxOffences: 0, color: false, loadTimeoutMs: 3000 }),
  });
});

// Command lines made of the table's flags (every spelling), values good and bad, and paths.
const flagWord = fc.constantFrom(...SPECS.flatMap((spec) => [`--${spec.flag}`, ...(spec.type === "boolean" ? [`--no-${spec.flag}`] : [])]));
const valueWord = fc.constantFrom("json", "text", "sarif", "bogus", "0", "3", "007", "2.5", ".5", "-1", "1e3", "", "true", "false", "x=y", "t.actions.json", "a.tool.ts");
const pathWord = fc.constantFrom("a", "tools", "123", "b c", "x=y", "ä.actions.json5");
const word = fc.oneof(
  { weight: 3, arbitrary: flagWord },
  { weight: 2, arbitrary: fc.tuple(flagWord, valueWord).map(([flag, value]) => `${flag}=${value}`) },
  { weight: 3, arbitrary: valueWord },
  { weight: 2, arbitrary: pathWord },
  { weight: 1, arbitrary: fc.constantFrom("--", "--bogus", "-f", "--maxOffences") },
);

// Lines once found to matter, kept as fixed examples beside the generated ones.
const EXAMPLES: readonly (readonly string[])[] = [
  ["--format", "json", "a"],
  ["a", "--format", "sarif", "b", "--max-offences", "0"],
  ["--color", "false"],
  ["--no-color", "true"],
  ["--color=false"],
  ["--no-color", "--color"],
  ["--load-timeout", "2.5", "--format", "github", "--", "-x.actions.json", "--y"],
  ["a", "--", "--", "b"],
  ["--format", "json", "--format", "text"],
  ["x=y", "--format", "json", "123", "--max-offences", "007"],
  ["--format="],
  ["--format"],
  ["--format", "--no-color"],
  ["--format=json=x"],
  ["--max-offences", "-1"],
  ["--max-warnings", "0", "a"],
  ["--max-warnings=12", "--max-warnings", "3"],
  ["--max-warnings", "-1"],
  ["--load-timeout", "1e3"],
  ["-f", "json"],
  ["--maxOffences", "2"],
  ["--stdin", "--stdin-filename", "t.actions.json"],
];

test("on any command line from the table, the shortcut and yargs agree (command or usage error)", async () => {
  let shortcutRead = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(word, { maxLength: 6 }), async (argv) => {
      if (shortcutOptions(argv) !== null) shortcutRead++;
      assert.deepEqual(await outcome(parseCommand, argv), await outcome(parseWithYargs, argv));
    }),
    { numRuns: 300, examples: EXAMPLES.map((argv) => [[...argv]]) },
  );
  // The property is only worth something if the shortcut really took part.
  assert.ok(shortcutRead > 30, `the shortcut read ${shortcutRead} of the command lines`);
});

const QUIRKS: readonly (readonly [readonly string[], string])[] = [
  [["-"], `"-" is not a path; to lint standard input use --stdin --stdin-filename NAME`],
  [["clean", "-"], `"-" is not a path; to lint standard input use --stdin --stdin-filename NAME`],
  [["--paths", "clean"], "--paths is not an option; name the paths without a flag"],
  [["--paths=clean"], "--paths is not an option; name the paths without a flag"],
  [["--no-paths"], "--no-paths is not an option; name the paths without a flag"],
  [["--no-color=true"], `--no-color takes no value; got "true"`],
  [["--no-stdin=false"], `--no-stdin takes no value; got "false"`],
];

test("spellings yargs would read surprisingly are usage errors: exit 2, one clear line", async () => {
  for (const [argv, what] of QUIRKS) {
    const { code, stdout, stderr } = await cli(argv, { stdin: "{}" });
    assert.deepEqual({ code, stdout, stderr }, { code: 2, stdout: "", stderr: `wymcp-lint: error: ${what}. ${HINT}\n` }, JSON.stringify(argv));
  }
  // After "--" every argument is a path, "-" included (a file of that name).
  assert.deepEqual(await outcome(parseCommand, ["--", "-"]), {
    kind: "lint",
    options: lintOptionsWith({ paths: ["-"] }),
  });
});

test("--mcp takes only --load-timeout: anything else on its command line is a usage error naming it", async () => {
  assert.deepEqual(await parseCommand(["--mcp"]), { kind: "mcp", loadTimeoutMs: 10_000 });
  assert.deepEqual(await parseCommand(["--mcp", "--load-timeout", "2"]), { kind: "mcp", loadTimeoutMs: 2_000 });
  assert.deepEqual(await parseCommand(["--load-timeout=3", "--mcp"]), { kind: "mcp", loadTimeoutMs: 3_000 });
  for (const [argv, named] of [
    [["--mcp", "tools"], '"tools"'],
    [["--mcp", "--format", "json"], '"--format"'],
    [["--mcp", "--fix"], '"--fix"'],
  ] as const) {
    const { code, stderr } = await cli(argv);
    assert.equal(code, 2, argv.join(" "));
    assert.match(stderr, new RegExp(`--mcp serves on stdio and takes no other argument than --load-timeout; got ${named}`));
  }
});
