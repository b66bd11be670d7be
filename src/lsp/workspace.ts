// The workspace as the language server sees it (docs/editors.md): its folders, each with the
// engine (src/engine/) a run started there would make, which holds the folder's config, its
// ignore rules, severity rules and baseline. A config that cannot be read or has mistakes is
// reported once (a problem the server shows as one diagnostic in the config file and one
// message) while the folder's last good engine keeps serving (the defaults', when it never had
// a good config); one folder's broken config
// touches no other folder. Every engine runs its tool modules in the server's one pool.

import { basename, join } from "node:path";
import { CONFIG_FILE_NAMES, configSource } from "../config/find.js";
import { Engine } from "../engine/engine.js";
import { LSP } from "../engine/policy.js";
import type { ModulePool } from "../modules/pool.js";
import { pathBelow } from "../text/posix-path.js";
import { UsageError } from "../usage-error.js";

/** A config (or baseline) that could not be used: in which file, and what is wrong (the CLI's own message). */
export interface ConfigProblem {
  readonly file: string;
  readonly message: string;
  /** 1-based, where the message names a place; else 1:1. */
  readonly line: number;
  readonly column: number;
  /** What the server does meanwhile, for the message. */
  readonly meanwhile: string;
}

/** What every folder's engine shares: the server's module processes and load timeout. */
export interface EngineSetting {
  readonly pool: ModulePool;
  readonly loadTimeoutMs: number;
}

export interface Folder {
  /** The folder's directory, absolute: the directory a run would start in. */
  readonly dir: string;
  /** Its last good engine (every default, while it never had a good config). */
  engine: Engine;
  /** The config file in use or last tried, absolute; null when there is none. */
  configFile: string | null;
  problem: ConfigProblem | null;
}

/** Whether a file's name makes it a config file (or a package.json, which may hold one). */
export function isConfigName(path: string): boolean {
  const name = basename(path);
  return name === "package.json" || (CONFIG_FILE_NAMES as readonly string[]).includes(name);
}

export function problemOf(error: UsageError, file: string, meanwhile: string): ConfigProblem {
  const at = /:(\d+):(\d+): /.exec(error.message);
  return { file, message: error.message, line: at === null ? 1 : Number(at[1]), column: at === null ? 1 : Number(at[2]), meanwhile };
}

/** Makes the folder's engine again from its config; its problem, or null when it is good (or absent). Keeps the last good engine on a problem. */
export async function reloadFolder(folder: Folder, setting: EngineSetting): Promise<ConfigProblem | null> {
  let file = join(folder.dir, CONFIG_FILE_NAMES[0]);
  try {
    file = configSource(null, folder.dir)?.file ?? file;
    // The engine replaced is not disposed: the pool it shares is the server's, and a lint of it may still be running.
    folder.engine = await Engine.create({ cwd: folder.dir, policy: LSP, dependencies: true, ...setting });
    folder.configFile = folder.engine.config?.file ?? null;
    folder.problem = null;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    folder.configFile = file;
    // Said as it is: a folder that never had a good config is linted with the defaults.
    folder.problem = problemOf(error, file, folder.engine.config === null ? "the defaults serve until it is mended" : "the last good config keeps serving");
  }
  return folder.problem;
}

export async function openFolder(dir: string, setting: EngineSetting): Promise<Folder> {
  const folder: Folder = { dir, engine: await Engine.create({ cwd: dir, config: false, policy: LSP, dependencies: true, ...setting }), configFile: null, problem: null };
  await reloadFolder(folder, setting);
  return folder;
}

/** The folder of `path`: the innermost workspace folder holding it; null when none does. */
export function folderOf(folders: readonly Folder[], path: string): Folder | null {
  let best: Folder | null = null;
  for (const folder of folders) {
    if (pathBelow(folder.dir, path) !== null && (best === null || folder.dir.length > best.dir.length)) best = folder;
  }
  return best;
}

/** The name a run from `dir` reports `path` by: relative, with "/" separators (its base name when outside `dir`). */
export function fileNameIn(dir: string, path: string): string {
  return pathBelow(dir, path) ?? basename(path);
}
