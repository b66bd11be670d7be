// The command line's one table of flags (src/cli/options/table.ts, OPTIONS) configures its
// one parser (parse.ts, on Node's util.parseArgs) and --help (help-text.ts). Checked here:
// every entry reaches --help with its type and default and is read by the parser in each of
// its spellings; the spellings that mean something surprising elsewhere are read one way
// here, or refused with a message naming the flag; and no command line made of the table's
// words gives anything but a command or a usage error.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { helpText } from "../../src/cli/options/help-text.js";
import { parseCommand } from "../../src/cli/options/index.js";
import { readArguments } from "../../src/cli/options/parse.js";
import { OPTIONS, type OptionSpec } from "../../src/cli/options/table.js";
import { UsageError } from "../../src/usage-error.js";
import { cli, lintOptionsWith } from "../support/cli.js";

const SPECS: readonly OptionSpec[] = Object.values(OPTIONS);
const HINT = "Run wymcp-lint --help for usage.";

async function outcome(argv: readonly string[]): Promise<unknown> {
  try {
    return await parseCommand(argv);
  } catch (error) {
    return { threw: (error as Error).constructor.name, message: (error as Error).message };
  }
}

test("every entry of the table is in --help with its type and default, the prose around them, and no line past 100 characters", async () => {
  const help = helpText();
  const lines = help.split("\n");
  for (const spec of SPECS) {
    const line = lines.find((l) => new RegExp(`^\\s+(?:-\\w, )?--${spec.flag}\\s`).test(l));
    assert.ok(line !== undefined, `help lists --${spec.flag}`);
    // The tags stand at the end of the entry's last line, a few lines down for a long one: the entry runs to the next flag's line.
    const start = lines.indexOf(line);
    const next = lines.findIndex((l, i) => i > start && /^ {2}(?:-\w, | {4})--/.test(l));
    const entry = lines.slice(start, next < 0 ? undefined : next).join(" ");
    assert.ok(entry.includes(`[${spec.type}]`), `--${spec.flag} shows [${spec.type}]: ${entry}`);
    if (spec.default !== undefined) assert.ok(entry.includes(`[default: ${String(spec.default)}]`), entry);
    if (spec.alias !== undefined) assert.ok(line.includes(`-${spec.alias}, --${spec.flag}`), line);
    // Every word of its description is there.
    for (const word of spec.describe.split(" ")) assert.ok(help.includes(word), `--${spec.flag}: ${word}`);
  }
  // Numeric options show as numbers (docs/report.md).
  assert.match(help, /--max-offences[^\n]*\n?[^\n]*\[number\] \[default: 10\]/);
  assert.match(help, /--load-timeout[^\n]*\n?[^\n]*\[number\] \[default: 10\]/);
  assert.ok(help.startsWith("wymcp-lint [paths..]\n\nLint the tool declarations of MCP servers"));
  for (const section of ["Positionals:", "Options:", "Examples:", "Exit codes:", "Environment:"]) assert.ok(lines.includes(section), section);
  assert.match(help, /^ {2}wymcp-lint --fix-dry-run \.\/tools +show the safe fixes as a diff, change nothing$/m);
  assert.deepEqual(
    lines.filter((l) => l.length > 100),
    [],
  );
  // Through the command line too.
  const { code, stdout } = await cli(["--help"]);
  assert.deepEqual([code, stdout], [0, `${help}\n`]);
});

test("the parser reads every flag of the table, a switch in both its forms", () => {
  for (const spec of SPECS) {
    const value = spec.flag === "format" ? "json" : "5";
    const key = (Object.entries(OPTIONS).find(([, s]) => s === spec) as [string, OptionSpec])[0];
    if (spec.type === "boolean") {
      assert.equal(readArguments([`--${spec.flag}`]).given[key as keyof typeof OPTIONS], true, spec.flag);
      assert.equal(readArguments([`--no-${spec.flag}`]).given[key as keyof typeof OPTIONS], false, spec.flag);
    } else {
      const expected = spec.repeatable === true ? [value] : value;
      assert.deepEqual(readArguments([`--${spec.flag}`, value]).given[key as keyof typeof OPTIONS], expected, spec.flag);
      assert.deepEqual(readArguments([`--${spec.flag}=${value}`]).given[key as keyof typeof OPTIONS], expected, spec.flag);
      if (spec.negatable === true) assert.equal(readArguments([`--no-${spec.flag}`]).given[key as keyof typeof OPTIONS], false, spec.flag);
    }
    if (spec.alias !== undefined) assert.equal(readArguments([`-${spec.alias}`]).given[key as keyof typeof OPTIONS], true, spec.alias);
  }
});

test("values, repeated flags, paths after --", async () => {
  const argv = ["--format", "json", "a", "--no-color", "--max-offences=0", "--load-timeout", "3", "--", "-b"];
  assert.deepEqual(await parseCommand(argv), {
    kind: "lint",
    options: lintOptionsWith({ paths: ["a", "-b"], format: "json", maxOffences: 0, color: false, loadTimeoutMs: 3000 }),
  });
  // The last of a flag given twice counts, a switch and its --no- form included; a repeatable flag keeps each.
  const lint = async (line: readonly string[]) => {
    const command = await parseCommand(line);
    assert.equal(command.kind, "lint");
    return (command as { options: ReturnType<typeof lintOptionsWith> }).options;
  };
  assert.equal((await lint(["--format", "json", "--format", "text"])).format, "text");
  assert.equal((await lint(["--no-color", "--color"])).color, true);
  assert.equal((await lint(["--color", "--no-color"])).color, false);
  assert.deepEqual((await lint(["--ignore-pattern", "a/", "--ignore-pattern=b/"])).ignorePattern, ["a/", "b/"]);
  // A negative number is a value, for its check to name; so is anything after "=".
  assert.equal((await lint(["--max-offences=007", "x=y", "123"])).maxOffences, 7);
  assert.deepEqual((await lint(["--max-offences=007", "x=y", "123"])).paths, ["x=y", "123"]);
  assert.deepEqual((await lint(["--ignore-pattern=-x"])).ignorePattern, ["-x"]);
  // A switch takes no value: a word after it is a path.
  assert.deepEqual(await lint(["--color", "false"]), lintOptionsWith({ paths: ["false"], color: true }));
});

const MISTAKES: readonly (readonly [readonly string[], string])[] = [
  [["--format"], "--format needs a value"],
  [["a", "--stdin-filename"], "--stdin-filename needs a value"],
  [["--format", "--no-color"], `--format needs a value; "--no-color" is taken for an option (write --format=--no-color to give it)`],
  [["--ignore-pattern", "-x"], `--ignore-pattern needs a value; "-x" is taken for an option (write --ignore-pattern=-x to give it)`],
  [["--format", "--"], `--format needs a value; "--" is taken for an option (write --format=-- to give it)`],
  [["--max-offences", "-1"], `--max-offences must be a whole number of 0 or more; got "-1"`],
  [["--max-offences", "-.5"], `--max-offences must be a whole number of 0 or more; got "-.5"`],
  [["--color=false"], `--color takes no value; got "false"`],
  [["--help=yes"], `--help takes no value; got "yes"`],
  [["-f", "json"], "unknown option -f"],
  [["-hx"], "unknown option -x"],
  [["--maxOffences", "2"], "unknown option --maxOffences; did you mean --max-offences?"],
  [["--=x"], "unknown option --=x"],
  [["--fix", "--bogus", "--format", "nope"], "unknown option --bogus"],
  [["--no-stdin-filename"], "--no-stdin-filename is not an option: --stdin-filename takes a value and has no --no- form"],
];

test("mistakes in the flags' spelling are usage errors naming the flag: unknown ones with their close match, missing values, values given to a switch", async () => {
  for (const [argv, message] of MISTAKES) assert.deepEqual(await outcome(argv), { threw: "UsageError", message }, JSON.stringify(argv));
  // After "--" nothing is a flag.
  assert.deepEqual(await outcome(["--", "--bogus", "-f"]), { kind: "lint", options: lintOptionsWith({ paths: ["--bogus", "-f"] }) });
  // --help wins over the other flags' values (not over their spelling).
  assert.equal((await parseCommand(["--format", "nope", "--help"])).kind, "help");
});

// Command lines made of the table's flags (every spelling), values good and bad, and paths.
const flagWord = fc.constantFrom(...SPECS.flatMap((spec) => [`--${spec.flag}`, ...(spec.type === "boolean" || spec.negatable === true ? [`--no-${spec.flag}`] : [])]));
const valueWord = fc.constantFrom("json", "text", "sarif", "bogus", "0", "3", "007", "2.5", ".5", "-1", "1e3", "", "true", "false", "x=y", "t.actions.json", "a.tool.ts");
const pathWord = fc.constantFrom("a", "tools", "123", "b c", "x=y", "ä.actions.json5", "-");
const word = fc.oneof(
  { weight: 3, arbitrary: flagWord },
  { weight: 2, arbitrary: fc.tuple(flagWord, valueWord).map(([flag, value]) => `${flag}=${value}`) },
  { weight: 3, arbitrary: valueWord },
  { weight: 2, arbitrary: pathWord },
  { weight: 1, arbitrary: fc.constantFrom("--", "--bogus", "-f", "-h", "--maxOffences") },
);

test("any command line made of the table's words gives a command or a usage error, never another error", async () => {
  let commands = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(word, { maxLength: 6 }), async (argv) => {
      try {
        const command = await parseCommand(argv);
        assert.ok(["lint", "help", "version", "explain", "lsp", "mcp"].includes(command.kind));
        commands++;
      } catch (error) {
        assert.ok(error instanceof UsageError, `${JSON.stringify(argv)}: ${String(error)}`);
        assert.ok(error.message.length > 0 && !error.message.includes("\n"));
      }
    }),
    { numRuns: 300 },
  );
  // Worth something only if commands were made too, not only refusals.
  assert.ok(commands > 30, `${commands} of the command lines gave a command`);
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

test("spellings that read surprisingly elsewhere are usage errors: exit 2, one clear line", async () => {
  for (const [argv, what] of QUIRKS) {
    const { code, stdout, stderr } = await cli(argv, { stdin: "{}" });
    assert.deepEqual({ code, stdout, stderr }, { code: 2, stdout: "", stderr: `wymcp-lint: error: ${what}. ${HINT}\n` }, JSON.stringify(argv));
  }
  // After "--" every argument is a path, "-" included (a file of that name).
  assert.deepEqual(await outcome(["--", "-"]), {
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

test("--lsp takes only --stdio, --load-timeout and --clientProcessId (which editors' clients pass): any other argument is a usage error naming it", async () => {
  assert.deepEqual(await parseCommand(["--lsp"]), { kind: "lsp", loadTimeoutMs: 10_000 });
  assert.deepEqual(await parseCommand(["--lsp", "--stdio", "--clientProcessId=4242", "--load-timeout", "2"]), { kind: "lsp", loadTimeoutMs: 2_000 });
  assert.deepEqual(await parseCommand(["--clientProcessId", "4242", "--lsp", "--stdio"]), { kind: "lsp", loadTimeoutMs: 10_000 });
  for (const [argv, named] of [
    [["--lsp", "tools"], '"tools"'],
    [["--lsp", "--config", "wymcp-lint.config.json"], '"--config"'],
    [["--lsp", "--no-config"], '"--no-config"'],
    [["--lsp", "--no-ignore"], '"--no-ignore"'],
    [["--lsp", "--format=json"], '"--format=json"'],
    [["--lsp", "--fix"], '"--fix"'],
    [["--watch", "--lsp"], '"--watch"'],
  ] as const) {
    const { code, stderr } = await cli(argv);
    assert.equal(code, 2, argv.join(" "));
    assert.match(
      stderr,
      new RegExp(`--lsp lints the documents an editor opens: it takes no paths, and no other flag than --stdio, --load-timeout and --clientProcessId; got ${named}`),
    );
  }
  for (const [argv, message] of [
    [["--lsp", "--clientProcessId=x"], /--clientProcessId must be a process id, a whole number above 0; got "x"/],
    [["--clientProcessId=5", "a.actions.json"], /--clientProcessId is used only with --lsp/],
  ] as const) {
    const { code, stderr } = await cli(argv);
    assert.equal(code, 2, argv.join(" "));
    assert.match(stderr, message);
  }
});
