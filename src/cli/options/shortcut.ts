// The start-up shortcut: the common command lines (a hook's or CI's: paths and the
// `shortcut` flags of OPTIONS; an editor's `--lsp --stdio`) read without loading yargs, whose loading and help renderer
// are a large part of start-up (bench/README.md). Anything else is left to yargs.ts. Kept
// cheap to load: src/cli/early.ts reads the command line with it before the rest of the CLI
// loads, so it must not import yargs or the help text. test/cli/options.test.ts pins this
// to yargs' reading.

import { appendAll } from "../../core/append.js";
import { pathsCommand, refuseQuirks, type Command } from "./command.js";
import { SPECS, type GivenOptions } from "./table.js";

const SHORTCUT_SPECS = new Map(SPECS.filter(([, spec]) => spec.shortcut === true).map(([key, spec]) => [spec.flag, { key, spec }]));

/**
 * The given flags of a command line made only of paths, the `shortcut` flags of OPTIONS (a
 * value as the next argument or after "="; a switch as `--x` or `--no-x`) and "--" (after
 * which every argument is a path); null for anything else (help, version, explain, another
 * spelling, an odd value), which yargs then parses.
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

/** The command of a command line the shortcut reads, checked; null when yargs must read it. Throws UsageError. */
export function shortcutCommand(argv: readonly string[]): Command | null {
  refuseQuirks(argv);
  const shortcut = shortcutOptions(argv);
  return shortcut === null ? null : pathsCommand(shortcut.paths, [], shortcut.given);
}
