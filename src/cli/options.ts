// The command line (SPEC section 7). Every flag is declared once, in OPTIONS: its spelling,
// type, help text, default, whether the start-up shortcut reads it, and how its value is
// checked. Both parsers are configured from that table: yargs (strict: an unknown flag is a
// usage error) and the shortcut that reads the common calls without loading yargs. The
// result is one of four commands: lint, help, version or explain; every mistake becomes a
// UsageError naming the flag and what was given. Called by run.ts only; nothing here reads
// files or writes output.
//
// Adding a flag: add one entry to OPTIONS. Its checked value appears in LintOptions under
// the entry's key; `shortcut: true` when the common calls (a hook, CI) use it. The server
// flags (--server, --server-url, --header) combine into LintOptions.server (checkServer,
// src/server/target.ts); with --server, the arguments after "--" are the server's command.

import { readFileSync } from "node:fs";
import { escapeText, inspectString } from "../text/escape.js";
import { DEFAULT_MAX_OFFENCES } from "../core/report.js";
import { kindOf, type FileKind } from "../files/kind.js";
import { UsageError } from "../usage-error.js";
import { checkServer, type ServerTarget } from "../server/target.js";
import { DEFAULT_FORMAT, FORMAT_NAMES, isFormatName, type FormatName } from "./formatters/index.js";
import { appendAll } from "../core/append.js";

export const DEFAULT_LOAD_TIMEOUT_SECONDS = 10;
export const DEFAULT_SERVER_TIMEOUT_SECONDS = 30;

/**
 * A flag's value as given: its text, true/false for a switch, every text of a repeatable
 * flag, undefined when absent and without default.
 */
type Given = string | boolean | readonly string[] | undefined;

/** Everything about one flag. */
export interface OptionSpec<T = unknown> {
  /** The flag as typed, without its dashes: "max-offences". */
  readonly flag: string;
  /** A switch (`--x`, `--no-x`), or a flag taking a value that is text or a number (help shows which). */
  readonly type: "boolean" | "string" | "number";
  readonly describe: string;
  readonly alias?: string;
  /** The value when the flag is absent, as --help shows it. */
  readonly default?: string | number | boolean;
  /** Read by the start-up shortcut too: the flags of the common calls. */
  readonly shortcut?: boolean;
  /** Selects a command (help, version, explain) instead of being a lint option. */
  readonly command?: true;
  /** May be given more than once, each value kept (otherwise the last one counts). */
  readonly repeatable?: true;
  /** Checks the given value and converts it; throws UsageError naming the flag. */
  readonly read: (given: Given) => T;
}

function nonNegativeInteger(flag: string): (given: Given) => number {
  return (given) => {
    const value = String(given);
    if (!/^\d+$/.test(value)) throw new UsageError(`--${flag} must be a whole number of 0 or more; got ${inspectString(value)}`);
    return Math.min(Number(value), Number.MAX_SAFE_INTEGER);
  };
}

function positiveSecondsAsMs(flag: string): (given: Given) => number {
  return (given) => {
    const value = String(given);
    const seconds = /^(?:\d+(?:\.\d*)?|\.\d+)$/.test(value) ? Number(value) : NaN;
    if (!(seconds > 0)) throw new UsageError(`--${flag} must be a number of seconds greater than 0; got ${inspectString(value)}`);
    return seconds * 1000;
  };
}

function formatName(given: Given): FormatName {
  const value = String(given);
  if (!isFormatName(value)) throw new UsageError(`--format must be one of ${FORMAT_NAMES.join(", ")}; got ${inspectString(value)}`);
  return value;
}

const text = (given: Given): string | undefined => (given === undefined ? undefined : String(given));

/** A file name given to --flag; undefined when absent. */
function fileName(flag: string, given: Given): string | undefined {
  if (given === undefined) return undefined;
  const name = String(given);
  if (name === "") throw new UsageError(`--${flag} needs a file name; got ""`);
  return name;
}

/** --config FILE: the file; --no-config: false (no config); absent: null (search for one). */
function configChoice(given: Given): string | false | null {
  if (given === false) return false;
  return fileName("config", given) ?? null;
}
const onOff = (given: Given): boolean | undefined => (given === undefined ? undefined : given === true);
const on = (given: Given): boolean => given === true;
const texts = (given: Given): readonly string[] => (given === undefined ? [] : Array.isArray(given) ? given.map(String) : [String(given)]);

/**
 * Every flag, in the order --help lists them and their values are checked. The key is the
 * name of the checked value (in LintOptions for a lint option).
 */
export const OPTIONS = {
  format: {
    flag: "format",
    type: "string",
    default: DEFAULT_FORMAT,
    shortcut: true,
    describe: `Output format: ${FORMAT_NAMES.join(", ")} (json, sarif and github carry every offence)`,
    read: formatName,
  },
  maxOffences: {
    flag: "max-offences",
    type: "number",
    default: DEFAULT_MAX_OFFENCES,
    shortcut: true,
    describe: "Offences shown per action in the text format, then a '… and K more offences' line (0 = all)",
    read: nonNegativeInteger("max-offences"),
  },
  maxWarnings: {
    flag: "max-warnings",
    type: "number",
    shortcut: true,
    describe: "Fail the run (exit 1) when it finds more than N warnings; without it, warnings are shown and never fail it",
    read: (given: Given): number | null => (given === undefined ? null : nonNegativeInteger("max-warnings")(given)),
  },
  color: {
    flag: "color",
    type: "boolean",
    shortcut: true,
    describe: "Colour the text report (default: on a terminal only; NO_COLOR and FORCE_COLOR are respected); --no-color turns it off",
    read: onOff,
  },
  stdin: {
    flag: "stdin",
    type: "boolean",
    default: false,
    describe: "Lint one action file or tool module read from standard input (needs --stdin-filename)",
    read: on,
  },
  stdinFilename: {
    flag: "stdin-filename",
    type: "string",
    describe:
      "The name of the file read with --stdin: it gives its kind (JSON, JSON5 or a tool module), an action file's tool name, and the directory a module's imports resolve from",
    read: text,
  },
  loadTimeoutMs: {
    flag: "load-timeout",
    type: "number",
    default: DEFAULT_LOAD_TIMEOUT_SECONDS,
    shortcut: true,
    describe: "Seconds a tool module gets to load and return its actions before it is a load-error",
    read: positiveSecondsAsMs("load-timeout"),
  },
  ignore: {
    flag: "ignore",
    type: "boolean",
    default: true,
    describe:
      "Skip, in directory and glob searches, what .gitignore files and .git/info/exclude ignore; --no-ignore searches those files too (a file named on the command line is always linted)",
    read: on,
  },
  ignorePattern: {
    flag: "ignore-pattern",
    type: "string",
    repeatable: true,
    describe: "Also skip, in directory and glob searches, what this pattern matches (.gitignore syntax, relative to the current directory); repeatable",
    read: texts,
  },
  fix: {
    flag: "fix",
    type: "boolean",
    default: false,
    shortcut: true,
    describe:
      "Apply the fixes that cannot change what was meant (rename a misspelt key, remove a repeated entry or a redundant group, move a description's extra lines to notes) in action files and in the literals of tool modules, atomically; then report what is left",
    read: on,
  },
  fixDryRun: {
    flag: "fix-dry-run",
    type: "boolean",
    default: false,
    shortcut: true,
    describe: "Like --fix, but write nothing: print each file's changes as a unified diff (text: before the report; json: each file's \"diff\")",
    read: on,
  },
  config: {
    flag: "config",
    type: "string",
    describe:
      'Read the config from FILE (JSON or JSON5) instead of searching for wymcp-lint.config.json, wymcp-lint.config.json5 or a "wymcp-lint" key in package.json from the current directory up to the repository root; --no-config reads none',
    read: configChoice,
  },
  baseline: {
    flag: "baseline",
    type: "string",
    describe:
      'The baseline file: offences recorded in it are not reported, only counted (default: the config\'s "baseline", else wymcp-lint-baseline.json beside the config or in the current directory)',
    read: (given: Given): string | null => fileName("baseline", given) ?? null,
  },
  updateBaseline: {
    flag: "update-baseline",
    type: "boolean",
    default: false,
    describe: "Write every offence of this run to the baseline file (entries of files not linted are kept), then report against it",
    read: on,
  },
  server: {
    flag: "server",
    type: "boolean",
    default: false,
    describe: 'Lint a running MCP server instead of files: start the command given after "--" (stdio) and stop its whole process group at the end',
    read: on,
  },
  serverUrl: { flag: "server-url", type: "string", describe: "Lint a running MCP server instead of files, at this Streamable HTTP URL", read: text },
  headers: { flag: "header", type: "string", repeatable: true, describe: 'A header sent to --server-url, as "Name: value" (repeatable)', read: texts },
  serverTimeoutMs: {
    flag: "server-timeout",
    type: "number",
    default: DEFAULT_SERVER_TIMEOUT_SECONDS,
    describe: "Seconds the server gets to start and answer the handshake, and each request after it",
    read: positiveSecondsAsMs("server-timeout"),
  },
  explain: { flag: "explain", type: "string", command: true, describe: "Explain an offence code (meaning, reason, fix) and exit", read: text },
  help: { flag: "help", alias: "h", type: "boolean", command: true, describe: "Show this help and exit", read: on },
  version: { flag: "version", type: "boolean", command: true, describe: "Show the version and exit", read: on },
} as const satisfies Record<string, OptionSpec>;

type Options = typeof OPTIONS;
type Key = keyof Options;
type LintKey = { [K in Key]: Options[K] extends { readonly command: true } ? never : K }[Key];
type Values = { readonly [K in LintKey]: ReturnType<Options[K]["read"]> };

/** Standard input as an action file or a tool module: the name standing for it and the kind it gives. */
export interface StdinSource {
  readonly filename: string;
  readonly kind: FileKind;
}

/**
 * The checked lint options: one field per lint option of OPTIONS, except that --stdin and
 * --stdin-filename combine into `stdin` (null to lint paths), and --server, --server-url
 * and --header into `server` (null to lint files).
 */
export type LintOptions = Omit<Values, "stdin" | "stdinFilename" | "server" | "serverUrl" | "headers"> & {
  readonly paths: readonly string[];
  readonly stdin: StdinSource | null;
  readonly server: ServerTarget | null;
};

export type Command =
  | { readonly kind: "lint"; readonly options: LintOptions }
  | { readonly kind: "help"; readonly text: string }
  | { readonly kind: "version" }
  | { readonly kind: "explain"; readonly code: string };

const SPECS: readonly (readonly [Key, OptionSpec])[] = Object.entries(OPTIONS) as [Key, OptionSpec][];
const LINT_SPECS = SPECS.filter(([, spec]) => spec.command !== true) as readonly (readonly [LintKey, OptionSpec])[];

/** wymcp-lint's own version, from its package.json. */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: unknown };
  return typeof manifest.version === "string" ? manifest.version : "unknown";
}

const DESCRIPTION = `Lint the tool declarations of action-dispatched MCP servers: action files (*.actions.json, *.actions.json5) and tool modules (*.tool.{js,mjs,cjs,ts,mts,cts}). Every offence is reported at once, with its place and a fix.

A directory is searched recursively (node_modules, dot-folders and what .gitignore files ignore skipped; symlinked directories inside it are not entered); a file is linted whatever its name (.json and .json5 are action files, .js .mjs .cjs .ts .mts .cts tool modules); a glob is expanded (quote it). No path means the current directory.`;

const EXIT_CODES = `Exit codes:
  0  no error (warnings alone pass, unless there are more than --max-warnings)
  1  an error (files that cannot be parsed or loaded count; so does a server whose help tool
     answers an error or an answer of the wrong shape), or more warnings than --max-warnings
  2  usage error (bad flag, nothing to lint, unsupported file kind), a server that cannot be
     started or reached or does not answer within --server-timeout, or internal failure

Environment:
  NO_COLOR, FORCE_COLOR  turn colour off / on (see --color)
  WYMCP_LINT_WORKERS=N   worker threads for large runs of action files (0: none; default: by size)
  WYMCP_LINT_DEBUG=1     print the stack trace of an internal error`;

const EXAMPLES: readonly [string, string][] = [
  ["$0", "lint every action file and tool module under the current directory"],
  ["$0 ./tools src/search.tool.ts", "lint a directory and one module"],
  ["$0 'servers/*/tools'", "lint the directories a glob matches"],
  ["$0 --format sarif > wymcp.sarif", "write SARIF for GitHub code scanning"],
  ["$0 --format github", "annotate a GitHub Actions run"],
  ["$0 --max-offences 0 --no-color", "show every offence, uncoloured"],
  ["$0 --max-warnings 0", "fail on warnings too"],
  ["$0 --stdin --stdin-filename t.actions.json", "lint an editor buffer piped to stdin"],
  ["$0 --load-timeout 30 ./tools", "give slow tool modules 30 seconds"],
  ["$0 --ignore-pattern 'generated/' .", "also skip the generated/ folders"],
  ["$0 --server -- node server.js", "lint the tools of an MCP server started with that command"],
  ["$0 --server-url http://127.0.0.1:4000/mcp", "lint a running MCP server over Streamable HTTP"],
  ["$0 --fix-dry-run ./tools", "show the safe fixes as a diff, change nothing"],
  ["$0 --fix ./tools", "apply the safe fixes, then report what is left"],
  ["$0 --explain superset-group", "explain an offence code"],
  ["$0 --update-baseline", "accept today's offences: later runs report only new ones"],
  ["$0 --no-config ./tools", "lint with every code at its default severity"],
];

/** The yargs option for a spec. Values reach yargs as text (read() checks them), whatever the type. */
function yargsOption(spec: OptionSpec) {
  const shown = spec.default === undefined ? {} : { default: typeof spec.default === "boolean" ? spec.default : String(spec.default), defaultDescription: String(spec.default) };
  return {
    ...shown,
    describe: spec.describe,
    ...(spec.alias === undefined ? {} : { alias: spec.alias }),
    ...(spec.type === "boolean"
      ? { type: "boolean" as const }
      : // A number option is also registered as a number, for --help's "[number]" only:
        // yargs-parser leaves a value text when its flag is a string, whatever else it is.
        { type: "string" as const, requiresArg: true, ...(spec.type === "number" ? { number: true } : {}) }),
  };
}

async function parser(argv: readonly string[]) {
  const { default: yargs } = await import("yargs");
  let y = yargs([...argv])
    .scriptName("wymcp-lint")
    // Our own --help and --version (declared in OPTIONS): run() prints them through io, and
    // yargs never writes to the console or exits.
    .help(false)
    .version(false)
    .command("$0 [paths..]", DESCRIPTION, (y) =>
      y.positional("paths", { type: "string", array: true, describe: "Directories, files or globs to lint (default: the current directory)" }),
    );
  for (const [, spec] of SPECS) y = y.option(spec.flag, yargsOption(spec));
  return (
    y
      .example(EXAMPLES)
      .epilogue(EXIT_CODES)
      .strict()
      // Numbers stay text (a path "123", a value checked by read()); a repeated flag keeps
      // its last value (last() below): "duplicate-arguments-array" would also collapse paths.
      .parserConfiguration({
        "parse-numbers": false,
        "parse-positional-numbers": false,
        "dot-notation": false,
        // The arguments after "--" apart, in `--`: the server's command with --server, paths otherwise.
        "populate--": true,
      })
      .exitProcess(false)
      .wrap(100)
      .fail((message: string | null, error: Error | undefined) => {
        // yargs quotes the user's own text ("Unknown argument: …"): escape it like all output.
        throw new UsageError(escapeText(message ?? error?.message ?? "invalid arguments"));
      })
  );
}

/** The help text: usage, every option, examples and the exit codes. */
export async function helpText(): Promise<string> {
  return (await parser([])).getHelp();
}

/** The given value of each flag (absent: its default), keyed like OPTIONS. */
type GivenOptions = { [K in Key]?: Given };

function givenOrDefault(spec: OptionSpec, given: Given): Given {
  if (given !== undefined || spec.default === undefined) return given;
  return typeof spec.default === "boolean" ? spec.default : String(spec.default);
}

/**
 * The lint command from the paths, the arguments after "--" and the given flags, each value
 * checked in table order. The arguments after "--" are the server's command with --server,
 * paths otherwise.
 */
function lintCommand(named: readonly string[], afterDashes: readonly string[], given: GivenOptions): Command {
  const values = Object.fromEntries(LINT_SPECS.map(([key, spec]) => [key, spec.read(givenOrDefault(spec, given[key]))])) as unknown as Values;
  const { stdin: stdinGiven, stdinFilename, server: serverGiven, serverUrl, headers, ...rest } = values;
  const paths = serverGiven ? named : [...named, ...afterDashes];
  const server = checkServer({ server: serverGiven, command: serverGiven ? afterDashes : [], url: serverUrl, headers, paths });
  const stdin = stdinSource(stdinGiven, stdinFilename, paths);
  if (server !== null && stdin !== null) throw new UsageError("--stdin lints standard input, --server and --server-url a server: give one of them");
  checkFix(values, stdin !== null, server !== null);
  return { kind: "lint", options: { ...rest, paths, stdin, server } };
}

/** --fix and --fix-dry-run, checked against each other and what they need. */
function checkFix({ fix, fixDryRun, format }: Values, stdin: boolean, server: boolean): void {
  if (fix && fixDryRun) throw new UsageError("--fix and --fix-dry-run exclude each other: --fix writes the fixes, --fix-dry-run only shows them");
  if ((fix || fixDryRun) && server) throw new UsageError(`${fix ? "--fix" : "--fix-dry-run"} changes files; a running server's tools are fixed in its source files`);
  if (fix && stdin) throw new UsageError("--fix cannot write standard input back; use --fix-dry-run to print the fixes as a diff");
  if (fixDryRun && format !== "text" && format !== "json") {
    throw new UsageError(`--fix-dry-run prints a diff, which only the text and json formats carry; got --format ${format}`);
  }
}

/** --stdin and --stdin-filename, checked together. */
function stdinSource(stdin: boolean, named: string | undefined, paths: readonly string[]): StdinSource | null {
  if (!stdin) {
    if (named !== undefined) throw new UsageError("--stdin-filename is used only with --stdin");
    return null;
  }
  if (named === undefined || named === "") throw new UsageError("--stdin needs --stdin-filename NAME (the name gives the file's kind and, for an action file, the tool's name)");
  if (paths.length > 0) throw new UsageError(`--stdin lints standard input only; got the paths ${paths.map(inspectString).join(", ")} as well`);
  const kind = kindOf(named);
  if (kind === null) {
    throw new UsageError(`--stdin-filename must name an action file (.json, .json5) or a tool module (.js, .mjs, .cjs, .ts, .mts, .cts); got ${inspectString(named)}`);
  }
  return { filename: named, kind };
}

const SHORTCUT_SPECS = new Map(SPECS.filter(([, spec]) => spec.shortcut === true).map(([key, spec]) => [spec.flag, { key, spec }]));

/**
 * The start-up shortcut: the given flags of a command line made only of paths, the
 * `shortcut` flags of OPTIONS (a value as the next argument or after "="; a switch as
 * `--x` or `--no-x`) and "--" (after which every argument is a path); null for anything
 * else (help, version, explain, another spelling, an odd value), which yargs then parses.
 * Loading yargs and its help renderer is a large part of start-up (bench/README.md): the
 * usual calls skip it. test/cli/options.test.ts pins this to yargs' reading.
 */
export function shortcutOptions(argv: readonly string[]): { paths: string[]; given: GivenOptions } | null {
  const given: GivenOptions = {};
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      appendAll(paths, argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-")) {
      paths.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const negated = name.startsWith("no-") ? SHORTCUT_SPECS.get(name.slice(3)) : undefined;
    const found = SHORTCUT_SPECS.get(name) ?? negated;
    if (!arg.startsWith("--") || found === undefined) return null;
    if (found.spec.type === "boolean") {
      // yargs reads `--color false` and `--color=false` as values: leave those spellings to it.
      const next = argv[i + 1];
      if (eq >= 0 || next === "true" || next === "false") return null;
      given[found.key] = found !== negated;
    } else {
      const value = eq < 0 ? argv[++i] : arg.slice(eq + 1);
      if (negated !== undefined || value === undefined || value === "" || value.startsWith("-")) return null;
      given[found.key] = value;
    }
  }
  return { paths, given };
}

const BOOLEAN_FLAGS = new Set(SPECS.filter(([, spec]) => spec.type === "boolean").map(([, spec]) => spec.flag));

/**
 * Spellings yargs would accept with a surprising meaning, refused before either parser runs:
 * a lone "-" (yargs drops it), the positional's name as a flag (`--paths x`), and a value
 * after a negated switch (`--no-color=true`).
 */
function refuseQuirks(argv: readonly string[]): void {
  for (const arg of argv) {
    if (arg === "--") return;
    if (arg === "-") throw new UsageError(`"-" is not a path; to lint standard input use --stdin --stdin-filename NAME`);
    if (/^--(?:no-)?paths(?:=|$)/.test(arg)) throw new UsageError(`${escapeText(arg.split("=")[0] as string)} is not an option; name the paths without a flag`);
    const negated = /^--no-([^=]+)=/.exec(arg);
    if (negated && BOOLEAN_FLAGS.has(negated[1] as string)) {
      throw new UsageError(`--no-${negated[1]} takes no value; got ${inspectString(arg.slice(arg.indexOf("=") + 1))}`);
    }
  }
}

/** The command of a command line the shortcut reads, checked; null when yargs must read it. Throws UsageError. */
export function shortcutCommand(argv: readonly string[]): Command | null {
  refuseQuirks(argv);
  const shortcut = shortcutOptions(argv);
  return shortcut === null ? null : lintCommand(shortcut.paths, [], shortcut.given);
}

/** Parses and checks argv. Throws UsageError for any mistake in it. */
export async function parseCommand(argv: readonly string[]): Promise<Command> {
  return shortcutCommand(argv) ?? parseWithYargs(argv);
}

/** The one value of a flag; yargs gives the last of repeated flags, or an array for some forms. */
function last(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** parseCommand without its shortcut; exported for the test that pins the two together. */
export async function parseWithYargs(argv: readonly string[]): Promise<Command> {
  refuseQuirks(argv);
  const args = await (await parser(argv)).parseAsync();
  const given: GivenOptions = {};
  for (const [key, spec] of SPECS) {
    const value = spec.repeatable === true ? args[spec.flag] : last(args[spec.flag]);
    if (value !== undefined) given[key] = typeof value === "boolean" ? value : Array.isArray(value) ? value.map(String) : String(value);
  }
  if (OPTIONS.help.read(given.help)) return { kind: "help", text: await helpText() };
  if (OPTIONS.version.read(given.version)) return { kind: "version" };
  const code = OPTIONS.explain.read(given.explain);
  if (code !== undefined) return { kind: "explain", code };
  // Paths after "--" (say, a file named "-x.actions.json") arrive in `--`.
  const paths: unknown = args["paths"];
  const afterDashes = ((args["--"] as unknown[] | undefined) ?? []).map(String);
  return lintCommand([...(Array.isArray(paths) ? paths : paths === undefined ? [] : [paths]), ...args._].map(String), afterDashes, given);
}
