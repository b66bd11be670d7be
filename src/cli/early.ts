// The first thing bin/wymcp-lint.js runs, before it loads the rest of the CLI: when the
// command line is one the start-up shortcut reads and it names a tool module, the module
// process is started now, so that its start-up overlaps the loading of the linter as well.
// The bin hands the standby to run(argv, io, { standby }). A command line it cannot read, or
// a mistake in it, is left to run() to report.

import { ModuleStandby } from "../modules/standby.js";
import { shortcutCommand } from "./options/shortcut.js";
import { startStandbyFor } from "./standby.js";

export { stopModuleProcessesOnSignals } from "./signals.js";

/** A standby with its module process started when `argv` names a tool module; null when it names none. */
export function startEarly(argv: readonly string[]): ModuleStandby | null {
  let command: ReturnType<typeof shortcutCommand>;
  try {
    command = shortcutCommand(argv);
  } catch {
    return null;
  }
  if (command?.kind !== "lint") return null;
  const standby = new ModuleStandby();
  return startStandbyFor(command.options, standby) === null ? null : standby;
}
