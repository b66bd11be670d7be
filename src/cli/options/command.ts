// From the values of a command line to its Command: each lint option checked by its reader
// in table order (table.ts), then the rules between flags (--stdin with --stdin-filename, the
// fix flags, files or standard input or a server). Every mistake is a UsageError. Called by
// parse.ts, which reads the flags; nothing here reads files or writes output.

import { inspectString } from "../../text/escape.js";
import { kindOf, NAMED_KINDS, type InputKindId } from "../../files/kind.js";
import { UsageError } from "../../usage-error.js";
import { checkServer, type ServerTarget } from "../../server/target.js";
import { OPTIONS, SPECS, type Given, type GivenOptions, type LintKey, type LintValues, type OptionSpec } from "./table.js";

/** Standard input as an action file or a tool module: the name standing for it (--stdin-filename, reported as its file) and the kind it gives. */
export interface StdinSource {
  readonly file: string;
  readonly kind: InputKindId;
}

/**
 * The checked lint options: one field per lint option of OPTIONS, except that --stdin and
 * --stdin-filename combine into `stdin` (null to lint paths), and --server, --server-url
 * and --header into `server` (null to lint files).
 */
export type LintOptions = Omit<LintValues, "stdin" | "stdinFilename" | "server" | "serverUrl" | "headers"> & {
  readonly paths: readonly string[];
  readonly stdin: StdinSource | null;
  readonly server: ServerTarget | null;
};

export type Command =
  | { readonly kind: "lint"; readonly options: LintOptions }
  | { readonly kind: "help"; readonly text: string }
  | { readonly kind: "version" }
  | { readonly kind: "explain"; readonly code: string }
  | { readonly kind: "lsp"; readonly loadTimeoutMs: number }
  | { readonly kind: "mcp"; readonly loadTimeoutMs: number };

const LINT_SPECS = SPECS.filter(([, spec]) => spec.command !== true) as readonly (readonly [LintKey, OptionSpec])[];

function givenOrDefault(spec: OptionSpec, given: Given): Given {
  if (given !== undefined || spec.default === undefined) return given;
  return typeof spec.default === "boolean" ? spec.default : String(spec.default);
}

/**
 * The lint command from the paths, the arguments after "--" and the given flags, each value
 * checked in table order. The arguments after "--" are the server's command with --server,
 * paths otherwise.
 */
export function lintCommand(named: readonly string[], afterDashes: readonly string[], given: GivenOptions): Command {
  const values = Object.fromEntries(LINT_SPECS.map(([key, spec]) => [key, spec.read(givenOrDefault(spec, given[key]))])) as unknown as LintValues;
  const { stdin: stdinGiven, stdinFilename, server: serverGiven, serverUrl, headers, ...rest } = values;
  const paths = serverGiven ? named : [...named, ...afterDashes];
  const server = checkServer({ server: serverGiven, command: serverGiven ? afterDashes : [], url: serverUrl, headers, paths });
  const stdin = stdinSource(stdinGiven, stdinFilename, paths);
  if (server !== null && stdin !== null) throw new UsageError("--stdin lints standard input, --server and --server-url a server: give one of them");
  checkFix(values, stdin !== null, server !== null);
  checkApplies(given, values, stdin !== null ? "stdin" : server !== null ? "server" : "files");
  if (values.printDeclaration !== null) checkPrintDeclaration(given, values, paths);
  return { kind: "lint", options: { ...rest, paths, stdin, server } };
}

/**
 * The arguments of a command that serves on stdio (--lsp, --mcp) checked: no paths, and of the
 * flags only the command's own and those it reads (`takes`); any other is refused by name,
 * never ignored, since nothing of it would apply.
 */
function checkServing(argv: readonly string[], command: string, takes: readonly OptionSpec[], about: string): void {
  const valued = new Set(takes.filter((spec) => spec.type !== "boolean").map((spec) => spec.flag));
  const flags = new Set([command, ...takes.map((spec) => spec.flag)]);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const flag = /^--([^=]+)/.exec(arg)?.[1];
    if (flag !== undefined && flags.has(flag)) {
      // A value in the next argument, unless it was given after "=".
      if (valued.has(flag) && !arg.includes("=")) i++;
      continue;
    }
    const names = takes.map((spec) => `--${spec.flag}`);
    const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
    throw new UsageError(`--${command} ${about} ${list}; got ${inspectString(arg)}`);
  }
}

/** The MCP server's command: --mcp serves on stdio, so it takes no paths and, of the lint options, only --load-timeout (its tool modules' load timeout); `argv` is the command line. */
export function mcpCommand(argv: readonly string[], given: GivenOptions): Command {
  checkServing(argv, OPTIONS.mcp.flag, [OPTIONS.loadTimeoutMs], "serves on stdio and takes no other argument than");
  return { kind: "mcp", loadTimeoutMs: OPTIONS.loadTimeoutMs.read(givenOrDefault(OPTIONS.loadTimeoutMs, given.loadTimeoutMs)) };
}

/**
 * The language server's command: --lsp lints the documents an editor opens, so it takes no
 * paths and, of the flags, only --load-timeout and what editors' clients pass: --stdio, and
 * --clientProcessId (the language server library ends the server when that process is gone).
 */
export function lspCommand(argv: readonly string[], given: GivenOptions): Command {
  checkServing(
    argv,
    OPTIONS.lsp.flag,
    [OPTIONS.stdio, OPTIONS.loadTimeoutMs, OPTIONS.clientProcessId],
    "lints the documents an editor opens: it takes no paths, and no other flag than",
  );
  if (given.clientProcessId !== undefined) OPTIONS.clientProcessId.read(given.clientProcessId);
  return { kind: "lsp", loadTimeoutMs: OPTIONS.loadTimeoutMs.read(givenOrDefault(OPTIONS.loadTimeoutMs, given.loadTimeoutMs)) };
}

/** --fix and --fix-dry-run, checked against each other and what they need. */
function checkFix({ fix, fixDryRun, format }: LintValues, stdin: boolean, server: boolean): void {
  if (fix && fixDryRun) throw new UsageError("--fix and --fix-dry-run exclude each other: --fix writes the fixes, --fix-dry-run only shows them");
  if ((fix || fixDryRun) && server) throw new UsageError(`${fix ? "--fix" : "--fix-dry-run"} changes files; a running server's tools are fixed in its source files`);
  if (fix && stdin) throw new UsageError("--fix cannot write standard input back; use --fix-dry-run to print the fixes as a diff");
  if (fixDryRun && format !== "text" && format !== "json") {
    throw new UsageError(`--fix-dry-run prints a diff, which only the text and json formats carry; got --format ${format}`);
  }
}

/** What a run lints: files found from paths, standard input, or a running server. */
type RunMode = "files" | "stdin" | "server";

const WHAT_IS_LINTED: Readonly<Record<RunMode, string>> = {
  files: "this run lints files",
  stdin: "this run lints standard input (--stdin)",
  server: "this run lints a running server",
};

/**
 * The one rule between flags (docs/cli.md): a flag given for something this run
 * does not have is a usage error naming why, never ignored. Display settings of the text
 * report (--color, --max-offences) are the exception: they change nothing a machine format
 * carries, and scripts pass them to every run.
 */
function checkApplies(given: GivenOptions, values: LintValues, mode: RunMode): void {
  const refuse = (flag: string, appliesTo: string): never => {
    throw new UsageError(`${flag} applies only to ${appliesTo}; ${WHAT_IS_LINTED[mode]}`);
  };
  if (mode !== "server" && given.serverTimeoutMs !== undefined) refuse("--server-timeout", "a running server (--server, --server-url)");
  if (mode === "server") {
    if (given.loadTimeoutMs !== undefined) refuse("--load-timeout", "tool modules, which a running server's lint never loads");
    if (values.baseline !== null || values.updateBaseline)
      refuse(values.updateBaseline ? "--update-baseline" : values.baseline === false ? "--no-baseline" : "--baseline", "files: a baseline is keyed by file");
  }
  if (mode === "stdin" && values.updatePins) refuse("--update-pins", "files and running servers: a pin is kept per file or server");
  if (mode !== "files") {
    if (!values.ignore) refuse("--no-ignore", "directory and glob searches");
    if (values.ignorePattern.length > 0) refuse("--ignore-pattern", "directory and glob searches");
    if (values.cache) refuse("--cache", "files: the cache keeps each file's lint");
    if (values.watch) refuse("--watch", "files: it lints them again when they change");
    if (values.elixirEval) refuse("--elixir-eval", "files: Elixir compiles the project's files on disk");
  }
  if (!values.cache) {
    if (given.cacheLocation !== undefined) throw new UsageError("--cache-location names the cache file of --cache; give --cache too");
    if (given.cacheStrategy !== undefined) throw new UsageError("--cache-strategy says how --cache tells a file unchanged; give --cache too");
  }
  if (values.updateBaseline && values.baseline === false) throw new UsageError("--update-baseline writes the baseline, which --no-baseline turns off: give one of them");
  if (values.updateBaseline && values.config === false && values.baseline === null) {
    throw new UsageError("--update-baseline with --no-config needs --baseline FILE: without a config there is no default baseline file");
  }
}

/**
 * --print-declaration FILE: it reads the one file it names and prints a document of its own,
 * so paths, a format and the flags that write or repeat (fixes, pins, baseline, cache, watch)
 * are refused by name; --stdin and a server are refused by checkApplies.
 */
function checkPrintDeclaration(given: GivenOptions, values: LintValues, paths: readonly string[]): void {
  const refuse = (what: string): never => {
    throw new UsageError(`--print-declaration prints what one file declares, as JSON, and lints nothing else: ${what}`);
  };
  if (paths.length > 0) refuse(`give the file to it alone; got the paths ${paths.map(inspectString).join(", ")} as well`);
  const file = values.printDeclaration as string;
  if (kindOf(file) === null) throw new UsageError(`--print-declaration must name ${NAMED_KINDS}; got ${inspectString(file)}`);
  if (given.format !== undefined) refuse("it takes no --format");
  const writers: readonly (readonly [boolean, string])[] = [
    [values.fix, "--fix"],
    [values.fixDryRun, "--fix-dry-run"],
    [values.updatePins, "--update-pins"],
    [values.updateBaseline, "--update-baseline"],
    [values.cache, "--cache"],
    [values.watch, "--watch"],
    [values.stdin, "--stdin"],
    [values.server || values.serverUrl !== undefined, values.server ? "--server" : "--server-url"],
  ];
  for (const [givenFlag, flag] of writers) if (givenFlag) refuse(`it takes no ${flag}`);
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
    throw new UsageError(`--stdin-filename must name ${NAMED_KINDS}; got ${inspectString(named)}`);
  }
  return { file: named, kind };
}

/** The command of a command line of paths and flags: a lint (--stdio and --clientProcessId only come with --lsp). */
export function pathsCommand(named: readonly string[], afterDashes: readonly string[], given: GivenOptions): Command {
  if (OPTIONS.stdio.read(given.stdio)) throw new UsageError("--stdio is used only with --lsp");
  if (given.clientProcessId !== undefined) throw new UsageError("--clientProcessId is used only with --lsp");
  return lintCommand(named, afterDashes, given);
}
