// From the values of a command line to its Command, whichever parser read them: each lint
// option checked by its reader in table order (table.ts), then the rules between flags
// (--stdin with --stdin-filename, the fix flags, files or standard input or a server), and
// refuseQuirks for spellings that neither parser should read. Every mistake is a UsageError.
// Called by shortcut.ts and yargs.ts; nothing here reads files or writes output.

import { escapeText, inspectString } from "../../text/escape.js";
import { kindOf, type FileKind } from "../../files/kind.js";
import { UsageError } from "../../usage-error.js";
import { checkServer, type ServerTarget } from "../../server/target.js";
import { SPECS, type Given, type GivenOptions, type LintKey, type LintValues, type OptionSpec } from "./table.js";

/** Standard input as an action file or a tool module: the name standing for it (--stdin-filename, reported as its file) and the kind it gives. */
export interface StdinSource {
  readonly file: string;
  readonly kind: FileKind;
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
  | { readonly kind: "explain"; readonly code: string };

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
  return { kind: "lint", options: { ...rest, paths, stdin, server } };
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
  return { file: named, kind };
}

const BOOLEAN_FLAGS = new Set(SPECS.filter(([, spec]) => spec.type === "boolean").map(([, spec]) => spec.flag));

/**
 * Spellings yargs would accept with a surprising meaning, refused before either parser runs:
 * a lone "-" (yargs drops it), the positional's name as a flag (`--paths x`), and a value
 * after a negated switch (`--no-color=true`).
 */
export function refuseQuirks(argv: readonly string[]): void {
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
