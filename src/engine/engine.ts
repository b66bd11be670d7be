// engine/ is the linter as one object that lives across runs (docs/library.md, "The engine"):
// the Engine holds what every run of a session shares, the config and its ignore rules, the
// severity rules, the module processes (src/modules/pool.ts), the open documents and the
// last result of each file, and lints paths (src/lint/lint-paths.ts) or in-memory texts,
// fixes them (src/fix/), holds them to their pins (src/pins/) and applies the baseline (src/baseline/). The one-shot CLI
// (src/cli/run.ts) runs on it; so may a watch loop, a language server or an MCP server.
// dispose() stops every module process it started.

import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { baselineFile } from "../baseline/baseline-file.js";
import { baselineStep } from "../baseline/step.js";
import { pinsFile } from "../pins/lock-file.js";
import type { Config } from "../config/config.js";
import { configSource } from "../config/find.js";
import { loadConfig } from "../config/load.js";
import { kindOf, NAMED_KINDS, type FileKind } from "../files/kind.js";
import { textOf } from "../files/text.js";
import type { FixOutcome } from "../fix/fix-files.js";
import { appendAll } from "../core/append.js";
import { searchSkips } from "../lint/discover.js";
import type { IgnoreOptions } from "../lint/ignore-rules.js";
import { lintActionSource, lintElixirSource, lintModuleSource, lintPaths } from "../lint/lint-paths.js";
import type { Across } from "../lint/lint-text.js";
import { totals, type FileResult, type LintResult } from "../lint/result.js";
import { DEFAULT_RULES, type SeverityRules } from "../lint/severity.js";
import { ModulePool } from "../modules/pool.js";
import { inspectString } from "../text/escape.js";
import { DEFAULT_CACHE_FILE, ResultCache, type CacheStrategy } from "./cache.js";
import { buildIdentity } from "./build-identity.js";
import { packageVersion } from "./version.js";

// What the library entry names of the engine's inputs and results.
export type { Across, AcrossOf } from "../lint/lint-text.js";
export type { FileResult, LintResult, Summary } from "../lint/result.js";

/** Milliseconds a tool module gets to load when the options name none (the CLI's --load-timeout default). */
export const DEFAULT_LOAD_TIMEOUT_MS = 10_000;

export interface EngineOptions {
  /** The directory paths and the config are found from, and reported files are relative to. */
  readonly cwd: string;
  /** A config file to read (a package.json means its "wymcp-lint" key); false for none; absent or null: the one found from `cwd` upward. */
  readonly config?: string | false | null;
  /** Whether directory and glob searches skip what .gitignore files ignore (default true). */
  readonly ignoreFiles?: boolean;
  /** More patterns for searches to skip, in .gitignore syntax relative to `cwd`. */
  readonly ignorePatterns?: readonly string[];
  /** Wall time each tool module gets to load, in milliseconds (default 10 s). */
  readonly loadTimeoutMs?: number;
  /** Worker threads that lint action files beside the main one; the run's size decides when absent. */
  readonly workers?: number;
  /** The module processes to run modules in; the engine's own (which keeps idle processes for its next run) when absent. Either way dispose() stops them. */
  readonly pool?: ModulePool;
  /** The result cache (README.md, "Cache") lintPaths uses: its file (default .wymcp-lint-cache in `cwd`; in a directory named, that name there; none with `inMemory`, which keeps it for this engine's life) and strategy (default content). None when absent. */
  readonly cache?: { readonly location?: string; readonly strategy?: CacheStrategy; readonly inMemory?: boolean };
  /** Told what goes wrong beside the results (a cache that cannot be read or written), one line each; dropped when absent. */
  readonly warn?: (message: string) => void;
}

/** How a text is linted: the kind its name gives, unless `kind` says otherwise; `startedAt` (performance.now()) starts the result's duration. */
export interface TextOptions {
  readonly kind?: FileKind;
  readonly startedAt?: number;
  /**
   * Offences across files that belong to this file (duplicate-tool, which only lintPaths finds
   * itself), added before its directives apply: its first tool's, or a function given the
   * names of its tools once read that gives each tool's (docs/library.md).
   */
  readonly across?: Across;
  /** For a tool module: told every file it loaded, absolute, its own path first (what its result depends on). */
  readonly onLoaded?: (files: readonly string[]) => void;
}

/** A text after --fix's passes in memory: the fixed text, and the result of linting it (each file with its diff). */
export interface FixedDocument {
  readonly text: string;
  readonly result: LintResult;
  /** Why the text was not fixed, or only in part: one line each. */
  readonly notes: readonly string[];
}

/** What fix() does: write the files (--fix) or only compute their diffs (--fix-dry-run); `stdin` is the text a result of lintText came from. */
export interface FixRequest {
  readonly write: boolean;
  readonly stdin?: Uint8Array | null;
}

/** The baseline step's request (src/baseline/step.ts): --baseline FILE (null: the default one; false: --no-baseline), --update-baseline, and where its notes go. */
export interface BaselineRequest {
  readonly file: string | false | null;
  readonly update: boolean;
  readonly note: (message: string) => void;
}

/** The pins' step's request (src/pins/step.ts): --update-pins, where its notes go, and the severity rules (a server's, when it is one). */
export interface PinsRequest {
  readonly update: boolean;
  readonly note: (message: string) => void;
  readonly rules?: SeverityRules;
}

/** The config as severity rules; picomatch comes with them, loaded only for a run with a config. */
async function rulesOf(config: Config | null, cwd: string): Promise<SeverityRules> {
  if (config === null) return DEFAULT_RULES;
  const { configRules } = await import("../config/severity-rules.js");
  return configRules(config, cwd);
}

function asBytes(text: string | Uint8Array): Buffer {
  return typeof text === "string" ? Buffer.from(text, "utf8") : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
}

export class Engine {
  readonly cwd: string;
  /** The config it read, null when there is none. */
  readonly config: Config | null;
  /** Each code's severity per file, from the config. */
  readonly rules: SeverityRules;
  readonly #options: EngineOptions;
  readonly #pool: ModulePool;
  readonly #ignore: IgnoreOptions;
  /** Open documents: a file's text as an editor holds it, linted in place of what is on disk. */
  readonly #documents = new Map<string, string>();
  /** The last results of each file (an Elixir file's one per tool module, any other's one), by absolute path (byPath() keys the last run's, which are held until asked for). */
  readonly #results = new Map<string, readonly FileResult[]>();
  /** The files of the last run, not yet keyed: a one-shot run never asks, and keying 2,000 paths costs it milliseconds. */
  #unkeyed: readonly FileResult[] = [];
  readonly #cache: ResultCache | null;
  #disposed = false;

  private constructor(options: EngineOptions, config: Config | null, rules: SeverityRules) {
    this.cwd = resolve(options.cwd);
    this.config = config;
    this.rules = rules;
    this.#options = options;
    this.#pool = options.pool ?? new ModulePool(undefined, { keepIdle: true });
    this.#ignore = {
      ignoreFiles: options.ignoreFiles ?? true,
      patterns: options.ignorePatterns ?? [],
      ...(config === null ? {} : { config: { base: config.dir, patterns: config.ignore } }),
    };
    this.#cache = options.cache === undefined ? null : this.#openCache(options.cache);
  }

  #openCache(options: NonNullable<EngineOptions["cache"]>): ResultCache {
    let file: string | null = options.inMemory === true ? null : resolve(this.cwd, options.location ?? DEFAULT_CACHE_FILE);
    if (file !== null && statSync(file, { throwIfNoEntry: false })?.isDirectory() === true) file = join(file, DEFAULT_CACHE_FILE);
    const key = { version: packageVersion(), build: buildIdentity(), strategy: options.strategy ?? "content", config: this.config, loadTimeoutMs: this.#loadTimeoutMs };
    return new ResultCache(file, key, this.#options.warn ?? (() => undefined));
  }

  /** An engine for `options`: the config read and checked now (a mistake in it throws UsageError). */
  static async create(options: EngineOptions): Promise<Engine> {
    const cwd = resolve(options.cwd);
    const source = configSource(options.config ?? null, cwd);
    const config = source === null ? null : loadConfig(source, cwd);
    return new Engine(options, config, await rulesOf(config, cwd));
  }

  get #loadTimeoutMs(): number {
    return this.#options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS;
  }

  #live(): void {
    if (this.#disposed) throw new Error("this engine was disposed");
  }

  /** Lints the files `paths` name (directories, files, globs; none: the current directory), open documents as their text. Throws UsageError for a mistake in the paths. */
  async lintPaths(paths: readonly string[], startedAt = performance.now()): Promise<LintResult> {
    this.#live();
    const { workers } = this.#options;
    const cache = this.#cache;
    const request = {
      paths,
      cwd: this.cwd,
      timeoutMs: this.#loadTimeoutMs,
      startedAt,
      ignore: this.#ignore,
      rules: this.rules,
      pool: this.#pool,
      ...(workers === undefined ? {} : { workers }),
      ...(cache === null ? {} : { cache }),
    };
    cache?.beginRun();
    // Files may have changed since a kept process's modules loaded theirs (src/modules/pool.ts).
    this.#pool.dropUsed();
    let result = await lintPaths(request);
    if (cache !== null) {
      cache.save();
      result = { ...result, cache: cache.counts };
    }
    if (this.#documents.size > 0) result = await this.#withDocuments(result, startedAt);
    this.#remember(result.files);
    return result;
  }

  /** The files of a run are the last result of each: kept unkeyed until byPath() (the run before is keyed first, so the newer wins). */
  #remember(files: readonly FileResult[]): void {
    this.#byPath();
    this.#unkeyed = files;
  }

  /** The last result of each file, by absolute path, the last run's keyed now. */
  #byPath(): Map<string, readonly FileResult[]> {
    // A file's results are next to each other: the first of them replaces what was kept.
    let last: string | null = null;
    for (const file of this.#unkeyed) {
      if (file.file === last) (this.#results.get(resolve(this.cwd, file.file)) as FileResult[]).push(file);
      else this.#results.set(resolve(this.cwd, file.file), [file]);
      last = file.file;
    }
    this.#unkeyed = [];
    return this.#results;
  }

  /** The result with each open document's file linted from its text. */
  async #withDocuments(result: LintResult, startedAt: number): Promise<LintResult> {
    const files: FileResult[] = [];
    for (const [i, file] of result.files.entries()) {
      const text = this.#documents.get(resolve(this.cwd, file.file));
      if (text === undefined) files.push(file);
      // (An Elixir file's several results are the text's, once.)
      else if (result.files[i - 1]?.file !== file.file) appendAll(files, (await this.#lintOne(asBytes(text), file.file, startedAt)).files);
    }
    return { ...result, files, summary: totals(files, false) };
  }

  async #lintOne(bytes: Buffer, file: string, startedAt: number, options: TextOptions = {}): Promise<LintResult> {
    const as = options.kind ?? kindOf(file);
    if (as === null) throw new TypeError(`${inspectString(file)} does not name ${NAMED_KINDS}`);
    const { across, onLoaded } = options;
    const source = { startedAt, rules: this.rules, ...(across === undefined ? {} : { across }) };
    const load = { timeoutMs: this.#loadTimeoutMs, pool: this.#pool, ...(onLoaded === undefined ? {} : { onLoaded }) };
    if (as === "module") return lintModuleSource(bytes, file, resolve(this.cwd, file), { ...source, ...load });
    if (as === "elixir") return lintElixirSource(bytes, file, resolve(this.cwd, file), source);
    return lintActionSource(bytes, file, as, source);
  }

  /**
   * Lints `text` as the file `file` names (relative to cwd, as reports name it), which is never
   * read: an action file by its bytes, a tool module loaded from the text in a module process as
   * if it were that file. The result's one file has its offences with their edits, as the CLI reports them.
   */
  async lintText(text: string | Uint8Array, file: string, options: TextOptions = {}): Promise<LintResult> {
    this.#live();
    // Files on disk may have changed since a kept process's modules loaded theirs (src/modules/pool.ts).
    this.#pool.dropUsed();
    const result = await this.#lintOne(asBytes(text), file, options.startedAt ?? performance.now(), options);
    this.#byPath().set(resolve(this.cwd, file), result.files);
    return result;
  }

  /** `text` fixed in memory as --fix would fix the file `file` names (which is neither read nor written). */
  async fixText(text: string | Uint8Array, file: string, options: TextOptions = {}): Promise<FixedDocument> {
    const bytes = asBytes(text);
    const fixed = await this.fix(await this.lintText(bytes, file, options), { write: false, stdin: bytes });
    return { text: fixed.texts.get(file) ?? textOf(bytes).text, result: fixed.result, notes: fixed.notes };
  }

  /** --fix (write) or --fix-dry-run over a result of lintPaths or lintText: the result after the fixes, each file with its diff. */
  async fix(result: LintResult, request: FixRequest): Promise<FixOutcome> {
    this.#live();
    // Loaded only when fixing: a plain lint does not pay for it.
    const { fixFiles } = await import("../fix/fix-files.js");
    const fixed = await fixFiles(result, {
      write: request.write,
      cwd: this.cwd,
      stdin: request.stdin ?? null,
      loadTimeoutMs: this.#loadTimeoutMs,
      rules: this.rules,
      pool: this.#pool,
    });
    this.#remember(fixed.result.files);
    if (this.#cache !== null && request.write) {
      // What a file that was written was linted from is gone: the next run lints it again.
      for (const file of fixed.texts.keys()) this.#cache.forget(resolve(this.cwd, file));
      this.#cache.save();
    }
    return result.cache === undefined ? fixed : { ...fixed, result: { ...fixed.result, cache: result.cache } };
  }

  /** The baseline step over a result (README.md, "Baseline"): recorded offences out, or with `update` the baseline written first. */
  baseline(result: LintResult, request: BaselineRequest): LintResult {
    this.#live();
    // --no-config applies no default baseline either.
    const config = this.#options.config === false ? false : this.config;
    return baselineStep(result, { flag: request.file, update: request.update, config, cwd: this.cwd, note: request.note });
  }

  /**
   * Whether a search of `cwd` (lintPaths with no paths) skips the file `file` names: in
   * node_modules or a dot-folder, or ignored by the ignore rules, which are read afresh, so a
   * changed .gitignore counts at once. A file outside `cwd` is not skipped.
   */
  ignores(file: string): boolean {
    return searchSkips(resolve(this.cwd, file), this.cwd, this.#ignore);
  }

  /** The baseline file baseline() reads when given no file (the config's, or the default one), absolute; null under `config: false`. */
  get baselineFile(): string | null {
    return baselineFile(null, this.#options.config === false ? false : this.config, this.cwd)?.path ?? null;
  }

  /** The pins' step over a result (docs/pins.md): with `update`, the lock file written; else, when it exists, every change of a pinned surface an offence. */
  async pins(result: LintResult, request: PinsRequest): Promise<LintResult> {
    this.#live();
    const config = this.#options.config === false ? false : this.config;
    if (!request.update && !existsSync(pinsFile(config, this.cwd))) return result;
    // Loaded only for a run with pins: a plain lint never hashes its surfaces.
    const { pinsStep } = await import("../pins/step.js");
    return pinsStep(result, { update: request.update, config, cwd: this.cwd, rules: request.rules ?? this.rules, note: request.note });
  }

  /** Token estimates over a result (docs/tokens.md), when the config asks for them: none otherwise, and the tokenizer is not loaded. */
  async tokens(result: LintResult, rules: SeverityRules = this.rules): Promise<LintResult> {
    this.#live();
    const budgets = this.config?.tokens ?? null;
    if (budgets === null) return result;
    const { tokensStep } = await import("../tokens/step.js");
    return tokensStep(result, { budgets, cwd: this.cwd, rules });
  }

  /**
   * The file changed: its last result is dropped; with `text`, it is an open document, linted
   * from that text (by lintPaths too) until forgotten.
   */
  update(file: string, text?: string): void {
    this.#pool.dropUsed();
    const path = resolve(this.cwd, file);
    this.#byPath().delete(path);
    if (text !== undefined) this.#documents.set(path, text);
  }

  /** The file is closed or gone: its open document and its last result are dropped. */
  forget(file: string): void {
    this.#pool.dropUsed();
    const path = resolve(this.cwd, file);
    this.#documents.delete(path);
    this.#byPath().delete(path);
  }

  /** Every file a tool module loaded when it was last linted (absolute paths), as the cache keeps them; none without a cache. */
  loadedFiles(): ReadonlySet<string> {
    return this.#cache?.loadedFiles() ?? new Set();
  }

  /** The last result of the file `file` names, if it was linted since it last changed (an Elixir file of several tool modules: its first tool's; resultsOf gives each). */
  resultOf(file: string): FileResult | undefined {
    return this.resultsOf(file)[0];
  }

  /** The last results of the file `file` names (an Elixir file's one per tool module, any other's one); none when it was not linted since it last changed. */
  resultsOf(file: string): readonly FileResult[] {
    return this.#byPath().get(resolve(this.cwd, file)) ?? [];
  }

  /** Stops every module process and drops what it holds; the engine cannot be used after. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#pool.stop();
    this.#documents.clear();
    this.#results.clear();
    this.#unkeyed = [];
  }
}
