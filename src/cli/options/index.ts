// The command line (README.md, "Usage"): argv → one of four commands, lint, help, version or
// explain, or a UsageError naming the flag and what was given. The common command lines
// are read by the start-up shortcut (shortcut.ts), every other one by yargs (yargs.ts);
// both are configured from one table of flags (table.ts) and give their values to the
// same checks (command.ts). Called by src/cli/run.ts; nothing here reads files or writes
// output.

import type { Command } from "./command.js";
import { shortcutCommand } from "./shortcut.js";
import { parseWithYargs } from "./yargs.js";

/** Parses and checks argv. Throws UsageError for any mistake in it. */
export async function parseCommand(argv: readonly string[]): Promise<Command> {
  return shortcutCommand(argv) ?? parseWithYargs(argv);
}
