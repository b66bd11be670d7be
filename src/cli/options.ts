// The command line (SPEC section 7): parses argv with yargs (strict: an unknown flag is a
// usage error), checks every value, and returns one of four commands: lint, help, version
// or explain. Every mistake becomes a UsageError naming the flag and what was given.
// yargs is imported only when a flag is given (see parseCommand).
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
  /** --color / --no-color when given; the environment and the terminal decide otherwise. */
  readonly color: boolean | undefined;
  /** --stdin: the name standing for standard input and the kind it gives; null to lint paths. */
  readonly stdin: { readonly filename: string; readonly kind: "json" | "json5" } | null;
  readonly loadTimeoutMs: number;
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
  1  at least one offence (files that cannot be parsed or loaded count)
  2  usage error (bad flag, nothing to lint, unsupported file kind) or internal failure`;

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
      ["$0 --stdin --stdin-filename t.actions.json", "lint an editor buffer piped to stdin"],
      ["$0 --load-timeout 30 ./tools", "give slow tool modules 30 seconds"],
      ["$0 --explain superset-group", "explain an offence code"],
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

/** The options when no flag is given: every argument is a path. */
function defaults(paths: readonly string[]): LintOptions {
  return {
    paths,
    format: DEFAULT_FORMAT,
    maxOffences: DEFAULT_MAX_OFFENCES,
    color: undefined,
    stdin: null,
    loadTimeoutMs: DEFAULT_LOAD_TIMEOUT_SECONDS * 1000,
  };
}

/** Parses and checks argv. Throws UsageError for any mistake in it. */
export async function parseCommand(argv: readonly string[]): Promise<Command> {
  // With no flag at all every argument is a path, which is what yargs would say too (a
  // test pins that); loading yargs and its help renderer costs ~70 ms of start-up, paid
  // only when a flag is given. The usual `wymcp-lint ./tools` and pre-commit calls skip it.
  if (argv.every((arg) => !arg.startsWith("-"))) return { kind: "lint", options: defaults([...argv]) };
  return parseWithYargs(argv);
}

/** parseCommand without its shortcut; exported for the test that pins the two together. */
export async function parseWithYargs(argv: readonly string[]): Promise<Command> {
  const args = await (await parser(argv)).parseAsync();
  if (single(args.help) === true) return { kind: "help", text: await helpText() };
  if (single(args.version) === true) return { kind: "version" };
  if (args.explain !== undefined) return { kind: "explain", code: text(args.explain) };

  const format = text(args.format);
  if (!isFormatName(format)) throw new UsageError(`--format must be one of ${FORMAT_NAMES.join(", ")}; got ${inspectString(format)}`);
  const maxOffences = nonNegativeInteger("--max-offences", text(args["max-offences"]));
  const loadTimeoutMs = positiveSeconds("--load-timeout", text(args["load-timeout"]));
  const color = single(args.color) as boolean | undefined;
  // Paths after "--" (say, a file named "-x.actions.json") arrive in `_`.
  const given: unknown = args["paths"];
  const paths = [...(Array.isArray(given) ? given : given === undefined ? [] : [given]), ...args._].map(String);

  let stdin: LintOptions["stdin"] = null;
  const named = args["stdin-filename"] === undefined ? undefined : text(args["stdin-filename"]);
  if (single(args.stdin) === true) {
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

  return { kind: "lint", options: { paths, format, maxOffences, color, stdin, loadTimeoutMs } };
}
