// The command line's one parser: Node's util.parseArgs, configured from the table of flags
// (table.ts: each flag, its short alias, and a `--no-` form for a switch or a negatable flag),
// reads argv into tokens; each token is then checked here as parseArgs' strict mode would,
// but with our messages: an unknown flag named with its close match, a missing value named,
// a value given to a switch. (Strict mode itself would throw errors that name the flag only
// in their prose, and refuse a value such as "-1" that the flag's own check should name.)
// The values go to command.ts. Kept cheap to load: src/cli/early.ts reads the command line
// with it before the rest of the CLI loads, so --help's text is index.ts's to load.

import { parseArgs } from "node:util";
import { closeMatch } from "../../core/close-match.js";
import { escapeText, inspectString } from "../../text/escape.js";
import { UsageError } from "../../usage-error.js";
import { lspCommand, mcpCommand, pathsCommand, type Command } from "./command.js";
import { OPTIONS, SPECS, type GivenOptions, type OptionSpec } from "./table.js";

/** A command as the parser reads it: --help is asked for, its text made by index.ts. */
export type ReadCommand = Exclude<Command, { readonly kind: "help" }> | { readonly kind: "help" };

type Key = (typeof SPECS)[number][0];

/** Each spelling after "--" → its entry of the table, and whether it is the `--no-` form (parseArgs names a short alias by its flag). */
const SPELLINGS = new Map<string, { readonly key: Key; readonly spec: OptionSpec; readonly negated: boolean }>();
for (const [key, spec] of SPECS) {
  SPELLINGS.set(spec.flag, { key, spec, negated: false });
  if (spec.type === "boolean" || spec.negatable === true) SPELLINGS.set(`no-${spec.flag}`, { key, spec, negated: true });
}

/** The table as parseArgs' options: a value as text (read() checks it), every occurrence kept (the tokens say their order). */
const PARSE_OPTIONS = Object.fromEntries(
  [...SPELLINGS].map(([name, { spec, negated }]) => [
    name,
    {
      type: negated || spec.type === "boolean" ? ("boolean" as const) : ("string" as const),
      multiple: true,
      ...(negated || spec.alias === undefined ? {} : { short: spec.alias }),
    },
  ]),
);
const FLAGS = SPECS.map(([, spec]) => spec.flag);

/** The flag as the user typed it, escaped for the message. */
const shown = (rawName: string): string => escapeText(rawName);

function unknownOption(rawName: string, name: string): UsageError {
  const withoutNo = name.startsWith("no-") ? SPELLINGS.get(name.slice(3)) : undefined;
  if (withoutNo !== undefined && !withoutNo.negated) return new UsageError(`${shown(rawName)} is not an option: --${withoutNo.spec.flag} takes a value and has no --no- form`);
  if (/^(?:no-)?paths$/.test(name)) return new UsageError(`${shown(rawName)} is not an option; name the paths without a flag`);
  const match = closeMatch(name, FLAGS);
  return new UsageError(`unknown option ${shown(rawName)}${match === null ? "" : `; did you mean --${match}?`}`);
}

// A value taken from the next argument that looks like an option is taken for a missing
// value; a negative number ("-1") is a value, for its flag's check to name.
const LOOKS_LIKE_AN_OPTION = /^-[^\d.]/;

/** The paths, the arguments after "--" and the given flags of `argv`, every spelling checked. Throws UsageError. */
export function readArguments(argv: readonly string[]): { named: string[]; afterDashes: string[]; given: GivenOptions } {
  const { tokens } = parseArgs({ args: [...argv], options: PARSE_OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const named: string[] = [];
  const afterDashes: string[] = [];
  const given: Record<string, string | boolean | string[]> = {};
  /** For a negatable flag: whether it was last given in its `--no-` form. */
  const negations = new Map<Key, boolean>();
  let ended = false;
  for (const token of tokens) {
    if (token.kind === "option-terminator") {
      ended = true;
    } else if (token.kind === "positional") {
      if (ended) afterDashes.push(token.value);
      else if (token.value === "-") throw new UsageError(`"-" is not a path; to lint standard input use --stdin --stdin-filename NAME`);
      else named.push(token.value);
    } else {
      const spelling = SPELLINGS.get(token.name);
      if (spelling === undefined) throw unknownOption(token.rawName, token.name);
      const { key, spec, negated } = spelling;
      const takesValue = !negated && spec.type !== "boolean";
      if (!takesValue) {
        if (token.inlineValue === true) throw new UsageError(`${shown(token.rawName)} takes no value; got ${inspectString(token.value ?? "")}`);
        given[key] = !negated;
      } else {
        const value = token.value;
        if (value === undefined) throw new UsageError(`${shown(token.rawName)} needs a value`);
        if (token.inlineValue !== true && LOOKS_LIKE_AN_OPTION.test(value)) {
          throw new UsageError(
            `${shown(token.rawName)} needs a value; ${inspectString(value)} is taken for an option (write ${shown(token.rawName)}=${escapeText(value)} to give it)`,
          );
        }
        const earlier = given[key];
        given[key] = spec.repeatable === true ? [...(Array.isArray(earlier) ? earlier : []), value] : value;
      }
      if (spec.negatable === true) {
        if (negations.get(key) === !negated) throw new UsageError(`--no-${spec.flag} and --${spec.flag} FILE say opposite things: give one of them`);
        negations.set(key, negated);
      }
    }
  }
  return { named, afterDashes, given: given as GivenOptions };
}

/** The command of `argv`, checked. Throws UsageError for any mistake in it. */
export function readCommand(argv: readonly string[]): ReadCommand {
  const { named, afterDashes, given } = readArguments(argv);
  if (OPTIONS.help.read(given.help)) return { kind: "help" };
  if (OPTIONS.version.read(given.version)) return { kind: "version" };
  const code = OPTIONS.explain.read(given.explain);
  if (code !== undefined) return { kind: "explain", code };
  if (OPTIONS.mcp.read(given.mcp)) return mcpCommand(argv, given);
  if (OPTIONS.lsp.read(given.lsp)) return lspCommand(argv, given);
  return pathsCommand(named, afterDashes, given);
}
