// engine/ is the linter as one object that lives across runs (docs/library.md, "The engine"):
// the Engine holds what every run of a session shares, the config and its ignore rules, the
// severity rules, the module processes (src/modules/pool.ts), the result cache, the open
// documents and the last result of each file. One run, whoever asks (the CLI and --watch, the
// language server, the MCP server, a program), takes the same steps in one order: the files
// or the text through the per-file pipeline (src/lint/pipeline.ts), then the fixes
// (src/fix/), the pins (src/pins/), the token estimates (src/tokens/) and the baseline
// (src/baseline/), each as the engine's policy says (policy.ts). dispose() stops every module
// process it started.

import { existsSync, lstatSync, realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { baselineFile } from "../baseline/baseline-file.js";
import { baselineStep } from "../baseline/step.js";
import { pinsFile } from "../pins/lock-file.js";
import { DEFAULT_ELIXIR_TIMEOUT_SECONDS, type Config } from "../config/config.js";
import { configSource } from "../config/find.js";
import { loadConfig } from "../config/load.js";
import { toolOffence } from "../core/offence.js";
import { kindOf, NAMED_KINDS, type FoundFile } from "../files/kind.js";
import { textOf } from "../files/text.js";
import type { Input, ReadContext } from "../inputs/index.js";
import { compareFiles, discover, searchSkips, type UnreadablePlace } from "../lint/discover.js";
import type { IgnoreOptions } from "../lint/ignore-rules.js";
import { lintInputs, resolved, type Across, type Linted } from "../lint/pipeline.js";
import { totals, type FileResult, type LintResult } from "../lint/result.js";
import { DEFAULT_RULES, type SeverityRules } from "../lint/severity.js";
import { ModulePool } from "../modules/pool.js";
import type { ServerTarget } from "../server/target.js";
import { inspectString } from "../text/escape.js";
import { loadingPart, OPTIONAL_PARTS } from "../optional-parts.js";
import { UsageError } from "../usage-error.js";
import { DEFAULT_CACHE_FILE, ResultCache, type CacheStrategy } from "./cache.js";
import { buildIdentity } from "./build-identity.js";
import { LIBRARY_ENGINE, type Policy } from "./policy.js";
import { packageVersion } from "./version.js";
import { now } from "../core/clock.js";

// What the library entry names of the engine's inputs and results.
export type { Across, AcrossOf } from "../lint/pipeline.js";
export type { FileResult, LintResult, Summary } from "../lint/result.js";
export type { Policy } from "./policy.js";

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
  /** Worker threads that read action files beside the main one; the run's size decides when absent. */
  readonly workers?: number;
  /** The module processes to run modules in; the engine's own (which keeps idle processes for its next run) when absent. Either way dispose() stops them. */
  readonly pool?: ModulePool;
  /** The result cache (docs/cli.md, "Cache") runs over paths use: its file (default .wymcp-lint-cache in `cwd`; in a directory named, that name there; none with `inMemory`, which keeps it for this engine's life) and strategy (default content). None when absent. */
  readonly cache?: { readonly location?: string; readonly strategy?: CacheStrategy; readonly inMemory?: boolean };
  /** Told what goes wrong beside the results (a cache that cannot be read or written), one line each; dropped when absent. */
  readonly warn?: (message: string) => void;
  /** What a run applies beside the checks (policy.ts): the surface's; the library's when absent. */
  readonly policy?: Policy;
  /** Whether each run tracks what each file's result depends on (RunOutcome.dependencies): a watch and an editor follow them. */
  readonly dependencies?: boolean;
  /** Evaluate Elixir tool modules with their project's Elixir (--elixir-eval), as the config's `elixir.evaluate` does; under a policy that allows it (policy.ts). */
  readonly elixirEvaluate?: boolean;
}

/** What a run lints: files and directories (none: the current directory), one text as the file it names (never read), or a running server. */
export type Target =
  | { readonly paths: readonly string[] }
  | {
      readonly text: string | Uint8Array;
      /** The file the text is linted as, relative to cwd (as reports name it): its kind, its tool's name, the config's overrides and where its imports resolve come from it. */
      readonly file: string;
      /**
       * What is known across files of this text (duplicate-tool, which a run over paths finds
       * itself), in place of duplicate-tool among its own tools: its first tool's offences, or a
       * function given the names of its tools once read that gives each tool's (docs/library.md).
       */
      readonly across?: Across;
    }
  | { readonly server: ServerTarget; readonly timeoutMs: number };

/** The steps a run takes beyond the lint, when its policy has them: each as the command line asks. */
export interface RunRequest {
  /** When the run began, by core/clock.ts's now(). */
  readonly startedAt?: number;
  /** Fix what can be fixed (--fix, `write`; --fix-dry-run and fixText, not): the report is what is left, each fixed file with its diff. */
  readonly fix?: { readonly write: boolean };
  /** --update-pins: write the lock file rather than hold the run to it. */
  readonly updatePins?: boolean;
  /** --baseline FILE (null: the default one; false: --no-baseline) and --update-baseline. */
  readonly baseline?: { readonly file?: string | false | null; readonly update?: boolean };
  /** Told what a step did or could not do (a file not fixed, the pins written), one line each. */
  readonly note?: (message: string) => void;
  /** Stops the run when it aborts (a cancelled call): its tool modules' processes are stopped, and run() rejects with its reason. */
  readonly signal?: AbortSignal;
  /** Read each file's declaration whole (FileResult.declaration) even when no step after the lint needs it, with where its values are written (FileResult.places): --print-declaration. */
  readonly declarations?: boolean;
}

/** What a run's read keeps of each declaration (ReadContext.declarations): nothing, the declaration, or that with where its values are written. */
type Declarations = boolean | "placed";

/** A run's answer: the result, and what else the steps produced. */
export interface RunOutcome {
  readonly result: LintResult;
  /** The fixed text of each file that changed (written or not), by its name in the result. */
  readonly texts: ReadonlyMap<string, string>;
  /** What each file's result depends on beyond itself (absolute), by the file's absolute path, when the engine tracks it. */
  readonly dependencies: ReadonlyMap<string, readonly string[]>;
  /** The files the steps after the lint wrote (the lock file, the baseline), absolute path → the text written: a watch does not lint again for its own writes. */
  readonly written: ReadonlyMap<string, string>;
  /** A baseline that could not be read, under a policy that goes on without it (its file, absolute, and the mistake). */
  readonly baselineProblem?: { readonly file: string; readonly error: UsageError };
}

/** A baseline that cannot be read or written (a usage error, with the baseline's own message), told apart from a mistake in the paths. */
export class BaselineError extends UsageError {}

/** A text after --fix's passes in memory: the fixed text, and the result of linting it (each file with its diff). */
export interface FixedDocument {
  readonly text: string;
  readonly result: LintResult;
  /** Why the text was not fixed, or only in part: one line each. */
  readonly notes: readonly string[];
}

/** The config as severity rules; picomatch comes with them, loaded only for a run with a config. */
async function rulesOf(config: Config | null, cwd: string): Promise<SeverityRules> {
  if (config === null) return DEFAULT_RULES;
  const { configRules } = await import("../config/severity-rules.js");
  return configRules(config, cwd);
}

/** A running server's severity rules: its rows name no file, so the config's rules alone. */
async function serverRulesOf(config: Config | null): Promise<SeverityRules> {
  if (config === null) return DEFAULT_RULES;
  const { serverRules } = await import("../config/severity-rules.js");
  return serverRules(config);
}

/**
 * A directory that could not be searched, as a file result of its own: a parse-error, the
 * code of a file that cannot be read, so the run fails and the rest is still linted.
 */
function unreadablePlaceResult(place: UnreadablePlace): FileResult {
  const offence = toolOffence(
    "parse-error",
    `the directory cannot be read: ${place.reason}`,
    "Make the directory readable by the user running wymcp-lint, or leave it out of the paths (--ignore-pattern).",
  );
  return { file: place.file, tool: null, actions: 0, offences: [offence] };
}

/** Whether a directory itself is at `path` (a link is not followed; a link that loops is none). */
function isDirectory(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}

function asBytes(text: string | Uint8Array): Buffer {
  return typeof text === "string" ? Buffer.from(text, "utf8") : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
}

/**
 * How Elixir tool modules are evaluated, when the options or the config ask and the policy
 * allows it: the `mix` found now (none is a UsageError) and the time one project gets.
 */
async function elixirOf(options: EngineOptions, config: Config | null): Promise<ReadContext["elixir"]> {
  const asked = options.elixirEvaluate === true || config?.elixir?.evaluate === true;
  if (!asked || !(options.policy ?? LIBRARY_ENGINE).elixirEvaluation) return undefined;
  const { findMix } = await import("../elixir/evaluate.js");
  const configured = config?.elixir?.mix ?? null;
  const mix = findMix(configured, config?.dir ?? resolve(options.cwd), process.env["PATH"]);
  if (mix === null) {
    throw new UsageError(
      configured === null
        ? "--elixir-eval runs the project's mix, and no mix was found on PATH: install Elixir, or name it in the config's elixir.mix"
        : `--elixir-eval runs the project's mix, and the config's elixir.mix, ${inspectString(configured)}, is no executable`,
    );
  }
  return { mix, timeoutMs: (config?.elixir?.timeoutSeconds ?? DEFAULT_ELIXIR_TIMEOUT_SECONDS) * 1000 };
}

export class Engine {
  readonly cwd: string;
  /** The config it read, null when there is none. */
  readonly config: Config | null;
  /** Each code's severity per file, from the config. */
  readonly rules: SeverityRules;
  /** What a run applies beside the checks (policy.ts). */
  readonly policy: Policy;
  readonly #options: EngineOptions;
  readonly #pool: ModulePool;
  readonly #ignore: IgnoreOptions;
  /** Open documents: a file's text as an editor holds it, linted in place of what is on disk. */
  readonly #documents = new Map<string, string>();
  /** The last results of each file (an Elixir file's one per tool module, any other's one), by absolute path (byPath() keys the last run's, which are held until asked for). */
  readonly #results = new Map<string, readonly FileResult[]>();
  /** The files of the last run, not yet keyed: a one-shot run never asks, and keying 2,000 paths costs it milliseconds. */
  #unkeyed: readonly FileResult[] = [];
  /** What each file's last result depended on beyond itself, by absolute path (tracked with EngineOptions.dependencies). */
  readonly #dependencies = new Map<string, readonly string[]>();
  readonly #cache: ResultCache | null;
  /** How Elixir tool modules are evaluated, when they are (ReadContext.elixir). */
  readonly #elixir: ReadContext["elixir"];
  #disposed = false;

  private constructor(options: EngineOptions, config: Config | null, rules: SeverityRules, elixir: ReadContext["elixir"]) {
    this.cwd = resolve(options.cwd);
    this.config = config;
    this.rules = rules;
    this.policy = options.policy ?? LIBRARY_ENGINE;
    this.#options = options;
    this.#pool = options.pool ?? new ModulePool(undefined, { keepIdle: true });
    this.#ignore = {
      ignoreFiles: (options.ignoreFiles ?? true) && this.policy.ignore,
      patterns: options.ignorePatterns ?? [],
      ...(config === null || !this.policy.ignore ? {} : { config: { base: config.dir, patterns: config.ignore } }),
    };
    this.#cache = options.cache === undefined ? null : this.#openCache(options.cache);
    this.#elixir = elixir;
  }

  #openCache(options: NonNullable<EngineOptions["cache"]>): ResultCache {
    let file: string | null = options.inMemory === true ? null : resolve(this.cwd, options.location ?? DEFAULT_CACHE_FILE);
    // A directory named (itself, not a link to one, which the cache never follows) holds the cache under its default name.
    if (file !== null && isDirectory(file)) file = join(file, DEFAULT_CACHE_FILE);
    const key = { version: packageVersion(), build: buildIdentity(), strategy: options.strategy ?? "content", config: this.config, loadTimeoutMs: this.#loadTimeoutMs };
    return new ResultCache(file, key, this.#options.warn ?? (() => undefined));
  }

  /** An engine for `options`: the config read and checked now (a mistake in it throws UsageError), unless the policy reads none. */
  static async create(options: EngineOptions): Promise<Engine> {
    const cwd = resolve(options.cwd);
    const readsConfig = (options.policy ?? LIBRARY_ENGINE).config !== null;
    const source = readsConfig ? configSource(options.config ?? null, cwd) : null;
    const config = source === null ? null : await loadConfig(source, cwd);
    return new Engine(options, config, await rulesOf(config, cwd), await elixirOf(options, config));
  }

  get #loadTimeoutMs(): number {
    return this.#options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS;
  }

  #live(): void {
    if (this.#disposed) throw new Error("this engine was disposed");
  }

  /** The config as the steps after the lint read it: none under --no-config, which applies no default baseline or lock file either. */
  get #stepConfig(): Config | null | false {
    return this.#options.config === false ? false : this.config;
  }

  /** What reading the files needs: the module processes, the workers, the cache (for runs over paths), what is tracked, what stops it. */
  #readContext(declarations: Declarations, cache: ResultCache | null, signal: AbortSignal | undefined): ReadContext {
    const { workers } = this.#options;
    return {
      timeoutMs: this.#loadTimeoutMs,
      pool: this.#pool,
      ...(signal === undefined ? {} : { signal }),
      ...(workers === undefined ? {} : { workers }),
      ...(cache === null ? {} : { cache }),
      ...(this.#options.dependencies === true ? { dependencies: true } : {}),
      ...(declarations === false ? {} : { declarations }),
      ...(this.#elixir === undefined ? {} : { elixir: this.#elixir }),
    };
  }

  /** Whether the steps after this run's lint read the declarations (the pins, when a lock file exists or is written; the token estimates, when the config asks). */
  #wantsDeclarations(request: RunRequest): boolean {
    const pins = this.policy.pins && (request.updatePins === true || existsSync(pinsFile(this.#stepConfig, this.cwd)));
    return pins || (this.policy.tokens && (this.config?.tokens ?? null) !== null);
  }

  /** The files `paths` name linted, open documents as their text. Throws UsageError for a mistake in the paths. */
  async #lintPaths(paths: readonly string[], startedAt: number, declarations: Declarations, signal: AbortSignal | undefined): Promise<{ result: LintResult; linted: Linted }> {
    const cache = this.#cache;
    cache?.beginRun();
    const { files: found, unreadable } = await discover(paths, this.cwd, { ignore: this.#ignore, ...(this.policy.confined ? { within: realpathSync(this.cwd) } : {}) });
    const inputs: Input[] = found.map((one) => {
      const text = this.#documents.get(one.path);
      return text === undefined ? { found: one } : { found: one, text };
    });
    const linted = await lintInputs(inputs, { read: this.#readContext(declarations, cache, signal), rules: this.rules, suppress: this.policy.suppressions });
    const files =
      unreadable.length === 0
        ? linted.files
        : [...linted.files, ...unreadable.map((place) => resolved(unreadablePlaceResult(place), this.rules))].sort((a, b) => compareFiles(a.file, b.file));
    let result: LintResult = { files, summary: totals(files, false), durationMs: now() - startedAt };
    if (cache !== null) {
      cache.save();
      // A watch's cache in memory is no user's: only a cache file's counts are reported.
      if (this.#options.cache?.inMemory !== true) result = { ...result, cache: cache.counts };
    }
    return { result, linted };
  }

  /** One text linted as the file `file` names (never read). */
  async #lintText(
    text: string | Uint8Array,
    file: string,
    across: Across | undefined,
    startedAt: number,
    declarations: Declarations,
    signal: AbortSignal | undefined,
  ): Promise<{ result: LintResult; linted: Linted }> {
    const kind = kindOf(file);
    if (kind === null) throw new TypeError(`${inspectString(file)} does not name ${NAMED_KINDS}`);
    const found: FoundFile = { file, path: resolve(this.cwd, file), kind };
    const linted = await lintInputs([{ found, text }], {
      read: this.#readContext(declarations, null, signal),
      rules: this.rules,
      suppress: this.policy.suppressions,
      ...(across === undefined ? {} : { across: () => across }),
    });
    return { result: { files: linted.files, summary: totals(linted.files, false), durationMs: now() - startedAt }, linted };
  }

  /**
   * One run: the target linted through the pipeline, then, as the policy and the request say,
   * fixed, held to its pins, estimated, and the baseline applied, in that order. Throws
   * UsageError for a mistake in the paths, in a baseline a policy requires, or a server that
   * cannot be linted (ServerFailure).
   */
  async run(target: Target, request: RunRequest = {}): Promise<RunOutcome> {
    this.#live();
    const startedAt = request.startedAt ?? now();
    const note = request.note ?? (() => undefined);
    const declarations: Declarations = request.declarations === true ? "placed" : this.#wantsDeclarations(request);
    // Files on disk may have changed since a kept process's modules loaded theirs (src/modules/pool.ts).
    this.#pool.dropUsed();
    let result: LintResult;
    let rules = this.rules;
    let linted: Linted | null = null;
    if ("server" in target) {
      // Loaded only here: linting files never pays for the MCP SDK, an optional part.
      const { lintServer } = await loadingPart(OPTIONAL_PARTS.sdk, "Linting a running server", () => import("../server/lint-server.js"));
      rules = await serverRulesOf(this.config);
      result = await lintServer(target.server, { timeoutMs: target.timeoutMs, version: packageVersion(), startedAt, rules });
    } else {
      ({ result, linted } =
        "paths" in target
          ? await this.#lintPaths(target.paths, startedAt, declarations, request.signal)
          : await this.#lintText(target.text, target.file, target.across, startedAt, declarations, request.signal));
      for (const [path, dependencies] of linted.dependencies) this.#dependencies.set(path, dependencies);
      this.#remember(result.files);
    }
    let texts: ReadonlyMap<string, string> = new Map();
    const written = new Map<string, string>();
    const wrote = (path: string, text: string): void => void written.set(path, text);
    if (request.fix !== undefined && this.policy.fixes !== null && linted !== null) {
      const fixed = await this.#fix(result, request.fix.write && this.policy.fixes === "write", "text" in target ? asBytes(target.text) : null, declarations, request.signal);
      for (const line of fixed.notes) note(line);
      result = result.cache === undefined ? fixed.result : { ...fixed.result, cache: result.cache };
      texts = fixed.texts;
    }
    if (this.policy.pins && (request.updatePins === true || existsSync(pinsFile(this.#stepConfig, this.cwd)))) {
      // Loaded only for a run with pins: a plain lint never hashes its surfaces.
      const { pinsStep } = await import("../pins/step.js");
      result = pinsStep(result, { update: request.updatePins === true, config: this.#stepConfig, cwd: this.cwd, rules, note, wrote });
    }
    const budgets = this.policy.tokens ? (this.config?.tokens ?? null) : null;
    if (budgets !== null) {
      const { tokensStep } = await import("../tokens/step.js");
      result = await tokensStep(result, { budgets, cwd: this.cwd, rules });
    }
    let baselineProblem: RunOutcome["baselineProblem"];
    // A running server has no files to key a baseline by.
    if (this.policy.baseline !== null && !("server" in target)) {
      try {
        result = baselineStep(result, { flag: request.baseline?.file ?? null, update: request.baseline?.update === true, config: this.#stepConfig, cwd: this.cwd, note, wrote });
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        const file = this.baselineFile;
        if (this.policy.baseline === "apply" || file === null) throw new BaselineError(error.message, { cause: error });
        baselineProblem = { file, error };
      }
    }
    return { result, texts, dependencies: linted?.dependencies ?? new Map(), written, ...(baselineProblem === undefined ? {} : { baselineProblem }) };
  }

  /** --fix (write) or --fix-dry-run over a run's result: each fixed text linted again through the pipeline as its file was, keeping what the run found across files. */
  async #fix(result: LintResult, write: boolean, given: Buffer | null, declarations: Declarations, signal: AbortSignal | undefined) {
    // Loaded only when fixing: a plain lint does not pay for it.
    const { fixFiles } = await import("../fix/fix-files.js");
    const fixed = await fixFiles(result, {
      write,
      cwd: this.cwd,
      given,
      relint: async (file, text, across) => {
        const kind = kindOf(file);
        if (kind === null) return [];
        const found: FoundFile = { file, path: resolve(this.cwd, file), kind };
        const linted = await lintInputs([{ found, text }], {
          read: this.#readContext(declarations, null, signal),
          rules: this.rules,
          suppress: this.policy.suppressions,
          across: () => (tools) => tools.map((_, i) => across[i] ?? []),
        });
        return linted.files;
      },
    });
    this.#remember(fixed.result.files);
    if (this.#cache !== null && write) {
      // What a file that was written was linted from is gone: the next run lints it again.
      for (const file of fixed.texts.keys()) this.#cache.forget(resolve(this.cwd, file));
      this.#cache.save();
    }
    return fixed;
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

  /** Lints the files `paths` name (directories, files, globs; none: the current directory), open documents as their text: run({ paths })'s result. */
  async lintPaths(paths: readonly string[], startedAt = now()): Promise<LintResult> {
    return (await this.run({ paths }, { startedAt })).result;
  }

  /** Lints `text` as the file `file` names (relative to cwd, as reports name it), which is never read: run({ text, file, across })'s result. */
  async lintText(text: string | Uint8Array, file: string, options: { readonly across?: Across; readonly startedAt?: number } = {}): Promise<LintResult> {
    const { across, startedAt } = options;
    return (await this.run({ text, file, ...(across === undefined ? {} : { across }) }, startedAt === undefined ? {} : { startedAt })).result;
  }

  /** `text` fixed in memory as --fix would fix the file `file` names (which is neither read nor written). */
  async fixText(text: string | Uint8Array, file: string, options: { readonly across?: Across; readonly signal?: AbortSignal } = {}): Promise<FixedDocument> {
    const notes: string[] = [];
    const { across, signal } = options;
    const outcome = await this.run(
      { text, file, ...(across === undefined ? {} : { across }) },
      { fix: { write: false }, note: (line) => void notes.push(line), ...(signal === undefined ? {} : { signal }) },
    );
    return { text: outcome.texts.get(file) ?? textOf(asBytes(text)).text, result: outcome.result, notes };
  }

  /**
   * Whether a search of `cwd` (lintPaths with no paths) skips the file `file` names: in
   * node_modules or a dot-folder, or ignored by the ignore rules, which are read afresh, so a
   * changed .gitignore counts at once. A file outside `cwd` is not skipped.
   */
  ignores(file: string): boolean {
    return searchSkips(resolve(this.cwd, file), this.cwd, this.#ignore);
  }

  /** The baseline file a run reads when given no file (the config's, or the default one), absolute; null when the policy applies none, or under `config: false`. */
  get baselineFile(): string | null {
    if (this.policy.baseline === null) return null;
    return baselineFile(null, this.#stepConfig, this.cwd)?.path ?? null;
  }

  /**
   * The file changed: its last result is dropped; with `text`, it is an open document, linted
   * from that text (by runs over paths too) until forgotten.
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

  /** Every file the last results depend on beyond themselves (absolute paths): what a tool module loaded, what an Elixir module's actions/0 read, from the runs and the cache. */
  dependencies(): ReadonlySet<string> {
    const files = new Set(this.#cache?.loadedFiles() ?? []);
    for (const list of this.#dependencies.values()) for (const file of list) files.add(file);
    return files;
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
    this.#dependencies.clear();
    this.#unkeyed = [];
  }
}
