// The full parser: yargs, configured from the table (table.ts) and strict, so an unknown
// flag is a usage error; it reads every command line the start-up shortcut leaves (help,
// version, explain, any other spelling) and renders --help. Loaded lazily: the shortcut's
// command lines never load yargs. yargs is imported only here.

import { escapeText } from "../../text/escape.js";
import { UsageError } from "../../usage-error.js";
import { mcpCommand, pathsCommand, refuseQuirks, type Command } from "./command.js";
import { DESCRIPTION, EXAMPLES, EXIT_CODES } from "./help-text.js";
import { OPTIONS, SPECS, type GivenOptions, type OptionSpec } from "./table.js";

/**
 * The yargs option for a spec. Values reach yargs as text (read() checks them), whatever the
 * type. The default is only shown: lintCommand applies it, so a flag yargs reports was given.
 */
function yargsOption(spec: OptionSpec) {
  const shown = spec.default === undefined ? {} : { defaultDescription: String(spec.default) };
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

/** The one value of a flag; yargs gives the last of repeated flags, or an array for some forms. */
function last(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** The command of any command line, as yargs reads it: parseCommand without its shortcut (test/cli/options.test.ts pins the two together). */
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
  if (OPTIONS.mcp.read(given.mcp)) return mcpCommand(argv, given);
  // Paths after "--" (say, a file named "-x.actions.json") arrive in `--`.
  const paths: unknown = args["paths"];
  const named = [...(Array.isArray(paths) ? paths : paths === undefined ? [] : [paths]), ...args._].map(String);
  const afterDashes = ((args["--"] as unknown[] | undefined) ?? []).map(String);
  return pathsCommand(named, afterDashes, given);
}
