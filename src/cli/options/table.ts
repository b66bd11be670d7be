// The command line's one table of flags (docs/cli.md): every flag is declared once, in
// OPTIONS, with its spelling, type, help text, default, and the reader that checks its value
// and converts it (a mistake is a UsageError naming the flag and what was given). The parser
// is configured from it (parse.ts), and --help lists it (help-text.ts); command.ts turns the
// values read into a Command.
//
// Adding a flag: add one entry to OPTIONS. Its checked value appears in LintOptions under
// the entry's key. The server flags (--server, --server-url, --header) combine into
// LintOptions.server (checkServer, src/server/target.ts); with --server, the arguments after
// "--" are the server's command.

import { closeMatch } from "../../core/close-match.js";
import { inspectString } from "../../text/escape.js";
import { DEFAULT_MAX_OFFENCES } from "../../core/report.js";
import { UsageError } from "../../usage-error.js";
import { DEFAULT_FORMAT, FORMAT_NAMES, isFormatName, type FormatName } from "../formatters/index.js";

const DEFAULT_LOAD_TIMEOUT_SECONDS = 10;
const DEFAULT_SERVER_TIMEOUT_SECONDS = 30;

/**
 * A flag's value as given: its text, true/false for a switch, every text of a repeatable
 * flag, undefined when absent and without default.
 */
export type Given = string | boolean | readonly string[] | undefined;

/** Everything about one flag. */
export interface OptionSpec<T = unknown> {
  /** The flag as typed, without its dashes: "max-offences". */
  readonly flag: string;
  /** A switch (`--x`, `--no-x`; it takes no value), or a flag taking a value that is text or a number (help shows which). */
  readonly type: "boolean" | "string" | "number";
  readonly describe: string;
  readonly alias?: string;
  /** The value when the flag is absent, as --help shows it. */
  readonly default?: string | number | boolean;
  /** Selects a command (help, version, explain) instead of being a lint option. */
  readonly command?: true;
  /** May be given more than once, each value kept (otherwise the last one counts). */
  readonly repeatable?: true;
  /** A flag taking a value that also has a `--no-` form, read as false (--no-config). */
  readonly negatable?: true;
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

function processId(given: Given): number {
  const value = String(given);
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new UsageError(`--clientProcessId must be a process id, a whole number above 0; got ${inspectString(value)}`);
  return Number(value);
}

// setTimeout's longest delay (2^31 - 1 ms); a longer one fires at once.
const MAX_SECONDS = Math.floor(0x7fffffff / 1000);

function positiveSecondsAsMs(flag: string): (given: Given) => number {
  return (given) => {
    const value = String(given);
    const seconds = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(value) ? Number(value) : NaN;
    if (!(seconds > 0 && seconds <= MAX_SECONDS)) {
      throw new UsageError(`--${flag} must be a number of seconds greater than 0 and at most ${MAX_SECONDS} (about 24 days), such as 30 or 2.5; got ${inspectString(value)}`);
    }
    return seconds * 1000;
  };
}

function formatName(given: Given): FormatName {
  const value = String(given);
  if (!isFormatName(value)) {
    const match = closeMatch(value, FORMAT_NAMES);
    throw new UsageError(`--format must be one of ${FORMAT_NAMES.join(", ")}; got ${inspectString(value)}${match === null ? "" : `; did you mean ${match}?`}`);
  }
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
/** --cache-strategy: content or metadata. */
function cacheStrategy(given: Given): "content" | "metadata" {
  const value = String(given);
  if (value !== "content" && value !== "metadata") throw new UsageError(`--cache-strategy must be content or metadata; got ${inspectString(value)}`);
  return value;
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
    describe: `Output format: ${FORMAT_NAMES.join(", ")} (json, sarif and github carry every offence)`,
    read: formatName,
  },
  maxOffences: {
    flag: "max-offences",
    type: "number",
    default: DEFAULT_MAX_OFFENCES,
    describe: "Offences shown per action in the text format, then a '… and K more offences' line (0 = all)",
    read: nonNegativeInteger("max-offences"),
  },
  maxWarnings: {
    flag: "max-warnings",
    type: "number",
    describe: "Fail the run (exit 1) when it finds more than N warnings; without it, warnings are shown and never fail it",
    read: (given: Given): number | null => (given === undefined ? null : nonNegativeInteger("max-warnings")(given)),
  },
  color: {
    flag: "color",
    type: "boolean",
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
    describe: "Seconds a tool module gets to load and return its actions before it is a load-error",
    read: positiveSecondsAsMs("load-timeout"),
  },
  elixirEval: {
    flag: "elixir-eval",
    type: "boolean",
    default: false,
    describe:
      "Evaluate Elixir tool modules with the project's own Elixir: mix compiles the project and RUNS its code to call name/0, description/0 and actions/0, whose real values are checked (docs/inputs.md, \"Evaluated by Elixir\"); the config's elixir.evaluate does the same",
    read: on,
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
    describe:
      "Apply the fixes that cannot change what was meant (rename a misspelt key, remove a repeated entry or a redundant group, move a description's extra lines to notes) in action files and in the literals of tool modules, atomically; then report what is left",
    read: on,
  },
  fixDryRun: {
    flag: "fix-dry-run",
    type: "boolean",
    default: false,
    describe: "Like --fix, but write nothing: print each file's changes as a unified diff (text: before the report; json: each file's \"diff\")",
    read: on,
  },
  cache: {
    flag: "cache",
    type: "boolean",
    default: false,
    describe: 'Keep each file\'s lint in a cache file and lint again only what changed since (docs/cli.md, "Cache" says what invalidates what)',
    read: on,
  },
  cacheLocation: {
    flag: "cache-location",
    type: "string",
    describe: "The cache file for --cache (default: .wymcp-lint-cache in the current directory; in a directory named, that name there)",
    read: (given: Given): string | null => fileName("cache-location", given) ?? null,
  },
  cacheStrategy: {
    flag: "cache-strategy",
    type: "string",
    default: "content",
    describe: "How --cache tells a file unchanged: content (its hash; hits on a fresh checkout) or metadata (its size and modification time; reads no file)",
    read: cacheStrategy,
  },
  watch: {
    flag: "watch",
    type: "boolean",
    default: false,
    describe: "Lint, then lint again on every change to a linted file, the config, an ignore file or the baseline, until Ctrl-C (json: one document a line per run)",
    read: on,
  },
  config: {
    flag: "config",
    type: "string",
    describe:
      'Read the config from FILE (JSON or JSON5) instead of searching for wymcp-lint.config.json, wymcp-lint.config.json5 or a "wymcp-lint" key in package.json from the current directory up to the repository root; --no-config reads none',
    negatable: true,
    read: configChoice,
  },
  baseline: {
    flag: "baseline",
    type: "string",
    describe:
      'The baseline file: offences recorded in it are not reported, only counted (default: the config\'s "baseline", else wymcp-lint-baseline.json beside the config or in the current directory); --no-baseline applies none',
    negatable: true,
    read: (given: Given): string | false | null => (given === false ? false : (fileName("baseline", given) ?? null)),
  },
  updateBaseline: {
    flag: "update-baseline",
    type: "boolean",
    default: false,
    describe: "Write every offence of this run to the baseline file (entries of files not linted are kept), then report against it",
    read: on,
  },
  updatePins: {
    flag: "update-pins",
    type: "boolean",
    default: false,
    describe:
      "Write the SHA-256 of every model-visible field of every tool linted (action and tools files, or the server) to wymcp-lint.pins.json; later runs report each change (docs/pins.md)",
    read: on,
  },
  printDeclaration: {
    flag: "print-declaration",
    type: "string",
    describe:
      'Print what was read from FILE (any kind the linter reads) as one JSON document: each tool\'s normalised declaration, where its values are, and its offences (docs/cli.md, "Print a declaration"); lints nothing else',
    read: (given: Given): string | null => fileName("print-declaration", given) ?? null,
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
  mcp: {
    flag: "mcp",
    type: "boolean",
    command: true,
    describe: "Serve the linter to coding agents: an MCP server on stdio, with lint, fix and explain actions (docs/mcp.md); takes only --load-timeout",
    read: on,
  },
  lsp: {
    flag: "lsp",
    type: "boolean",
    command: true,
    describe: "Run the language server on standard input and output, for editors (docs/editors.md); --load-timeout applies to the tool modules it lints",
    read: on,
  },
  stdio: {
    flag: "stdio",
    type: "boolean",
    command: true,
    describe: "With --lsp: talk over standard input and output (the only transport; editors' clients pass this flag)",
    read: on,
  },
  clientProcessId: {
    flag: "clientProcessId",
    type: "number",
    command: true,
    describe: "With --lsp: the editor's process; the server ends when it is gone (VS Code's client passes this flag)",
    read: processId,
  },
  help: { flag: "help", alias: "h", type: "boolean", command: true, describe: "Show this help and exit", read: on },
  version: { flag: "version", type: "boolean", command: true, describe: "Show the version and exit", read: on },
} as const satisfies Record<string, OptionSpec>;

type Options = typeof OPTIONS;
type Key = keyof Options;
/** The keys of the lint options: every entry that does not select a command. */
export type LintKey = { [K in Key]: Options[K] extends { readonly command: true } ? never : K }[Key];
/** The checked value of each lint option, keyed like OPTIONS. */
export type LintValues = { readonly [K in LintKey]: ReturnType<Options[K]["read"]> };
/** The given value of each flag (absent: its default), keyed like OPTIONS. */
export type GivenOptions = { [K in Key]?: Given };

/** Every entry of OPTIONS with its key, in table order. */
export const SPECS: readonly (readonly [Key, OptionSpec])[] = Object.entries(OPTIONS) as [Key, OptionSpec][];
