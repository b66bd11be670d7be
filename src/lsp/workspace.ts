// The workspace as the language server sees it (docs/editors.md): its folders, and for each
// the config a run started there would read (src/config/), as severity rules. A config
// that cannot be read or has mistakes is reported once (a problem the server shows as one
// diagnostic in the config file and one message) while the folder's last good rules keep
// serving; one folder's broken config touches no other folder.

import { basename, join } from "node:path";
import { CONFIG_FILE_NAMES, configSource } from "../config/find.js";
import { loadConfig } from "../config/load.js";
import type { Config } from "../config/config.js";
import { DEFAULT_RULES, type SeverityRules } from "../lint/severity.js";
import { pathBelow } from "../text/posix-path.js";
import { UsageError } from "../usage-error.js";

/** A config that could not be used: in which file, and what is wrong (the CLI's own message). */
export interface ConfigProblem {
  readonly file: string;
  readonly message: string;
  /** 1-based, where the message names a place; else 1:1. */
  readonly line: number;
  readonly column: number;
}

export interface Folder {
  /** The folder's directory, absolute: the directory a run would start in. */
  readonly dir: string;
  rules: SeverityRules;
  config: Config | null;
  /** The config file in use or last tried, absolute; null when there is none. */
  configFile: string | null;
  problem: ConfigProblem | null;
}

/** Whether a file's name makes it a config file (or a package.json, which may hold one). */
export function isConfigName(path: string): boolean {
  const name = basename(path);
  return name === "package.json" || (CONFIG_FILE_NAMES as readonly string[]).includes(name);
}

function problemOf(error: UsageError, file: string): ConfigProblem {
  const at = /:(\d+):(\d+): /.exec(error.message);
  return { file, message: error.message, line: at === null ? 1 : Number(at[1]), column: at === null ? 1 : Number(at[2]) };
}

/** Reads the folder's config again; its problem, or null when it is good (or absent). Keeps the last good rules on a problem. */
export async function reloadFolder(folder: Folder): Promise<ConfigProblem | null> {
  let file = join(folder.dir, CONFIG_FILE_NAMES[0]);
  try {
    const source = configSource(null, folder.dir);
    file = source?.file ?? file;
    const config = source === null ? null : loadConfig(source, folder.dir);
    // picomatch comes with the severity rules, loaded only for a folder that has a config.
    folder.rules = config === null ? DEFAULT_RULES : (await import("../config/severity-rules.js")).configRules(config, folder.dir);
    folder.config = config;
    folder.configFile = source?.file ?? null;
    folder.problem = null;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    folder.configFile = file;
    folder.problem = problemOf(error, file);
  }
  return folder.problem;
}

export async function openFolder(dir: string): Promise<Folder> {
  const folder: Folder = { dir, rules: DEFAULT_RULES, config: null, configFile: null, problem: null };
  await reloadFolder(folder);
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
