// The first thing bin/wymcp-lint.js runs, before it loads the rest of the CLI: when the
// command line is one the start-up shortcut reads and it names a tool module, the module
// process is started now, so that its start-up overlaps the loading of the linter as well.
// A command line it cannot read, or a mistake in it, is left to run() to report.

import type { ChildProcess } from "node:child_process";
import { shortcutCommand } from "./options/shortcut.js";
import { startStandbyFor } from "./standby.js";

/** Starts the standby module process when `argv` names a tool module; returns the process started, if any. */
export function startEarly(argv: readonly string[]): ChildProcess | null {
  let command: ReturnType<typeof shortcutCommand>;
  try {
    command = shortcutCommand(argv);
  } catch {
    return null;
  }
  return command?.kind === "lint" ? startStandbyFor(command.options) : null;
}
