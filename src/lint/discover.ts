// Turns the CLI's path arguments into the files to lint (docs/inputs.md): a directory
// is searched recursively for action files and tool modules (node_modules, dot-folders and
// what git ignores skipped, symlinked directories not entered, as git and ripgrep do), a
// file is linted whatever its name, a glob is expanded (matched directories searched,
// matched files taken when their names are searched ones, ignored matches skipped), and an
// argument that yields nothing says what was skipped. A directory that cannot
// be read is reported as a place of its own and the rest is searched. Called by
// lintPaths (lint-paths.ts), the scheduler and the options check; every mistake in the
// arguments is a UsageError.

import { isUtf8 } from "node:buffer";
import type { Dirent, Stats } from "node:fs";
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, resolve, sep } from "node:path";
import { inspectString } from "../text/escape.js";
import { appendAll } from "../core/append.js";
import { compareStrings } from "../core/path.js";
import { DEFAULT_IGNORE, IgnoreRules, type IgnoreOptions, type IgnoreScope } from "./ignore-rules.js";
import { kindOf, SEARCHED_PATTERNS, searchedKind, searchTakes, type FoundFile, type InputKindId } from "../files/kind.js";
import { pathBelow } from "../text/posix-path.js";
import { UsageError } from "../usage-error.js";

/** A directory found during a search that could not be read: reported as a place of its own. */
export interface UnreadablePlace {
  /** The directory as reported, in place of a file (as FoundFile.file). */
  readonly file: string;
  /** Why, in a few words ("permission denied"). */
  readonly reason: string;
}

/** What the paths name: the files to lint, in path order, and the places that could not be searched. */
export interface Discovery {
  readonly files: FoundFile[];
  readonly unreadable: readonly UnreadablePlace[];
}

export interface DiscoverOptions {
  /** What searches skip beyond node_modules and dot-folders (default: .gitignore files on, no patterns). */
  readonly ignore?: IgnoreOptions;
  /**
   * A directory (absolute, its real path) nothing is read outside of: a file a search or a glob
   * finds whose real path lies elsewhere (a symlink leading out) is skipped, as a symlinked
   * directory is. Absent: symlinks to files are followed wherever they lead.
   */
  readonly within?: string;
}

/** Whether a search takes the file at `path` named `name` (files/kind.ts, searchTakes), reading it only when its name does not decide; one that cannot be read is not taken. */
function takes(path: string, name: string): boolean {
  return searchTakes(name, () => {
    try {
      return readFileSync(path, "latin1");
    } catch {
      return "";
    }
  });
}

/**
 * Whether a search of the directory `root` (as if named) skips the file at `path` below it:
 * it lies in node_modules or a dot-folder, or the ignore rules, read afresh, ignore it or a
 * directory on its way. A path outside `root` is not skipped.
 */
export function searchSkips(path: string, root: string, ignore: IgnoreOptions): boolean {
  const rel = pathBelow(root, path);
  if (rel === null) return false;
  const names = rel.split("/");
  const scope = new IgnoreRules(ignore, root).searchFrom(root, true);
  let dir = root;
  for (const [i, name] of names.entries()) {
    const isDirectory = i < names.length - 1;
    if (isDirectory && (name === "node_modules" || name.startsWith("."))) return true;
    if (scope?.ignores(dir, name, isDirectory) === true) return true;
    dir = joinName(dir, name);
  }
  return false;
}

/** Whether a directory search picks up a file of this name (the language server lints only those). */
export function searchedName(fileName: string): boolean {
  return searchedKind(fileName) !== null;
}

function supportedKind(fileName: string, shown: string): InputKindId {
  const kind = kindOf(fileName);
  if (kind === null) {
    throw new UsageError(
      `${inspectString(shown)} is not a file wymcp-lint reads (it reads .json and .json5 action files, .js, .mjs, .cjs, .ts, .mts, .cts tool modules and .ex, .exs Elixir tool modules)`,
    );
  }
  return kind;
}

// Glob syntax fast-glob understands. A path that exists is taken literally even when it
// holds one of these, so a file named "a[1].actions.json" is still a file.
const GLOB = /[*?[\]{}]|[!@+]\(/;

interface Found {
  readonly foundFile: FoundFile;
  /** The file's real path: the same file named twice is linted once. */
  readonly real: string;
}

function joinFile(base: string, relative: string): string {
  if (base === "") return relative;
  return /[\\/]$/.test(base) ? `${base}${relative}` : `${base}/${relative}`;
}

/** dir/name for a directory path and an entry name of it: path.join without its normalizing, which discovery pays per file. */
function joinName(dir: string, name: string): string {
  return dir.endsWith(sep) ? `${dir}${name}` : `${dir}${sep}${name}`;
}

function describeFsError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOENT" || code === "ENOTDIR") return "no such file or directory";
  if (code === "ELOOP") return "too many levels of symbolic links";
  if (code === "ENAMETOOLONG") return "the path is too long";
  return typeof code === "string" ? code : String(error);
}

/**
 * The names in `dir` that are not valid UTF-8, by the name readdir gives them as text
 * (invalid bytes read as U+FFFD), in the same sorted order as the text listing.
 */
function notUtf8Names(dir: string): Map<string, Buffer[]> {
  const byText = new Map<string, Buffer[]>();
  const raw = readdirSync(dir, { encoding: "buffer" }).filter((name) => !isUtf8(name));
  raw.sort((a, b) => compareStrings(a.toString(), b.toString()) || Buffer.compare(a, b));
  for (const name of raw) byText.set(name.toString(), [...(byText.get(name.toString()) ?? []), name]);
  return byText;
}

/** What one search of a directory, or one glob, yields. */
interface Searched {
  readonly found: Found[];
  readonly unreadable: UnreadablePlace[];
  /** Files of a searched name and directories the ignore rules skipped, and glob matches that were. */
  ignored: number;
  /** A glob's matching files skipped because their names are not searched ones (`server.ts`). */
  otherNames: number;
  /** Files skipped because their real path lies outside DiscoverOptions.within. */
  outside?: number;
}

/**
 * Every searched file under one directory, depth first with each listing sorted, so the
 * walk goes in path order. Directories are identified by their real path and visited once
 * per argument, so of two ways to one directory the first in path order is the one kept,
 * whatever order the file system lists entries in. A symlink found on the way is followed to
 * a file, never into a directory: a link out of the tree (`back -> ..`) would lint, and
 * import, what the user did not name. Synchronous: nothing else runs meanwhile, and on a
 * warm cache it is the fastest way.
 */
function searchDirectory(root: string, rootFile: string, ignoring: IgnoreScope | null): Searched {
  const found: Found[] = [];
  const unreadable: UnreadablePlace[] = [];
  const visited = new Set<string>();
  let ignored = 0;

  const visit = (dir: string, real: string, relative: string): void => {
    if (visited.has(real)) return;
    visited.add(real);
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      unreadable.push({ file: relative === "" ? rootFile || "." : joinFile(rootFile, relative), reason: describeFsError(error) });
      return;
    }
    entries.sort((a, b) => compareStrings(a.name, b.name));
    const rawNames = entries.some((entry) => entry.name.includes("\ufffd")) ? notUtf8Names(dir) : null;
    for (const entry of entries) {
      const name = entry.name;
      const childRelative = relative === "" ? name : `${relative}/${name}`;
      const childPath = joinName(dir, name);
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      let childReal = joinName(real, name); // exact unless the entry is a symlink
      if (!isDirectory && !isFile) {
        // A symlink (or a file system that does not report types): see what it names.
        if (entry.isFIFO() || entry.isSocket() || entry.isBlockDevice() || entry.isCharacterDevice()) continue;
        try {
          const stats = statSync(childPath);
          if (entry.isSymbolicLink()) {
            if (!stats.isFile()) continue; // a symlinked directory is not entered
            childReal = realpathSync(childPath);
          }
          isDirectory = stats.isDirectory();
          isFile = stats.isFile();
        } catch {
          continue; // a dangling link names nothing to lint
        }
      }
      if (isDirectory) {
        if (name === "node_modules" || name.startsWith(".")) continue;
        if (ignoring?.ignores(dir, name, true)) {
          ignored++;
          continue;
        }
        visit(childPath, childReal, childRelative);
      } else if (isFile) {
        const kind = searchedKind(name);
        if (kind === null || !takes(childPath, name)) continue;
        if (ignoring?.ignores(dir, name, false)) {
          ignored++;
          continue;
        }
        const foundFile = { file: joinFile(rootFile, childRelative), path: childPath, kind };
        const raw = rawNames?.get(name)?.shift();
        if (raw === undefined) {
          found.push({ foundFile, real: childReal });
        } else {
          // Two such names can read alike: the real path that tells them apart holds their bytes.
          found.push({ foundFile: { ...foundFile, bytes: Buffer.concat([Buffer.from(joinName(dir, "")), raw]) }, real: joinName(real, `\0${raw.toString("hex")}`) });
        }
      }
    }
  };

  visit(root, realpathSync(root), "");
  return { found, unreadable, ignored, otherNames: 0 };
}

/**
 * An existing path: a directory is searched, a file is taken (a named file of an unknown
 * kind is a usage error). Null when absent. A glob's match is found, not named, so it
 * follows a directory search's rules: it is skipped when ignored or when its name is not a
 * searched one (`src/*.ts` takes `a.tool.ts`, not `server.ts`), and a symlinked directory is
 * not entered.
 */
function fromPath(path: string, file: string, shown: string, ignoring: IgnoreRules, globMatch = false): Searched | null {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    // A glob's match that is a symlink loop names nothing to lint: skipped, as the directory search skips it.
    if (globMatch && code === "ELOOP") return nothing();
    throw new UsageError(`cannot read ${inspectString(shown)}: ${describeFsError(error)}`);
  }
  if (globMatch && stats.isFile() && !takes(path, path)) return { ...nothing(), otherNames: 1 };
  if (globMatch && (ignoring.searchFrom(dirname(path), false)?.ignores(dirname(path), basename(path), stats.isDirectory()) ?? false)) {
    return { ...nothing(), ignored: 1 };
  }
  if (stats.isDirectory()) {
    if (globMatch && lstatSync(path).isSymbolicLink()) return nothing();
    return searchDirectory(path, file, ignoring.searchFrom(path, !globMatch));
  }
  if (stats.isFile()) {
    return { found: [{ foundFile: { file, path, kind: supportedKind(path, shown) }, real: realpathSync(path) }], unreadable: [], ignored: 0, otherNames: 0 };
  }
  if (globMatch) return nothing();
  throw new UsageError(`${inspectString(shown)} is neither a file nor a directory`);
}

const nothing = (): Searched => ({ found: [], unreadable: [], ignored: 0, otherNames: 0 });

async function fromGlob(pattern: string, cwd: string, ignoring: IgnoreRules): Promise<Searched> {
  const { default: fastGlob } = await import("fast-glob");
  const matches = await fastGlob(pattern, {
    cwd,
    onlyFiles: false,
    dot: false,
    followSymbolicLinks: false,
    ignore: pattern.includes("node_modules") ? [] : ["**/node_modules/**"],
  });
  if (matches.length === 0) throw new UsageError(`no file matches the glob ${inspectString(pattern)}`);
  const searched = nothing();
  for (const match of matches.sort()) {
    const one = fromPath(resolve(cwd, match), match, match, ignoring, true) ?? nothing();
    appendAll(searched.found, one.found);
    appendAll(searched.unreadable, one.unreadable);
    searched.ignored += one.ignored;
    searched.otherNames += one.otherNames;
  }
  // The matches came in the order of their names as strings; a directory among them was searched in path order.
  searched.found.sort((a, b) => compareFiles(a.foundFile.file, b.foundFile.file));
  return searched;
}

const counted = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The usage error for an argument that yields nothing, saying what was skipped and why. */
function nothingToLint(argument: string, searched: Searched): UsageError {
  const skipped: string[] = [];
  if (searched.ignored > 0) {
    skipped.push(`ignore rules (.gitignore files, the config's "ignore", --ignore-pattern) skipped ${counted(searched.ignored, "match", "matches")}`);
  }
  if (searched.otherNames > 0) {
    const what = counted(searched.otherNames, "matching file is not an action file or tool module", "matching files are not action files or tool modules");
    skipped.push(`${what} by name (or, for .ex and .exs, by their text)`);
  }
  if ((searched.outside ?? 0) > 0) skipped.push(`${counted(searched.outside ?? 0, "symlink leads", "symlinks lead")} outside the root, which is not read`);
  return new UsageError(`${inspectString(argument)} holds no action file or tool module (${SEARCHED_PATTERNS})${skipped.length === 0 ? "" : `; ${skipped.join("; ")}`}`);
}

/**
 * Sorts files as reported (FoundFile.file, FileResult.file) the way the report orders them: by
 * path, segment by segment, each by UTF-16 code units, a prefix first. Compared unit by unit
 * without splitting (a search sorts thousands): a "/" ends a segment, so where one path has
 * it and the other does not, the first's segment is a prefix of the other's.
 */
export function compareFiles(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x === SLASH) return -1;
    if (y === SLASH) return 1;
    return x - y;
  }
  return a.length - b.length;
}

const SLASH = 0x2f;

/** What `searched` found inside `within` (a real path), the rest counted as outside. */
function confined(searched: Searched, within: string): Searched {
  const inside = searched.found.filter(({ real }) => pathBelow(within, real) !== null);
  return inside.length === searched.found.length ? searched : { ...searched, found: inside, outside: searched.found.length - inside.length };
}

/**
 * The files named by `args` (the current directory when there are none), in path order,
 * and the directories found that could not be read; a file named twice is kept under the
 * first name it was given (argument order, then path order). Throws UsageError for a
 * missing path, a glob with no match, an unsupported file kind, or an argument that yields
 * nothing to lint.
 */
export async function discover(args: readonly string[], cwd: string, options: DiscoverOptions = {}): Promise<Discovery> {
  const ignoring = new IgnoreRules(options.ignore ?? DEFAULT_IGNORE, cwd);
  const named = args.length > 0 ? args : [""];
  const found: Found[] = [];
  const unreadable: UnreadablePlace[] = [];
  for (const argument of named) {
    const shown = argument === "" ? "." : argument;
    if (argument === "" && args.length > 0) throw new UsageError("an empty path was given");
    let fromArgument = fromPath(resolve(cwd, argument), argument, shown, ignoring);
    if (fromArgument === null) {
      if (!GLOB.test(argument)) throw new UsageError(`no such file or directory: ${inspectString(argument)}`);
      fromArgument = await fromGlob(argument, cwd, ignoring);
    }
    if (options.within !== undefined) fromArgument = confined(fromArgument, options.within);
    if (fromArgument.found.length === 0 && fromArgument.unreadable.length === 0) throw nothingToLint(shown, fromArgument);
    // In path order before deduplicating (a search walks in it, a glob's matches are sorted
    // into it), so a file reached twice (through a symlink) keeps the same name whatever
    // order the directory listing came in.
    appendAll(found, fromArgument.found);
    appendAll(unreadable, fromArgument.unreadable);
  }

  const seen = new Set<string>();
  const files: FoundFile[] = [];
  for (const { foundFile, real } of found) {
    if (seen.has(real)) continue;
    seen.add(real);
    files.push(foundFile);
  }
  // One argument's files are in path order already; those of several are merged into it.
  return { files: named.length === 1 ? files : files.sort((a, b) => compareFiles(a.file, b.file)), unreadable };
}
