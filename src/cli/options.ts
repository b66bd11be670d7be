// The command line (SPEC section 7): parses argv with yargs (strict: an unknown flag is a
// usage error), checks every value, and returns one of four commands: lint, help, version
// or explain. Every mistake becomes a UsageError naming the flag and what was given.
// yargs is imported only for a flag the common calls do not use (see simpleOptions).
// Called by run.ts only; nothing here reads files or writes output.

import { readFileSync } from "node:fs";
import { escapeText, inspectString } from "../core/escape.js";
import { DEFAULT_MAX_OFFENCES } from "../core/report.js";
import { kindOf } from "../lint/discover.js";
import { UsageError } from "../lint/usage-error.js";
import { DEFAULT_FORMAT, FORMAT_NAMES, isFormatName, type FormatName } from "./formatters/index.js";

export const DEFAULT_LOAD_TIMEOUT_SECONDS = 10;

export interface LintOptions {
  readonly paths: readonly string[];
  readonly format: FormatName;
  /** Offences shown per action in text (0 = all). */
  readonly maxOffences: number;
  /** --max-warnings: more warnings than this fail the run; null when not given (warnings never fail it). */
  readonly maxWarnings: number | null;
  /** --color / --no-color when given; the environment and the terminal decide otherwise. */
  readonly color: boolean | undefined;
  /** --stdin: the name standing for standard input and the kind it gives; null to lint paths. */
  readonly stdin: { readonly filename: string; readonly kind: "json" | "json5" } | null;
  readonly loadTimeoutMs: number;
  /** --config FILE: that file; --no-config: false (no config at all); null: search for one (src/config/find.ts). */
  readonly config: string | false | null;
  /** --baseline FILE: the baseline file; null: the config's, else wymcp-lint-baseline.json. */
  readonly baseline: string | null;
  /** --update-baseline: write the run's offences to the baseline file. */
  readonly updateBaseline: boolean;
}

export type Command =
  | { readonly kind: "lint"; readonly options: LintOptions }
  | { readonly kind: "help"; readonly text: string }
  | { readonly kind: "version" }
  | { readonly kind: "explain"; readonly code: string };

/** wymcp-lint's own version, from its package.json. */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: unknown };
  return typeof manifest.version === "string" ? manifest.version : "unknown";
}

const DESCRIPTION = `Lint the tool declarations of action-dispatched MCP servers: action files (*.actions.json, *.actions.json5) and tool modules (*.tool.{js,mjs,cjs,ts,mts,cts}). Every offence is reported at once, with its place and a fix.

A directory is searched recursively (node_modules and dot-folders skipped); a file is linted whatever its name (.json and .json5 are action files, .js .mjs .cjs .ts .mts .cts tool modules); a glob is expanded (quote it). No path means the current directory.`;

const EXIT_CODES = `Exit codes:
  0  nothing found
  1  at least one error (files that cannot be parsed or loaded count), or more warnings than --max-warnings
  2  usage error (bad flag, nothing to lint, unsupported file kind) or internal failure

Environment:
  NO_COLOR, FORCE_COLOR  turn colour off / on (see --color)
  WYMCP_LINT_WORKERS=N   worker threads for large runs of action files (0: none; default: by size)
  WYMCP_LINT_DEBUG=1     print the stack trace of an internal error`;

async function parser(argv: readonly string[]) {
  const { default: yargs } = await import("yargs");
  return yargs([...argv])
    .scriptName("wymcp-lint")
    // Our own --help and --version (before the options that define them): run() prints
    // them through io, and yargs never writes to the console or exits.
    .help(false)
    .version(false)
    .command("$0 [paths..]", DESCRIPTION, (y) =>
      y.positional("paths", { type: "string", array: true, describe: "Directories, files or globs to lint (default: the current directory)" }),
    )
    .option("format", {
      type: "string",
      requiresArg: true,
      default: DEFAULT_FORMAT,
      describe: `Output format: ${FORMAT_NAMES.join(", ")} (json, sarif and github carry every offence)`,
    })
    .option("max-offences", {
      type: "string",
      requiresArg: true,
      default: String(DEFAULT_MAX_OFFENCES),
      defaultDescription: String(DEFAULT_MAX_OFFENCES),
      describe: "Offences shown per action in the text format, then a '… and K more offences' line (0 = all)",
    })
    .option("max-warnings", {
      type: "string",
      requiresArg: true,
      describe: "Fail the run (exit 1) when it finds more than N warnings; without it, warnings are shown and never fail it",
    })
    .option("color", { type: "boolean", describe: "Colour the text report (default: on a terminal only; NO_COLOR and FORCE_COLOR are respected); --no-color turns it off" })
    .option("stdin", { type: "boolean", default: false, describe: "Lint one action file read from standard input (needs --stdin-filename)" })
    .option("stdin-filename", { type: "string", requiresArg: true, describe: "The name of the file read with --stdin: it gives the tool's name and whether it is JSON or JSON5" })
    .option("load-timeout", {
      type: "string",
      requiresArg: true,
      default: String(DEFAULT_LOAD_TIMEOUT_SECONDS),
      defaultDescription: String(DEFAULT_LOAD_TIMEOUT_SECONDS),
      describe: "Seconds a tool module gets to load and return its actions before it is a load-error",
    })
    .option("config", {
      type: "string",
      requiresArg: true,
      describe:
        "Read the config from FILE (JSON or JSON5) instead of searching for wymcp-lint.config.json, wymcp-lint.config.json5 or a \"wymcp-lint\" key in package.json from the current directory up to the repository root; --no-config reads none",
    })
    .option("baseline", {
      type: "string",
      requiresArg: true,
      describe: "The baseline file: offences recorded in it are not reported, only counted (default: the config's \"baseline\", else wymcp-lint-baseline.json beside the config or in the current directory)",
    })
    .option("update-baseline", { type: "boolean", default: false, describe: "Write every offence of this run to the baseline file (entries of files not linted are kept), then report against it" })
    .option("explain", { type: "string", requiresArg: true, describe: "Explain an offence code (meaning, reason, fix) and exit" })
    .option("help", { alias: "h", type: "boolean", describe: "Show this help and exit" })
    .option("version", { type: "boolean", describe: "Show the version and exit" })
    .example([
      ["$0", "lint every action file and tool module under the current directory"],
      ["$0 ./tools src/search.tool.ts", "lint a directory and one module"],
      ["$0 'servers/*/tools'", "lint the directories a glob matches"],
      ["$0 --format sarif > wymcp.sarif", "write SARIF for GitHub code scanning"],
      ["$0 --format github", "annotate a GitHub Actions run"],
      ["$0 --max-offences 0 --no-color", "show every offence, uncoloured"],
      ["$0 --max-warnings 0", "fail on warnings too"],
      ["$0 --stdin --stdin-filename t.actions.json", "lint an editor buffer piped to stdin"],
      ["$0 --load-timeout 30 ./tools", "give slow tool modules 30 seconds"],
      ["$0 --explain superset-group", "explain an offence code"],
      ["$0 --update-baseline", "accept today's offences: later runs report only new ones"],
      ["$0 --no-config ./tools", "lint with every code at its default severity"],
    ])
    .epilogue(EXIT_CODES)
    .strict()
    // Numbers stay text (a path "123", a value checked below); a repeated flag keeps its
    // last value (single() below): "duplicate-arguments-array" would also collapse paths.
    .parserConfiguration({
      "parse-numbers": false,
      "parse-positional-numbers": false,
      "dot-notation": false,
    })
    .exitProcess(false)
    .wrap(100)
    .fail((message: string | null, error: Error | undefined) => {
      // yargs quotes the user's own text ("Unknown argument: …"): escape it like all output.
      throw new UsageError(escapeText(message ?? error?.message ?? "invalid arguments"));
    });
}

/** The help text: usage, every option, examples and the exit codes. */
export async function helpText(): Promise<string> {
  return (await parser([])).getHelp();
}

function nonNegativeInteger(flag: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} must be a whole number of 0 or more; got ${inspectString(value)}`);
  return Math.min(Number(value), Number.MAX_SAFE_INTEGER);
}

function positiveSeconds(flag: string, value: string): number {
  const seconds = /^(?:\d+(?:\.\d*)?|\.\d+)$/.test(value) ? Number(value) : NaN;
  if (!(seconds > 0)) throw new UsageError(`${flag} must be a number of seconds greater than 0; got ${inspectString(value)}`);
  return seconds * 1000;
}

/** The one value of a flag; yargs gives the last of repeated flags, or an array for some forms. */
function single(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function text(value: unknown): string {
  return String(single(value));
}

/** The lint options as given on the command line, before they are checked. */
interface GivenOptions {
  readonly paths: readonly string[];
  readonly format: string;
  readonly maxOffences: string;
  readonly maxWarnings: string | undefined;
  readonly loadTimeout: string;
  readonly color: boolean | undefined;
  readonly stdin: boolean;
  readonly stdinFilename: string | undefined;
  readonly config: string | false | undefined;
  readonly baseline: string | undefined;
  readonly updateBaseline: boolean;
}

const DEFAULTS: GivenOptions = {
  paths: [],
  format: DEFAULT_FORMAT,
  maxOffences: String(DEFAULT_MAX_OFFENCES),
  maxWarnings: undefined,
  loadTimeout: String(DEFAULT_LOAD_TIMEOUT_SECONDS),
  color: undefined,
  stdin: false,
  stdinFilename: undefined,
  config: undefined,
  baseline: undefined,
  updateBaseline: false,
};

// The flags the common calls use (a pre-commit hook, CI, the benchmark), read without yargs.
const VALUE_FLAGS: Readonly<Record<string, "format" | "maxOffences" | "maxWarnings" | "loadTimeout">> = {
  "--format": "format",
  "--max-offences": "maxOffences",
  "--max-warnings": "maxWarnings",
  "--load-timeout": "loadTimeout",
};

/**
 * The options of a command line made only of paths, `--format`, `--max-offences`,
 * `--max-warnings` and `--load-timeout` (each with a value as the next argument or after "="), `--color`,
 * `--no-color` and "--" (after which every argument is a path); null for anything else
 * (help, version, explain, stdin, another spelling, an odd value), which yargs then parses.
 * Loading yargs and its help renderer costs ~70 ms of start-up: the usual calls skip it. A
 * test pins this to yargs' own reading of the same command lines.
 */
function simpleOptions(argv: readonly string[]): GivenOptions | null {
  const given: { -readonly [K in keyof GivenOptions]: GivenOptions[K] } = { ...DEFAULTS, paths: [] };
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      paths.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-")) {
      paths.push(arg);
    } else if (arg === "--color" || arg === "--no-color") {
      // yargs reads `--color false` as a value: leave that spelling to it.
      const next = argv[i + 1];
      if (next === "true" || next === "false") return null;
      given.color = arg === "--color";
    } else {
      const eq = arg.indexOf("=");
      const key = VALUE_FLAGS[eq < 0 ? arg : arg.slice(0, eq)];
      const value = eq < 0 ? argv[++i] : arg.slice(eq + 1);
      if (key === undefined || value === undefined || value === "" || value.startsWith("-")) return null;
      given[key] = value;
    }
  }
  given.paths = paths;
  return given;
}

/** Parses and checks argv. Throws UsageError for any mistake in it. */
export async function parseCommand(argv: readonly string[]): Promise<Command> {
  const simple = simpleOptions(argv);
  return simple === null ? parseWithYargs(argv) : checkLint(simple);
}

/** parseCommand without its shortcut; exported for the test that pins the two together. */
export async function parseWithYargs(argv: readonly string[]): Promise<Command> {
  const args = await (await parser(argv)).parseAsync();
  if (single(args.help) === true) return { kind: "help", text: await helpText() };
  if (single(args.version) === true) return { kind: "version" };
  if (args.explain !== undefined) return { kind: "explain", code: text(args.explain) };
  // Paths after "--" (say, a file named "-x.actions.json") arrive in `_`.
  const paths: unknown = args["paths"];
  return checkLint({
    paths: [...(Array.isArray(paths) ? paths : paths === undefined ? [] : [paths]), ...args._].map(String),
    format: text(args.format),
    maxOffences: text(args["max-offences"]),
    maxWarnings: args["max-warnings"] === undefined ? undefined : text(args["max-warnings"]),
    loadTimeout: text(args["load-timeout"]),
    color: single(args.color) as boolean | undefined,
    stdin: single(args.stdin) === true,
    stdinFilename: args["stdin-filename"] === undefined ? undefined : text(args["stdin-filename"]),
    config: args.config === undefined ? undefined : single(args.config) === false ? false : text(args.config),
    baseline: args.baseline === undefined ? undefined : text(args.baseline),
    updateBaseline: single(args["update-baseline"]) === true,
  });
}

/** The lint command from the given options, each value checked. */
function checkLint(given: GivenOptions): Command {
  const { paths, format, color } = given;
  if (!isFormatName(format)) throw new UsageError(`--format must be one of ${FORMAT_NAMES.join(", ")}; got ${inspectString(format)}`);
  const maxOffences = nonNegativeInteger("--max-offences", given.maxOffences);
  const maxWarnings = given.maxWarnings === undefined ? null : nonNegativeInteger("--max-warnings", given.maxWarnings);
  const loadTimeoutMs = positiveSeconds("--load-timeout", given.loadTimeout);

  let stdin: LintOptions["stdin"] = null;
  const named = given.stdinFilename;
  if (given.stdin) {
    if (named === undefined || named === "") throw new UsageError("--stdin needs --stdin-filename NAME (the name gives the tool's name and whether it is JSON or JSON5)");
    if (paths.length > 0) throw new UsageError(`--stdin lints standard input only; got the paths ${paths.map(inspectString).join(", ")} as well`);
    const kind = kindOf(named);
    if (kind !== "json" && kind !== "json5") {
      throw new UsageError(`--stdin-filename must name a .json or .json5 action file (a tool module cannot be read from stdin); got ${inspectString(named)}`);
    }
    stdin = { filename: named, kind };
  } else if (named !== undefined) {
    throw new UsageError("--stdin-filename is used only with --stdin");
  }

  for (const [flag, value] of [["--config", given.config], ["--baseline", given.baseline]] as const) {
    if (value === "") throw new UsageError(`${flag} needs a file name; got ""`);
  }
  const config = given.config ?? null;
  const baseline = given.baseline ?? null;
  return { kind: "lint", options: { paths, format, maxOffences, maxWarnings, color, stdin, loadTimeoutMs, config, baseline, updateBaseline: given.updateBaseline } };
}
