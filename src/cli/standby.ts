// Which module process to start before the config is read and the files are found: one,
// when the command line names a tool module (a pre-commit hook's file list, an editor's
// --stdin), so that its start-up overlaps ours (src/modules/standby.ts). A directory may hold
// no module, so naming one starts nothing. Called by run.ts, and by early.ts sooner still.

import type { ChildProcess } from "node:child_process";
import { kindOf } from "../files/kind.js";
import { TYPESCRIPT } from "../modules/module-format.js";
import { DEFAULT_MEMORY_LIMIT_MB } from "../modules/spawn.js";
import type { ModuleStandby } from "../modules/standby.js";
import type { LintOptions } from "./options/command.js";

/** Starts `standby`'s process when these options name a tool module (and none waits); returns the process started, if any. */
export function startStandbyFor(options: LintOptions, standby: ModuleStandby): ChildProcess | null {
  if (options.server !== null) return null;
  const named = options.stdin !== null ? (options.stdin.kind === "module" ? [options.stdin.file] : []) : options.paths.filter((path) => kindOf(path) === "module");
  if (named.length === 0) return null;
  return standby.start({ memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB, typescript: named.some((path) => TYPESCRIPT.test(path)) });
}
