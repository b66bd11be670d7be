// The first thing bin/wymcp-lint.js runs, before it loads the rest of the CLI: when the
// command line (read by options/parse.ts, which loads little) names a tool module, the module
// process is started now, so that its start-up overlaps the loading of the linter as well.
// The bin hands the standby to run() (RunContext). A command line it cannot read, or
// a mistake in it, is left to run() to report.

import { ModuleStandby } from "../modules/standby.js";
import { readCommand } from "./options/parse.js";
import { startStandbyFor } from "./standby.js";

export { stopModuleProcessesOnSignals } from "./signals.js";

/**
 * The language server's load timeout when `argv` is its command line (`--lsp --stdio`), so that bin/wymcp-lint.js starts the server without loading the rest of
 * the CLI (docs/editors.md); null for any other command line, which run() reads.
 */
export function languageServerCommand(argv: readonly string[]): { readonly loadTimeoutMs: number } | null {
  try {
    const command = readCommand(argv);
    return command.kind === "lsp" ? command : null;
  } catch {
    return null;
  }
}

/** A standby with its module process started when `argv` names a tool module; null when it names none. */
export function startEarly(argv: readonly string[]): ModuleStandby | null {
  let command: ReturnType<typeof readCommand>;
  try {
    command = readCommand(argv);
  } catch {
    return null;
  }
  if (command.kind !== "lint") return null;
  const standby = new ModuleStandby();
  return startStandbyFor(command.options, standby, process.cwd()) === null ? null : standby;
}
