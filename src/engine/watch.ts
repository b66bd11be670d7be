// Watching the files of a watch loop (--watch, docs/cli.md, "Watch"): directories watched for
// changes (a directory of the paths and every directory below it but node_modules and .git,
// or one directory's own entries),
// each burst of changes handed on once it has been quiet for a moment (debounced), as the set
// of paths that changed; what `ignore` says (the cache file, temporary files) is never handed on.

import { readdirSync, statSync, watch, type Dirent, type FSWatcher } from "node:fs";
import { basename, join } from "node:path";

/** A directory to watch: with everything below it, or only its own entries. */
export interface WatchTarget {
  readonly dir: string;
  readonly recursive: boolean;
}

/** How long changes must have stopped before they are handed on, in milliseconds. */
export const DEBOUNCE_MS = 100;

/** Directories a recursive watch does not descend into: what a package manager or git writes there is not the project's. */
const UNWATCHED = new Set(["node_modules", ".git"]);

export class FileWatch {
  readonly #watchers = new Map<string, FSWatcher>();
  readonly #pending = new Set<string>();
  readonly #onChanges: (paths: ReadonlySet<string>) => void;
  readonly #ignore: (path: string) => boolean;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;

  /** Watches `targets` (a directory that cannot be watched is skipped); `onChanges` hears each quiet burst. */
  constructor(targets: readonly WatchTarget[], onChanges: (paths: ReadonlySet<string>) => void, ignore: (path: string) => boolean = () => false) {
    this.#onChanges = onChanges;
    this.#ignore = ignore;
    for (const target of mergedTargets(targets)) this.#add(target.dir, target.recursive);
  }

  /**
   * Watches one directory's entries, and with `recursive` each directory below it, one watch
   * a directory: a watch on a file (as Node's recursive watch keeps on Linux) stays on the
   * file a rename replaced, and --fix and editors replace files by rename.
   */
  #add(dir: string, recursive: boolean): void {
    if (this.#watchers.has(dir)) return;
    try {
      const watcher = watch(dir, (_event, name) => this.#changed(name === null ? dir : join(dir, name.toString()), recursive));
      watcher.on("error", () => {
        watcher.close();
        this.#watchers.delete(dir);
      });
      this.#watchers.set(dir, watcher);
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
    for (const entry of entries) if (entry.isDirectory() && !UNWATCHED.has(entry.name)) this.#add(join(dir, entry.name), true);
  }

  /** Watches `targets` too, those not watched yet (a directory already watched stays as it is). */
  add(targets: readonly WatchTarget[]): void {
    if (this.#closed) return;
    for (const target of mergedTargets(targets)) this.#add(target.dir, target.recursive);
  }

  #changed(path: string, recursive: boolean): void {
    if (this.#closed) return;
    // A directory made below a recursive watch is watched from now on.
    if (recursive && !this.#watchers.has(path) && !UNWATCHED.has(basename(path)) && statSync(path, { throwIfNoEntry: false })?.isDirectory() === true) this.#add(path, true);
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
    for (const watcher of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
  }
}

/** One target per directory, recursive where any asked for it; a directory below a recursive one adds nothing. */
function mergedTargets(targets: readonly WatchTarget[]): WatchTarget[] {
  const byDir = new Map<string, boolean>();
  for (const { dir, recursive } of targets) byDir.set(dir, (byDir.get(dir) ?? false) || recursive);
  const recursiveDirs = [...byDir].filter(([, recursive]) => recursive).map(([dir]) => dir);
  const below = (dir: string): boolean => recursiveDirs.some((root) => root !== dir && (dir.startsWith(`${root}/`) || root === "/"));
  return [...byDir].filter(([dir]) => !below(dir)).map(([dir, recursive]) => ({ dir, recursive }));
}
