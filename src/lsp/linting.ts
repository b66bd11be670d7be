// The language server's lint side (docs/editors.md), loaded after initialize, not before its
// answer: the workspace's folders and their engines (workspace.ts), duplicate-tool over each
// document's directory (duplicate-tools.ts), and what each document's result depends on (the
// files a tool module loaded, the Elixir files an actions/0 read), so that a change on disk
// lints again only the documents it touches. A document's result is its folder's engine's run
// under the language server's policy (src/engine/policy.ts): the config's severities, nothing
// at all for a file the ignore rules skip, and without the offences its baseline records.

import { statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { AcrossOf, FileResult } from "../engine/engine.js";
import type { WatchTarget } from "../engine/watch.js";
import { runsCode, searchedKind, type InputKindId } from "../files/kind.js";
import { ModulePool } from "../modules/pool.js";
import { pathBelow } from "../text/posix-path.js";
import { findingsOf, type Finding, syntaxOf } from "./diagnostics.js";
import { duplicateToolsOf } from "./duplicate-tools.js";
import { NamesOnDisk } from "./names-on-disk.js";
import { pathOfUri, pathsOfUris } from "./uri.js";
import { type Encoding, PositionMap } from "./encoding.js";
import { type ConfigProblem, type EngineSetting, fileNameIn, type Folder, folderOf, isConfigName, openFolder, problemOf, reloadFolder } from "./workspace.js";

export interface LintingOptions {
  readonly loadTimeoutMs: number;
  /** The address of a code's doc. */
  readonly codeHref: (code: string) => string;
  /** Shows a config's or baseline's problem; with null, takes it back. */
  readonly report: (file: string, problem: ConfigProblem | null) => void;
  /** The URIs of the open documents. */
  readonly openDocuments: () => Iterable<string>;
  /** Lints the open document again, at once. */
  readonly relint: (uri: string) => void;
}

/** Ignore files: a change to one may add or take away any document. */
const IGNORE_FILE = /(^|[/\\])(\.gitignore|\.git[/\\]info[/\\]exclude)$/;

export class Linting {
  readonly #options: LintingOptions;
  readonly #setting: EngineSetting;
  readonly #ready: Promise<void>;
  #folders: Folder[] = [];
  /** Folders made for documents outside every workspace folder: their own directory's config. */
  readonly #loose = new Map<string, Promise<Folder>>();
  /** The tool names of each file linted here, by path, for duplicate-tool. */
  readonly #knownTools = new Map<string, readonly (string | null)[]>();
  /** The tool names of the Elixir files and tool modules on disk, for duplicate-tool. */
  readonly #namesOnDisk = new NamesOnDisk();
  /** What each open document's last result depended on beyond itself (absolute), by URI. */
  readonly #dependencies = new Map<string, readonly string[]>();
  /** Problems shown, by file, so each is said once and taken back once mended. */
  readonly #shown = new Map<string, string>();
  /** Whether the server is going away (stop): no module process is started from then on. */
  #stopped = false;

  /** Opens the workspace folders `dirs` (absolute), reporting their configs' problems; every lint waits for them. */
  constructor(dirs: readonly string[], options: LintingOptions) {
    this.#options = options;
    // One pool for every folder: its idle module processes serve whichever document comes next.
    this.#setting = { pool: new ModulePool(undefined, { keepIdle: true }), loadTimeoutMs: options.loadTimeoutMs };
    this.#ready = Promise.all(dirs.map((dir) => openFolder(dir, this.#setting))).then((folders) => {
      this.#folders = folders;
      for (const folder of folders) this.#reportConfig(folder);
    });
  }

  #show(file: string, problem: ConfigProblem | null): void {
    if (problem === null) {
      if (this.#shown.delete(file)) this.#options.report(file, null);
    } else if (this.#shown.get(file) !== problem.message) {
      this.#shown.set(file, problem.message);
      this.#options.report(file, problem);
    }
  }

  /** The folder's config problem shown, or, when it has none, the one of `changed` (a config just mended or removed) taken back. */
  #reportConfig(folder: Folder, changed?: string): void {
    if (folder.problem !== null) this.#show(folder.problem.file, folder.problem);
    else for (const file of [folder.configFile, changed]) if (file !== null && file !== undefined) this.#show(file, null);
  }

  async #folderFor(path: string): Promise<Folder> {
    await this.#ready;
    const found = folderOf(this.#folders, path);
    if (found !== null) return found;
    const dir = dirname(path);
    let folder = this.#loose.get(dir);
    if (folder === undefined) {
      folder = openFolder(dir, this.#setting).then((opened) => {
        this.#reportConfig(opened);
        return opened;
      });
      this.#loose.set(dir, folder);
    }
    return folder;
  }

  async #allFolders(): Promise<Folder[]> {
    await this.#ready;
    return [...this.#folders, ...(await Promise.all(this.#loose.values()))];
  }

  /** The findings of the document `uri` (the file at `path`, of `kind`) from its unsaved `text`, positions in `encoding`; rejects with its reason once `signal` aborts while a tool module loads. */
  async lint(uri: string, path: string, kind: InputKindId, text: string, encoding: Encoding, signal: AbortSignal): Promise<Finding[]> {
    const folder = await this.#folderFor(path);
    const { engine } = folder;
    const file = fileNameIn(folder.dir, path);
    // What a run of the folder would not lint gets no diagnostics.
    if (engine.ignores(file)) {
      this.#dependencies.delete(uri);
      return [];
    }
    // duplicate-tool over its directory as it stands, for the names the lint finds (an Elixir
    // file's, one per tool module); an Elixir file or a tool module beside it that is not open
    // counts with the names read from it on disk now, where they can be read.
    const ignored = (other: string): boolean => engine.ignores(fileNameIn(folder.dir, other));
    const open = new Set(pathsOfUris(this.#options.openDocuments()));
    const onDisk = await this.#namesOnDisk.of(dirname(path), open.add(path), ignored);
    const known = onDisk.size === 0 ? this.#knownTools : new Map([...this.#knownTools, ...onDisk]);
    const across: AcrossOf = (tools) => duplicateToolsOf(path, file, tools, known, ignored).map((offence) => (offence === null ? [] : [offence]));
    const outcome = await engine.run({ text, file, across }, { signal });
    // Replaced only once known: a file changed while this lint runs still finds the document by its last list.
    const dependencies = outcome.dependencies.get(path);
    if (dependencies !== undefined) this.#dependencies.set(uri, dependencies);
    // The process a module ran in holds what it loaded, so the next lint does not reuse it: a
    // fresh one starts in its place, to be ready when the next pause in typing comes. After
    // the diagnostics are sent (spawning takes the thread a while), and never once stopped.
    if (runsCode(kind))
      setImmediate(() => {
        if (!this.#stopped) this.#setting.pool.freshen();
      });
    // A baseline that cannot be read is shown in it while documents are shown without it.
    const baseline = engine.baselineFile;
    if (outcome.baselineProblem !== undefined)
      this.#show(outcome.baselineProblem.file, problemOf(outcome.baselineProblem.error, outcome.baselineProblem.file, "documents are shown without it"));
    else if (baseline !== null) this.#show(baseline, null);
    // An Elixir file of several tool modules has a result for each: its document shows them all.
    const results = outcome.result.files;
    const offences = results.length === 1 ? (results[0] as FileResult).offences : results.flatMap((one) => one.offences);
    const heldBack = results.flatMap((one) => one.heldBack ?? []);
    const before = this.#knownTools.get(path);
    const tools = results.map((one) => one.tool);
    this.#knownTools.set(path, tools);
    // Its tool names changed: the other documents of its directory may gain or lose a duplicate-tool.
    if (before !== undefined && (before.length !== tools.length || before.some((tool, i) => tool !== tools[i])))
      for (const other of this.#neighbours(path)) if (other !== uri) this.#options.relint(other);
    const place = { uri, folderDir: folder.dir, syntax: syntaxOf(path) };
    return findingsOf(offences, heldBack, place, new PositionMap(text, encoding), this.#options.codeHref);
  }

  /** The open documents of the directory of `path` that a directory search would lint. */
  *#neighbours(path: string): Iterable<string> {
    const dir = dirname(path);
    for (const uri of this.#options.openDocuments()) {
      const other = pathOfUri(uri);
      if (other !== null && dirname(other) === dir && searchedKind(other) !== null) yield uri;
    }
  }

  /** Workspace folders came (`added`, absolute) and went (`removed`): each document belongs to the innermost folder from now on. */
  async foldersChanged(added: readonly string[], removed: readonly string[]): Promise<void> {
    await this.#ready;
    const opened = await Promise.all(added.map((dir) => openFolder(dir, this.#setting)));
    for (const folder of opened) this.#reportConfig(folder);
    this.#folders = [...this.#folders.filter((folder) => !removed.includes(folder.dir)), ...opened];
  }

  /** The document was closed: what its result depended on no longer matters. */
  closed(uri: string): void {
    this.#dependencies.delete(uri);
  }

  /**
   * Files changed on disk (`paths`, absolute): the open documents to lint again. A config makes
   * again the engines of the folders a run would read it for (all their documents); an ignore file touches every document,
   * a baseline its folders'; any other file, the documents whose results depend on it and,
   * when a directory search would lint it and it is not open, the documents of its directory
   * (duplicate-tool).
   */
  async changed(paths: readonly string[]): Promise<Set<string>> {
    const folders = await this.#allFolders();
    const open = [...this.#options.openDocuments()].flatMap((uri) => {
      const path = pathOfUri(uri);
      return path === null ? [] : [{ uri, path }];
    });
    const inFolders = (chosen: readonly Folder[]): string[] =>
      open.flatMap(({ uri, path }) => {
        const folder = folderOf(folders, path);
        return folder !== null && chosen.includes(folder) ? [uri] : [];
      });
    const again = new Set<string>();
    for (const path of paths) {
      if (isConfigName(path)) {
        // Only a config a run from the folder would find: in its directory or above (never one in node_modules).
        const affected = folders.filter((folder) => dirname(path) === folder.dir || pathBelow(dirname(path), folder.dir) !== null || folder.configFile === path);
        for (const folder of affected) {
          await reloadFolder(folder, this.#setting);
          this.#reportConfig(folder, path);
        }
        for (const uri of inFolders(affected)) again.add(uri);
      } else if (IGNORE_FILE.test(path)) {
        for (const { uri } of open) again.add(uri);
      } else if (folders.some((folder) => folder.engine.baselineFile === path)) {
        for (const uri of inFolders(folders.filter((folder) => folder.engine.baselineFile === path))) again.add(uri);
      } else {
        const dependents = open.flatMap(({ uri }) => (this.#dependencies.get(uri)?.includes(path) === true ? [uri] : []));
        // Module processes that loaded the old file must not serve it again.
        if (dependents.length > 0) for (const folder of folders) folder.engine.update(path);
        for (const uri of dependents) again.add(uri);
        // A file of the directory came, went or changed, but not an open one, which counts by its buffer.
        if (searchedKind(path) !== null && !open.some((one) => one.path === path)) for (const uri of this.#neighbours(path)) again.add(uri);
      }
    }
    return again;
  }

  /**
   * What the server watches itself when the client cannot (docs/editors.md, "The workspace"):
   * each workspace folder with everything below it, a document's own directory outside them,
   * and the places outside those that results depend on: a folder's config or baseline found
   * elsewhere, its repository's .git/info (exclude), the files tool modules and Elixir actions/0 loaded.
   */
  async watchTargets(): Promise<WatchTarget[]> {
    await this.#ready;
    const loose = await Promise.all(this.#loose.values());
    const targets: WatchTarget[] = [];
    for (const folder of [...this.#folders, ...loose]) {
      targets.push({ dir: folder.dir, recursive: !loose.includes(folder) });
      for (const file of [folder.configFile, folder.engine.baselineFile]) if (file !== null) targets.push({ dir: dirname(file), recursive: false });
      for (let dir = folder.dir; ; dir = dirname(dir)) {
        if (statSync(join(dir, ".git"), { throwIfNoEntry: false }) !== undefined) {
          targets.push({ dir: join(dir, ".git", "info"), recursive: false });
          break;
        }
        if (dirname(dir) === dir) break;
      }
    }
    for (const files of this.#dependencies.values()) for (const file of files) targets.push({ dir: dirname(file), recursive: false });
    return targets;
  }

  /** Stops every module process: the server is going away. */
  stop(): void {
    this.#stopped = true;
    this.#setting.pool.stop();
  }
}
