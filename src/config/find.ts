// Finds the config file (docs/configuration.md): from the directory the run starts
// in, upward, the first directory holding wymcp-lint.config.json, wymcp-lint.config.json5
// or a package.json with a "wymcp-lint" key; the search stops at the repository root (the
// directory holding .git) or the file system's root. A package.json on the way that does
// not parse, or a config name that is not a regular file, is a usage error naming it, never
// passed by. Called by load.ts; reads files, runs no code.

import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { describeThrown } from "../core/escape.js";
import { fileState } from "../files/regular-file.js";
import { inspectString } from "../text/escape.js";
import { shownPath } from "../text/posix-path.js";
import { UsageError } from "../usage-error.js";

export const CONFIG_FILE_NAMES = ["wymcp-lint.config.json", "wymcp-lint.config.json5"] as const;
/** The key of package.json that may hold the config. */
export const PACKAGE_KEY = "wymcp-lint";

/** Where a config is read from: its file and, for package.json, the key that holds it. */
export interface ConfigSource {
  readonly file: string;
  /** The path inside the file's document where the config is: [] or ["wymcp-lint"]. */
  readonly within: readonly string[];
}

/**
 * Whether `path` is a file the search reads; absent is false. Anything else there (a FIFO,
 * a device, a directory) is a usage error naming it: skipping it would silently read a
 * config further up, or none.
 */
function isFile(path: string, cwd: string): boolean {
  const state = fileState(path);
  if (state === "absent") return false;
  if (state !== "file")
    throw new UsageError(
      `${inspectString(shownPath(path, cwd))} is ${state}, not a regular file; a config is read from a file (or name one with --config FILE, or none with --no-config)`,
    );
  return true;
}

/**
 * Whether package.json holds the key. A package.json that is not JSON is a usage error naming
 * it: its key might hold the config, and passing it by would read another config, or none.
 */
function packageHasConfig(path: string, cwd: string): boolean {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    const shown = inspectString(shownPath(path, cwd));
    throw new UsageError(
      `${shown} is not valid JSON (${describeThrown(error)}), so whether it holds a "${PACKAGE_KEY}" config is unknown; fix it, or name a config with --config FILE, or none with --no-config`,
    );
  }
  return typeof manifest === "object" && manifest !== null && !Array.isArray(manifest) && Object.hasOwn(manifest, PACKAGE_KEY);
}

/** The config in one directory: a config file before package.json; two config files are a mistake. */
function configIn(dir: string, cwd: string): ConfigSource | null {
  const files = CONFIG_FILE_NAMES.map((name) => join(dir, name)).filter((file) => isFile(file, cwd));
  if (files.length > 1) {
    throw new UsageError(`${files.map((file) => inspectString(shownPath(file, cwd))).join(" and ")} are both config files of one directory; keep one of them`);
  }
  if (files[0] !== undefined) return { file: files[0], within: [] };
  const manifest = join(dir, "package.json");
  return isFile(manifest, cwd) && packageHasConfig(manifest, cwd) ? { file: manifest, within: [PACKAGE_KEY] } : null;
}

/** The config that applies to a run started in `cwd`, or null when there is none. */
export function findConfig(cwd: string): ConfigSource | null {
  for (let dir = cwd; ; ) {
    const found = configIn(dir, cwd);
    if (found !== null) return found;
    // The repository's root ends the search: a config above it belongs to something else.
    if (existsSync(join(dir, ".git"))) return null;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * The config of a run: --config FILE (a package.json means its "wymcp-lint" key), none for
 * --no-config (false), else the one findConfig finds.
 */
export function configSource(choice: string | false | null, cwd: string): ConfigSource | null {
  if (choice === false) return null;
  if (choice === null) return findConfig(cwd);
  const file = resolve(cwd, choice);
  if (!isFile(file, cwd)) throw new UsageError(`--config ${inspectString(choice)}: no such file`);
  return { file, within: basename(file) === "package.json" ? [PACKAGE_KEY] : [] };
}
