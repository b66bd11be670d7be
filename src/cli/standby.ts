// Which module process to start before the config is read and the files are found: one,
// when the command line names a tool module (a pre-commit hook's file list, an editor's
// --stdin), or names a directory (or none: the current one) whose first few hundred entries
// show a tool module's name, so that its start-up overlaps ours (src/modules/standby.ts).
// The look skips node_modules and dot-folders as a search does, but not what the ignore
// rules skip (they are not read yet): a module found there costs a process started and
// stopped, never a result. A run with --cache looks at no directory: its modules are likely
// kept, and a warm run starts no module process. Called by run.ts, and by early.ts sooner still.

import type { ChildProcess } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { kindOf, runsCode, searchedKind } from "../files/kind.js";
import { TYPESCRIPT } from "../modules/module-format.js";
import { DEFAULT_MEMORY_LIMIT_MB } from "../modules/spawn.js";
import type { ModuleStandby } from "../modules/standby.js";
import type { LintOptions } from "./options/command.js";

/** How many directory entries the look reads in all before it gives up: a run of action files pays a few readdirs at most. */
const LOOK_ENTRIES = 256;

/** The first tool module's name in `dirs` and below (breadth first, node_modules and dot-folders skipped), within LOOK_ENTRIES entries; null when there is none. */
function moduleBelow(dirs: readonly string[]): string | null {
  const queue = [...dirs];
  let budget = LOOK_ENTRIES;
  for (let dir = queue.shift(); dir !== undefined && budget > 0; dir = queue.shift()) {
    let entries: { name: string; isDirectory(): boolean }[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (--budget < 0) return null;
      const { name } = entry;
      if (entry.isDirectory()) {
        if (name !== "node_modules" && !name.startsWith(".")) queue.push(join(dir, name));
      } else {
        const kind = searchedKind(name);
        if (kind !== null && runsCode(kind)) return name;
      }
    }
  }
  return null;
}

/** The named directories (none named: the current one, `cwd`), in order, as absolute paths. */
function namedDirectories(paths: readonly string[], cwd: string): string[] {
  const named = (paths.length === 0 ? ["."] : paths).map((path) => resolve(cwd, path));
  return named.filter((path) => kindOf(path) === null && statSync(path, { throwIfNoEntry: false })?.isDirectory() === true);
}

/** Starts `standby`'s process when these options name a tool module, or a directory that shows one (paths relative to `cwd`; and none waits); returns the process started, if any. */
export function startStandbyFor(options: LintOptions, standby: ModuleStandby, cwd: string): ChildProcess | null {
  if (options.server !== null) return null;
  const startsOne = (path: string): boolean => {
    const kind = kindOf(path);
    return kind !== null && runsCode(kind);
  };
  const named = (options.stdin !== null ? [options.stdin.file] : options.paths).filter(startsOne);
  if (named.length === 0 && options.stdin === null && !options.cache) {
    const found = moduleBelow(namedDirectories(options.paths, cwd));
    if (found !== null) named.push(found);
  }
  if (named.length === 0) return null;
  return standby.start({ memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB, typescript: named.some((path) => TYPESCRIPT.test(path)) });
}
