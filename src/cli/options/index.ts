// The command line (docs/cli.md): argv → one of its commands (lint, help, version,
// explain, the language server, the MCP server), or a UsageError naming the flag and what was
// given. One parser reads it (parse.ts: Node's util.parseArgs, configured from the one table of
// flags in table.ts) and gives its values to the checks (command.ts); --help's text is loaded
// only when asked for (help-text.ts). Called by src/cli/run.ts; nothing here reads files or
// writes output.

import type { Command } from "./command.js";
import { readCommand } from "./parse.js";

/** Parses and checks argv. Throws UsageError for any mistake in it. */
export async function parseCommand(argv: readonly string[]): Promise<Command> {
  const command = readCommand(argv);
  if (command.kind !== "help") return command;
  const { helpText } = await import("./help-text.js");
  return { kind: "help", text: helpText() };
}
