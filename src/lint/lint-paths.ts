// The run over files, from the command line's paths to one LintResult (docs/inputs.md,
// docs/report.md): discover the files (discover.ts), lint the action files (scheduler.ts,
// with the action-file loader) and the tool modules (the module loader, behind
// lintToolModules), read the Elixir files (one lint per tool module they hold), add
// duplicate-tool across files (duplicate-tools.ts), make each module's lint whole from its
// text, read once (lint-text.ts: its one locating pass, then its directives), apply the
// action files' inline suppression directives (src/suppress/suppress.ts), resolve severities
// (severity.ts) and sum up. lintActionSource, lintModuleSource and lintElixirSource are the
// same for one file read from standard input. A file's failure stays in that file's result; only our own bugs throw. Called by
// src/cli/run.ts.

import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { performance } from "node:perf_hooks";
import { offencesToPlace, withPlaced, type ToolLint } from "../core/tool-lint.js";
import type { ModulePool } from "../modules/pool.js";
import { decode, readText } from "../action-file/decode.js";
import type { ElixirLint } from "../elixir/index.js";
import { toolOffence, type Offence } from "../core/offence.js";
import { capOffences } from "../core/offence-cap.js";
import { compareFiles, discover, type UnreadablePlace } from "./discover.js";
import { openablePath, type FoundFile } from "../files/kind.js";
import { duplicateToolOffences } from "./duplicate-tools.js";
import type { IgnoreOptions } from "./ignore-rules.js";
import type { LintCache } from "./lint-cache.js";
import { locateToolModule } from "../locate/tool-module.js";
import { sortOffences } from "../core/order.js";
import { textOf } from "../files/text.js";
import { suppressLint } from "../suppress/suppress.js";
import { totals, type FileResult, type LintResult } from "./result.js";
import type { ScheduleOptions } from "./scheduler.js";
import type { Across, AcrossOf } from "./lint-text.js";
import { DEFAULT_RULES, resolveSeverities, type SeverityRules } from "./severity.js";

/**
 * The module loader's one interface (src/modules/index.ts): the ToolLint of each tool
 * module, in the files' order, however they are isolated and run.
 */
export type LintToolModules = (
  files: readonly string[],
  options: { readonly timeoutMs: number; readonly concurrency?: number; readonly pool?: ModulePool; readonly onLoaded?: (file: string, loaded: readonly string[]) => void },
) => Promise<ToolLint[]>;

export interface LintFilesOptions extends ScheduleOptions {
  /** Wall time each tool module gets to load (--load-timeout), in milliseconds. */
  readonly timeoutMs: number;
  /** Tool modules loaded at once; the loader's default when absent. */
  readonly concurrency?: number;
  /** performance.now() when the run began, so durationMs covers discovery too. */
  readonly startedAt?: number;
  /** Each code's severity per file (severity.ts); every default when absent. */
  readonly rules?: SeverityRules;
  /** The run's module processes (src/modules/pool.ts); the modules get a pool of their own when absent. */
  readonly pool?: ModulePool;
  /** What earlier runs found (lint-cache.ts): a file it keeps is not linted again. */
  readonly cache?: LintCache;
}

export interface LintPathsOptions extends LintFilesOptions {
  /** The paths as given (directories, files, globs); none means the current directory. */
  readonly paths: readonly string[];
  /** The directory the paths are relative to. */
  readonly cwd: string;
  /** What directory and glob searches skip (discover's default when absent). */
  readonly ignore?: IgnoreOptions;
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

/** Discovers the files `paths` name and lints them. Throws UsageError for a mistake in the paths. */
export async function lintPaths(options: LintPathsOptions): Promise<LintResult> {
  const { paths, cwd, ignore, ...lintOptions } = options;
  const { files: found, unreadable } = await discover(paths, cwd, ignore === undefined ? {} : { ignore });
  const linted = await lintFiles(found, lintOptions);
  if (unreadable.length === 0) return linted;
  const files = [...linted.files, ...unreadable.map(unreadablePlaceResult)].sort((a, b) => compareFiles(a.file, b.file));
  return summarize(files, options.startedAt ?? performance.now(), options.rules);
}

function lintModules(
  modules: readonly FoundFile[],
  lintToolModules: LintToolModules,
  options: LintFilesOptions,
  onLoaded?: (file: string, loaded: readonly string[]) => void,
): Promise<readonly ToolLint[]> {
  return lintToolModules(
    modules.map((m) => m.path),
    { timeoutMs: options.timeoutMs, concurrency: options.concurrency, pool: options.pool, ...(onLoaded === undefined ? {} : { onLoaded }) },
  );
}

/** The run's result: each file under the severity rules, and the totals of what is reported (`server`: the results are a server's tools). */
export function summarize(linted: readonly FileResult[], startedAt: number, rules: SeverityRules = DEFAULT_RULES, server = false): LintResult {
  const files = linted.map((file) => capped(resolveSeverities(file, rules), rules));
  return { files, summary: totals(files, server), durationMs: performance.now() - startedAt };
}

/** The file under the per-file cap (src/core/offence-cap.ts), the offence that counts the rest under the rules too. */
function capped(file: FileResult, rules: SeverityRules): FileResult {
  const offences = capOffences(file.offences);
  return offences === file.offences ? file : resolveSeverities({ ...file, offences }, rules);
}

/** A linted file's text again, without its byte order mark (as it is located and edited); null when it cannot be read. */
function readSource(path: string | Buffer): string | null {
  try {
    return textOf(readFileSync(path)).text;
  } catch {
    return null;
  }
}

function fileResult(file: string, lint: ToolLint): FileResult {
  return {
    file,
    tool: lint.tool,
    actions: lint.actions,
    offences: lint.offences,
    ...(lint.heldBack === undefined ? {} : { heldBack: lint.heldBack }),
    ...(lint.declaration === undefined ? {} : { declaration: lint.declaration }),
  };
}

/** A tool module's text, read once when first asked for; null when it cannot be read. */
function moduleText(found: FoundFile): () => string | null {
  let text: string | null | undefined;
  return () => (text === undefined ? (text = readSource(openablePath(found))) : text);
}

/** The files' own lints: an Elixir file's what completes its lints (one per tool module) from its text, every other file's its one lint. */
type OwnLint = { readonly lint: ToolLint } | { readonly elixir: ElixirLint };

/**
 * The files' own lints, those the cache keeps taken from it: action files as their step gives
 * them (located), tool modules loaded and then located in their text, Elixir modules read
 * (never cached: their lint is completed from their parse); none yet has duplicate-tool, its
 * directives or its severities.
 */
async function ownLints(found: readonly FoundFile[], texts: readonly (() => string | null)[], options: LintFilesOptions): Promise<OwnLint[]> {
  const { cache } = options;
  const lints: (ToolLint | null)[] = found.map((f) => (f.kind === "elixir" ? null : (cache?.lookup(f) ?? null)));
  const missed = found.filter((_, i) => lints[i] === null);
  const isModule = (f: FoundFile): boolean => f.kind === "module";
  const moduleFiles = missed.filter(isModule);
  const loaded = new Map<string, readonly string[]>();
  const onLoaded = cache === undefined ? undefined : (file: string, files: readonly string[]) => void loaded.set(file, files);
  // Modules start first, their processes started before this thread goes on to lint the
  // action files; the module loader is loaded only for a run that has modules.
  const loader: { lintToolModules: LintToolModules } | null = moduleFiles.length === 0 ? null : await import("../modules/index.js");
  const modules = loader === null ? [] : lintModules(moduleFiles, loader.lintToolModules, options, onLoaded);
  // The action-file step (and the chain) is loaded only for a run with an action file to lint: a warm run that hits every file loads none of it.
  const actionFileMisses = missed.filter((f) => f.kind === "json" || f.kind === "json5");
  const actionFiles = actionFileMisses.length === 0 ? [] : await (await import("./scheduler.js")).lintActionFiles(actionFileMisses, options);
  // Elixir modules are read on this thread; the reader is loaded only for a run that has them.
  const elixirLints = await lintElixirFiles(found.filter((f) => f.kind === "elixir"));
  const moduleLints = await modules;
  let nextModule = 0;
  let nextActionFile = 0;
  let nextElixir = 0;
  const own: OwnLint[] = [];
  for (const [i, f] of found.entries()) {
    const kept = lints[i] ?? null;
    if (f.kind === "elixir") {
      own.push({ elixir: elixirLints[nextElixir++] as ElixirLint });
      continue;
    }
    if (kept !== null) {
      own.push({ lint: kept });
      continue;
    }
    let lint: ToolLint;
    if (isModule(f)) {
      lint = moduleLints[nextModule++] as ToolLint;
      // A clean module pays nothing for locating; one gone since it was loaded keeps its offences unlocated.
      const text = lint.offences.length === 0 ? null : (texts[i] as () => string | null)();
      if (text !== null) lint = withPlaced(lint, await locateToolModule(f.path, text, offencesToPlace(lint)));
      const files = loaded.get(f.path);
      if (files !== undefined) cache?.store(f, lint, files);
    } else {
      lint = actionFiles[nextActionFile++] as ToolLint;
      cache?.store(f, lint);
    }
    own.push({ lint });
  }
  return own;
}

/** One tool of the run: the file it is in (at `at` in the run's files), and its lint; an Elixir file's also its file's lints and its index among them. */
interface RunTool {
  readonly at: number;
  readonly lint: ToolLint;
  readonly elixir?: { readonly file: ElixirLint; readonly index: number };
}

/** The run's tools in the files' order: an Elixir file gives one per tool module it holds, every other file one. */
function runTools(own: readonly OwnLint[]): RunTool[] {
  return own.flatMap((one, at): RunTool[] =>
    "lint" in one ? [{ at, lint: one.lint }] : one.elixir.lints.map((lint, index) => ({ at, lint, elixir: { file: one.elixir, index } })),
  );
}

/** Lints `found` (in path order, as discover returns them); results keep that order, an Elixir file's tools in the order they are written. */
export async function lintFiles(found: readonly FoundFile[], options: LintFilesOptions): Promise<LintResult> {
  const startedAt = options.startedAt ?? performance.now();
  const texts = found.map(moduleText);
  const tools = runTools(await ownLints(found, texts, options));
  const across = duplicateToolOffences(tools.map(({ at, lint }) => ({ directory: dirname((found[at] as FoundFile).path), file: (found[at] as FoundFile).file, tool: lint.tool })));
  // An Elixir file's tools are completed together, its directives judged over all of them: each file's once, at its first tool (the rest follow it).
  const elixirCompleted = new Map<ElixirLint, (readonly Offence[])[]>();
  for (const [i, { elixir }] of tools.entries()) {
    if (elixir === undefined || elixir.index > 0) continue;
    const ofFile = tools.slice(i, i + elixir.file.lints.length).map(({ lint }, j) => {
      const offence = across[i + j] ?? null;
      return offence === null ? lint.offences : sortOffences([...lint.offences, offence]);
    });
    elixirCompleted.set(elixir.file, elixir.file.complete(ofFile));
  }
  const completed = await Promise.all(
    tools.map(async ({ at, lint, elixir }, i) => {
      const one = found[at] as FoundFile;
      const text = texts[at] as () => string | null;
      if (elixir !== undefined) return { ...lint, offences: (elixirCompleted.get(elixir.file) as (readonly Offence[])[])[elixir.index] ?? [] };
      const offence = across[i] ?? null;
      let offences = lint.offences;
      if (offence !== null) {
        // duplicate-tool is located in a module's text like its other offences (it names the module's `name`).
        const source = one.kind === "module" ? text() : null;
        const added = source === null ? [offence] : await locateToolModule(one.path, source, [offence]);
        offences = sortOffences([...offences, ...added]);
      }
      return suppressLint({ ...lint, offences }, one.kind as Exclude<FoundFile["kind"], "elixir">, text);
    }),
  );
  const files = completed.map((lint, i) => fileResult((found[(tools[i] as RunTool).at] as FoundFile).file, lint));
  return summarize(files, startedAt, options.rules);
}

/** The Elixir files' lints, in their order (an unreadable file is its parse-error). */
async function lintElixirFiles(files: readonly FoundFile[]): Promise<ElixirLint[]> {
  if (files.length === 0) return [];
  const { lintElixirText } = await import("../elixir/index.js");
  const out: ElixirLint[] = [];
  for (const file of files) {
    const decoded = readText(openablePath(file));
    out.push(
      "offence" in decoded
        ? { lints: [{ tool: null, actions: 0, offences: [decoded.offence] }], complete: (offences) => [...offences] }
        : await lintElixirText(file.path, decoded.text),
    );
  }
  return out;
}

/** What one file given as bytes (--stdin, an editor's buffer) is linted with. */
export interface SourceOptions {
  /** performance.now() when the run began. */
  readonly startedAt?: number;
  readonly rules?: SeverityRules;
  /** Offences across files that belong to it (duplicate-tool, which only a run over many files finds), added before its directives apply. */
  readonly across?: Across;
}

export interface ModuleSourceOptions extends SourceOptions {
  readonly timeoutMs: number;
  readonly pool?: ModulePool;
  /** When given, told every file the module loaded (its own path first). */
  readonly onLoaded?: (loaded: readonly string[]) => void;
}

/**
 * Lints an Elixir file given as bytes (--stdin), as if it were the file at `path` (the project
 * around it is read from there): one result per tool module. `across` as a list is its first
 * tool's, and duplicate-tool among its own tools is found here; as a function, it finds both.
 */
export async function lintElixirSource(bytes: Buffer, file: string, path: string, options: SourceOptions = {}): Promise<LintResult> {
  const decoded = decode(bytes);
  const given = options.across ?? [];
  const across: AcrossOf =
    typeof given === "function"
      ? given
      : (tools) =>
          duplicateToolOffences(tools.map((tool) => ({ directory: "", file, tool }))).map((offence, i) => [...(i === 0 ? given : []), ...(offence === null ? [] : [offence])]);
  const lints =
    "offence" in decoded ? [{ tool: null, actions: 0, offences: [decoded.offence] }] : await (await import("./lint-text.js")).lintElixirModuleText(path, decoded.text, across);
  return summarize(
    lints.map((lint) => fileResult(file, lint)),
    options.startedAt ?? performance.now(),
    options.rules,
  );
}

/**
 * Lints one tool module given as text (--stdin), as if it were the file at `path` (its
 * imports resolve from there; that file is never read), isolated like any module.
 */
export async function lintModuleSource(bytes: Buffer, file: string, path: string, options: ModuleSourceOptions): Promise<LintResult> {
  const { timeoutMs, pool, onLoaded } = options;
  const { lintModuleText } = await import("./lint-text.js");
  const lint = await lintModuleText(path, textOf(bytes).text, { timeoutMs, pool, ...(onLoaded === undefined ? {} : { onLoaded }) }, options.across);
  return summarize([fileResult(file, lint)], options.startedAt ?? performance.now(), options.rules);
}

/** Lints one action file given as bytes (--stdin); `file` names it (as reported) and gives the tool's name. */
export async function lintActionSource(bytes: Buffer, file: string, kind: "json" | "json5", options: SourceOptions = {}): Promise<LintResult> {
  const { lintActionFileBytes } = await import("./lint-text.js");
  const lint = lintActionFileBytes(bytes, kind, file, options.across);
  return summarize([fileResult(file, lint)], options.startedAt ?? performance.now(), options.rules);
}
