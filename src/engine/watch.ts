// Watching the files of a watch loop (--watch, docs/cli.md, "Watch"): directories watched for
// changes (a directory of the paths and every directory below it but node_modules and .git,
// or one directory's own entries),
// each burst of changes handed on once it has been quiet for a moment (debounced), as the set
// of paths that changed; what `ignore` says (the cache file, temporary files) is never handed on.
// A directory is watched as the directory it is when first seen: one deleted, or replaced by
// another of the same name, has its watches (and those below it) dropped and, when a directory
// is there again, made anew, so a directory deleted and made again is followed; each watched
// directory's parent is watched for its name, so that holds for the named directories too. A
// symbolic link is never followed below a named directory, as the lint never follows one: a
// link to a directory made during the watch adds no watch, and a link that loops is a name like
// any other.

import { type FSWatcher, lstatSync, readdirSync, type Stats, statSync, watch, type Dirent } from "node:fs";
import { basename, dirname, join } from "node:path";

/** A directory to watch: with everything below it, or only its own entries. */
export interface WatchTarget {
  readonly dir: string;
  readonly recursive: boolean;
}

/** How long changes must have stopped before they are handed on, in milliseconds. */
export const DEBOUNCE_MS = 100;

/** Directories a recursive watch does not descend into: what a package manager or git writes there is not the project's. */
const UNWATCHED = new Set(["node_modules", ".git"]);

/** One directory watched: its watcher, whether everything below it is, and which directory it is (device and inode). */
interface Watched {
  readonly watcher: FSWatcher;
  readonly recursive: boolean;
  readonly identity: string;
}

/** What is at `path`, through a link (`follow`) or not; null when nothing can be (gone, a link that loops, no permission). */
function statOf(path: string, follow: boolean): Stats | null {
  try {
    return (follow ? statSync(path, { throwIfNoEntry: false }) : lstatSync(path, { throwIfNoEntry: false })) ?? null;
  } catch {
    return null;
  }
}

const identityOf = (stats: Stats): string => `${stats.dev}:${stats.ino}`;

export class FileWatch {
  readonly #watched = new Map<string, Watched>();
  /** The directories named (the targets), each with whether it is watched recursively. */
  readonly #roots = new Map<string, boolean>();
  /** A watch on the parent of each named directory, for the directory's own name. */
  readonly #anchors = new Map<string, FSWatcher>();
  readonly #pending = new Set<string>();
  readonly #onChanges: (paths: ReadonlySet<string>) => void;
  readonly #ignore: (path: string) => boolean;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;

  /** Watches `targets` (a directory that cannot be watched is skipped); `onChanges` hears each quiet burst. */
  constructor(targets: readonly WatchTarget[], onChanges: (paths: ReadonlySet<string>) => void, ignore: (path: string) => boolean = () => false) {
    this.#onChanges = onChanges;
    this.#ignore = ignore;
    this.add(targets);
  }

  /** Watches `targets` too, those not watched yet (a directory already watched stays as it is). */
  add(targets: readonly WatchTarget[]): void {
    if (this.#closed) return;
    for (const { dir, recursive } of mergedTargets(targets)) {
      if (this.#roots.has(dir) || this.#watched.has(dir)) continue;
      this.#roots.set(dir, recursive);
      this.#anchor(dir);
      const stats = statOf(dir, true);
      if (stats?.isDirectory() === true) this.#add(dir, recursive, stats);
    }
  }

  /**
   * Watches one directory's entries, and with `recursive` each directory below it, one watch
   * a directory: a watch on a file (as Node's recursive watch keeps on Linux) stays on the
   * file a rename replaced, and --fix and editors replace files by rename.
   */
  #add(dir: string, recursive: boolean, stats: Stats): void {
    if (this.#watched.has(dir)) return;
    try {
      const watcher = watch(dir, (_event, name) => this.#changed(name === null ? dir : join(dir, name.toString()), recursive));
      watcher.on("error", () => this.#drop(dir));
      this.#watched.set(dir, { watcher, recursive, identity: identityOf(stats) });
    } catch {
      return; // gone or unreadable: its changes are seen by nothing
    }
    if (!recursive) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    // A link's entry is no directory: a link to one is not followed.
    for (const entry of entries) {
      if (!entry.isDirectory() || UNWATCHED.has(entry.name)) continue;
      const below = join(dir, entry.name);
      const found = statOf(below, false);
      if (found?.isDirectory() === true) this.#add(below, true, found);
    }
  }

  /** Watches the parent of a named directory for the directory's name: one deleted and made again is watched again. */
  #anchor(root: string): void {
    const parent = dirname(root);
    if (parent === root || this.#anchors.has(parent)) return;
    try {
      const watcher = watch(parent, (_event, name) => {
        const path = name === null ? null : join(parent, name.toString());
        if (path !== null && this.#roots.has(path)) this.#rootChanged(path);
      });
      watcher.on("error", () => {
        watcher.close();
        this.#anchors.delete(parent);
      });
      this.#anchors.set(parent, watcher);
    } catch {
      // a parent that cannot be watched: the directory is followed while it stays
    }
  }

  /** A named directory's own name changed in its parent: watched anew when it is another directory now, and handed on. */
  #rootChanged(root: string): void {
    if (this.#closed) return;
    const stats = statOf(root, true);
    const watched = this.#watched.get(root);
    if (watched !== undefined && stats?.isDirectory() === true && watched.identity === identityOf(stats)) return;
    this.#drop(root);
    if (stats?.isDirectory() === true) this.#add(root, this.#roots.get(root) === true, stats);
    this.#queue(root);
  }

  #changed(path: string, recursive: boolean): void {
    if (this.#closed) return;
    this.#follow(path, recursive);
    this.#queue(path);
  }

  /** A directory gone, or replaced by another, is no longer watched; one made below a recursive watch is watched from now on. Never through a link. */
  #follow(path: string, recursive: boolean): void {
    const stats = statOf(path, false);
    const watched = this.#watched.get(path);
    if (watched !== undefined) {
      if (stats?.isDirectory() === true && watched.identity === identityOf(stats)) return;
      this.#drop(path);
    }
    if (recursive && stats?.isDirectory() === true && !UNWATCHED.has(basename(path))) this.#add(path, true, stats);
  }

  /** Stops the watches of `dir` and of every directory below it. */
  #drop(dir: string): void {
    for (const [path, { watcher }] of this.#watched) {
      if (path !== dir && !path.startsWith(`${dir}/`)) continue;
      watcher.close();
      this.#watched.delete(path);
    }
  }

  #queue(path: string): void {
    if (this.#ignore(path)) return;
    this.#pending.add(path);
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#flush(), DEBOUNCE_MS);
  }

  #flush(): void {
    this.#timer = null;
    if (this.#closed || this.#pending.size === 0) return;
    const paths = new Set(this.#pending);
    this.#pending.clear();
    this.#onChanges(paths);
  }

  /** Stops watching; nothing more is handed on. */
  close(): void {
    this.#closed = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    for (const { watcher } of this.#watched.values()) watcher.close();
    for (const watcher of this.#anchors.values()) watcher.close();
    this.#watched.clear();
    this.#anchors.clear();
  }
}

/**
 * One target per directory, recursive where any asked for it; a directory a recursive one
 * already covers adds nothing (one below it, but not below node_modules or .git there, which a
 * recursive watch does not enter: a module's import from node_modules is watched on its own).
 */
export function mergedTargets(targets: readonly WatchTarget[]): WatchTarget[] {
  const byDir = new Map<string, boolean>();
  for (const { dir, recursive } of targets) byDir.set(dir, (byDir.get(dir) ?? false) || recursive);
  const recursiveDirs = [...byDir].filter(([, recursive]) => recursive).map(([dir]) => dir);
  const covers = (root: string, dir: string): boolean => {
    if (root === dir) return false;
    const rest = root === "/" ? dir.slice(1) : dir.startsWith(`${root}/`) ? dir.slice(root.length + 1) : null;
    return rest !== null && !rest.split("/").some((segment) => UNWATCHED.has(segment));
  };
  return [...byDir].filter(([dir]) => !recursiveDirs.some((root) => covers(root, dir))).map(([dir, recursive]) => ({ dir, recursive }));
}
