// The run over files, from the command line's paths to one LintResult (SPEC sections 2 and
// 6): discover the files (discover.ts), lint the action files (scheduler.ts, with the
// action-file loader) and the tool modules (the module loader, behind lintToolModules),
// add duplicate-tool across files (duplicate-tools.ts), give the modules' offences their
// positions (module-positions.ts), resolve each offence's severity (severity.ts) and sum up.
// lintSource and lintModuleSource are the same for one action file or tool module read from
// standard input. A file's failure stays in that file's
// result; only our own bugs throw. Called by src/cli/run.ts.

import { performance } from "node:perf_hooks";
import type { ToolLint } from "../core/lint-tool.js";
import { withModuleFileEdits } from "../fix/module-edits.js";
import { lintActionBytes, toolNameOf } from "../loading/action-file.js";
import { discover, type LintTarget } from "./discover.js";
import { withDuplicateTools } from "./duplicate-tools.js";
import { withModulePositions } from "./module-positions.js";
import type { FileResult, LintResult } from "./result.js";
import { lintActionFiles, startStandby, type ScheduleOptions } from "./scheduler.js";
import { DEFAULT_RULES, resolveSeverities, type SeverityRules } from "./severity.js";

/**
 * The module loader's one interface (src/loading/load-module.ts): the ToolLint of each tool
 * module, in the files' order, however they are isolated and run.
 */
export type LintToolModules = (files: readonly string[], options: { readonly timeoutMs: number; readonly concurrency?: number }) => Promise<ToolLint[]>;

export interface LintFilesOptions extends ScheduleOptions {
  /** Wall time each tool module gets to load (--load-timeout), in milliseconds. */
  readonly timeoutMs: number;
  /** Tool modules loaded at once; the loader's default when absent. */
  readonly concurrency?: number;
  /** performance.now() when the run began, so durationMs covers discovery too. */
  readonly startedAt?: number;
  /** Each code's severity per file (severity.ts); every default when absent. */
  readonly rules?: SeverityRules;
}

export interface LintPathsOptions extends Omit<LintFilesOptions, "standby"> {
  /** The paths as given (directories, files, globs); none means the current directory. */
  readonly paths: readonly string[];
  /** The directory the paths are relative to. */
  readonly cwd: string;
}

/** Discovers the files `paths` name and lints them. Throws UsageError for a mistake in the paths. */
export async function lintPaths(options: LintPathsOptions): Promise<LintResult> {
  const { paths, cwd, ...lintOptions } = options;
  const standby = startStandby(paths, cwd, options.workers);
  try {
    return await lintFiles(await discover(paths, cwd), { ...lintOptions, standby });
  } finally {
    // Already used or stopped by the scheduler, unless discovery failed.
    for (const worker of standby) worker.stop();
  }
}

async function lintModules(targets: readonly LintTarget[], options: LintFilesOptions): Promise<readonly ToolLint[]> {
  if (targets.length === 0) return [];
  const { lintToolModules }: { lintToolModules: LintToolModules } = await import("../loading/load-module.js");
  const lints = await lintToolModules(
    targets.map((t) => t.path),
    options.concurrency === undefined ? { timeoutMs: options.timeoutMs } : { timeoutMs: options.timeoutMs, concurrency: options.concurrency },
  );
  return Promise.all(lints.map((lint, i) => withModuleFileEdits((targets[i] as LintTarget).path, lint)));
}

/** The run's result: each file under the severity rules, and the totals of what is reported. */
export function summarize(linted: readonly FileResult[], startedAt: number, rules: SeverityRules = DEFAULT_RULES): LintResult {
  const files = linted.map((file) => resolveSeverities(file, rules));
  let actions = 0;
  let errors = 0;
  let warnings = 0;
  for (const file of files) {
    actions += file.actions;
    for (const offence of file.offences) {
      if (offence.severity === "error") errors++;
      else warnings++;
    }
  }
  return { files, summary: { files: files.length, actions, offences: errors + warnings, errors, warnings }, durationMs: performance.now() - startedAt };
}

function fileResult(file: string, lint: ToolLint): FileResult {
  return { file, tool: lint.tool, actions: lint.actions, offences: lint.offences };
}

/** Lints `targets` (in path order, as discover returns them); results keep that order. */
export async function lintFiles(targets: readonly LintTarget[], options: LintFilesOptions): Promise<LintResult> {
  const startedAt = options.startedAt ?? performance.now();
  const isModule = (t: LintTarget): boolean => t.kind === "module";
  // Modules start first: their workers run while this thread reads and lints action files.
  const modules = lintModules(targets.filter(isModule), options);
  const actionFiles = await lintActionFiles(
    targets.filter((t) => !isModule(t)),
    options,
  );
  const moduleLints = await modules;

  let nextModule = 0;
  let nextActionFile = 0;
  const lints = targets.map((t) => (isModule(t) ? moduleLints[nextModule++] : actionFiles[nextActionFile++]) as ToolLint);
  // Modules get their positions last, so that duplicate-tool is located too.
  const located = await Promise.all(
    withDuplicateTools(targets, lints).map((lint, i) => (isModule(targets[i] as LintTarget) ? withModulePositions((targets[i] as LintTarget).path, lint) : lint)),
  );
  const files = located.map((lint, i) => fileResult((targets[i] as LintTarget).display, lint));
  return summarize(files, startedAt, options.rules);
}

/**
 * Lints one tool module given as text (--stdin), as if it were the file at `path` (its
 * imports resolve from there; that file is never read), isolated like any module.
 */
export async function lintModuleSource(bytes: Buffer, display: string, path: string, timeoutMs: number, startedAt = performance.now()): Promise<LintResult> {
  const { lintToolModuleSource } = await import("../loading/load-module.js");
  return summarize([fileResult(display, await lintToolModuleSource(path, bytes.toString("utf8"), { timeoutMs }))], startedAt);
}

/** Lints one action file given as bytes (--stdin); `display` names it and gives the tool's name. */
export async function lintSource(bytes: Buffer, display: string, kind: "json" | "json5", startedAt = performance.now(), rules: SeverityRules = DEFAULT_RULES): Promise<LintResult> {
  return summarize([fileResult(display, lintActionBytes(bytes, kind, toolNameOf(display)))], startedAt, rules);
}
