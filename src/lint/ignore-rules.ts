// Which paths discovery skips (docs/inputs.md, "Finding the files"): what git ignores, by
// the .gitignore files of the directories from the repository's root down (and the
// repository's .git/info/exclude), plus patterns given by the user (--ignore-pattern, the
// config's `ignore`), in .gitignore syntax relative to the current directory. The matching
// itself is the `ignore` package, which implements git's rules (the one ESLint uses); this
// module decides which rule sets apply where. The global core.excludesFile is not read.

import { statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Ignore } from "ignore";
import { readRegularFile } from "../files/regular-file.js";
import { pathBelow } from "../text/posix-path.js";

// `ignore` is CommonJS. Imported from ESM, Node first scans its source for named exports,
// and the optimised compile of that scanner costs every run more than the rest of its
// module loading (bench/README.md); require() loads it without the scan, and only for the
// first rule set: a run that names only files, and no patterns, makes none.
let ignoreModule: typeof import("ignore") | null = null;
function ignore(): Ignore {
  ignoreModule ??= createRequire(import.meta.url)("ignore") as typeof import("ignore");
  return ignoreModule();
}

export interface IgnoreOptions {
  /** Read .gitignore files and .git/info/exclude (false: --no-ignore). */
  readonly ignoreFiles: boolean;
  /** More patterns in .gitignore syntax, relative to `cwd` (--ignore-pattern). */
  readonly patterns: readonly string[];
  /** The config file's `ignore` patterns and the directory they are relative to (its own). */
  readonly config?: { readonly base: string; readonly patterns: readonly string[] };
}

export const DEFAULT_IGNORE: IgnoreOptions = { ignoreFiles: true, patterns: [] };

/** One set of rules and the directory its patterns are relative to. */
interface RuleSet {
  readonly base: string;
  readonly rules: Ignore;
}

// The largest ignore file read, as git reads none larger (dir.c, PATTERN_MAX_FILE_SIZE).
const MAX_RULES_BYTES = 100 * 1024 * 1024;

/** An ignore file's text; null, so no rules, when it is absent, unreadable, no regular file (a FIFO, a link to a device) or too large. */
function readRules(file: string): string | null {
  return readRegularFile(file, MAX_RULES_BYTES)?.toString("utf8") ?? null;
}

/** The directory holding `.git` at or above `dir`, null outside a repository. */
function repositoryRoot(dir: string): string | null {
  for (let at = dir; ; at = dirname(at)) {
    if (statSync(join(at, ".git"), { throwIfNoEntry: false })) return at;
    if (dirname(at) === at) return null;
  }
}

/** .git/info/exclude of the repository at `root`; for a worktree (.git is a file), its common directory's. */
function excludeFile(root: string): string {
  const dotGit = join(root, ".git");
  const pointer = readRules(dotGit);
  if (pointer === null) return join(dotGit, "info", "exclude"); // a directory
  const gitDir = /^gitdir: (.+)$/m.exec(pointer)?.[1]?.trim();
  if (gitDir === undefined) return join(dotGit, "info", "exclude");
  const resolved = join(root, gitDir);
  const common = readRules(join(resolved, "commondir"))?.trim();
  return join(common === undefined ? resolved : join(resolved, common), "info", "exclude");
}

/** The rules for one run: the user's patterns, and each .gitignore read once. */
export class IgnoreRules {
  readonly #ignoreFiles: boolean;
  readonly #extra: readonly RuleSet[];
  readonly #files = new Map<string, RuleSet | null>();

  constructor(options: IgnoreOptions, cwd: string) {
    this.#ignoreFiles = options.ignoreFiles;
    // The config's patterns first, so the command line's have the last word.
    const sets: RuleSet[] = [];
    if (options.config && options.config.patterns.length > 0) sets.push({ base: options.config.base, rules: ignore().add([...options.config.patterns]) });
    if (options.patterns.length > 0) sets.push({ base: cwd, rules: ignore().add([...options.patterns]) });
    this.#extra = sets;
  }

  /**
   * The rules for a search of the directory `root`: those of the repository holding it from
   * its root down (or of `root` alone outside a repository) and the user's patterns. A
   * directory the user named (`named`) is searched even if those rules ignore it, and then
   * only with the rules found inside it. Null when nothing can be ignored.
   */
  searchFrom(root: string, named: boolean): IgnoreScope | null {
    if (!this.#ignoreFiles && this.#extra.length === 0) return null;
    const repository = this.#ignoreFiles ? repositoryRoot(root) : null;
    const top = repository ?? root;
    const chain: string[] = [];
    for (let dir = root; ; dir = dirname(dir)) {
      chain.unshift(dir);
      if (dir === top || dirname(dir) === dir) break;
    }
    let sets: readonly RuleSet[] = repository === null ? [] : this.#ruleSets(excludeFile(repository), repository);
    for (const dir of chain.slice(0, -1)) sets = [...sets, ...this.#ruleSets(join(dir, ".gitignore"), dir)];
    let extra = this.#extra;
    if (named) {
      // A set that ignores the named directory would ignore all it holds: it is left out.
      sets = sets.filter((set) => !ignoredBy([set], root, true));
      extra = extra.filter((set) => !ignoredBy([set], root, true));
    }
    return new IgnoreScope(root, [...sets, ...this.#ruleSets(join(root, ".gitignore"), root)], extra, (dir) => this.#ruleSets(join(dir, ".gitignore"), dir));
  }

  #ruleSets(file: string, base: string): RuleSet[] {
    if (!this.#ignoreFiles) return [];
    let set = this.#files.get(file);
    if (set === undefined) {
      const text = readRules(file);
      set = text === null ? null : { base, rules: ignore().add(text) };
      this.#files.set(file, set);
    }
    return set === null ? [] : [set];
  }
}

/** Every set applying to `path`, the outermost first; the last match decides (`before`: the verdict so far). */
function ignoredBy(sets: readonly RuleSet[], path: string, isDirectory: boolean, before = false): boolean {
  let ignored = before;
  for (const set of sets) {
    const rel = pathBelow(set.base, path);
    if (rel === null) continue;
    const result = set.rules.test(isDirectory ? `${rel}/` : rel);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

/**
 * The rules in force below one search root, per directory: its parent's and its own
 * .gitignore's, then the user's patterns, which have the last word. A deeper .gitignore can
 * re-include what an outer one excluded; discovery does not descend into ignored
 * directories, so what they hold is never tested.
 */
export class IgnoreScope {
  readonly #byDirectory = new Map<string, readonly RuleSet[]>();
  readonly #extra: readonly RuleSet[];
  readonly #own: (dir: string) => readonly RuleSet[];

  constructor(root: string, sets: readonly RuleSet[], extra: readonly RuleSet[], own: (dir: string) => readonly RuleSet[]) {
    this.#byDirectory.set(root, sets);
    this.#extra = extra;
    this.#own = own;
  }

  /** Whether the entry `name` of the directory `dir` (searched already) is ignored. */
  ignores(dir: string, name: string, isDirectory: boolean): boolean {
    const path = join(dir, name);
    return ignoredBy(this.#extra, path, isDirectory, ignoredBy(this.#setsOf(dir), path, isDirectory));
  }

  #setsOf(dir: string): readonly RuleSet[] {
    let sets = this.#byDirectory.get(dir);
    if (sets === undefined) {
      if (dirname(dir) === dir) return []; // not below the root: never asked by discovery
      const own = this.#own(dir);
      sets = own.length === 0 ? this.#setsOf(dirname(dir)) : [...this.#setsOf(dirname(dir)), ...own];
      this.#byDirectory.set(dir, sets);
    }
    return sets;
  }
}
