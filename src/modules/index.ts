// modules/ is the linter's side of the module processes, and this its one entry: tool modules
// (`*.tool.{js,mjs,cjs,ts,mts,cts}`) are linted in isolation. They run in module processes
// (modules/child/) that only obtain each declaration and send it back as data; the chain runs
// here, on a rebuild (judge.ts). No module can crash, hang, exit or print into the run, write
// a file, or forge a result. Called by the tool-module input kind (src/inputs/tool-module.ts) and the tests.

import { availableParallelism } from "node:os";
import { resolve as resolvePath } from "node:path";
import type { ToolLint } from "../core/tool-lint.js";
import { ModulePool } from "./pool.js";
import { PoolRun, type ModuleJob } from "./pool-run.js";
import { DEFAULT_MEMORY_LIMIT_MB } from "./spawn.js";

export type { ToolLint } from "../core/tool-lint.js";
export { describeExitCode, loadErrorLint, noToolLint } from "./offences.js";

export interface LoadOptions {
  /** Wall time a module gets to load and return its actions (import plus `actions()`). */
  readonly timeoutMs: number;
  /** Resident memory of each module process, in MB; a module that needs more is a load-error. */
  readonly memoryLimitMb?: number;
  /** The CLI run's module processes (pool.ts): its standby is adopted, and stopping it stops these. A pool of its own when absent. */
  readonly pool?: ModulePool;
  /** Stops the modules' processes when it aborts (a cancelled call): the lint then rejects with its reason. */
  readonly signal?: AbortSignal;
}

export interface LoadManyOptions extends LoadOptions {
  /** Module processes running at once; defaults to os.availableParallelism(). */
  readonly concurrency?: number;
  /** When given, each module's process says every file the module loaded (itself first), told here by the module's absolute path. */
  readonly onLoaded?: (file: string, loaded: readonly string[]) => void;
}

function checkOptions(options: LoadManyOptions): void {
  const { timeoutMs, memoryLimitMb, concurrency } = options;
  if (!(typeof timeoutMs === "number" && timeoutMs > 0)) throw new RangeError(`timeoutMs must be a positive number, got ${String(timeoutMs)}`);
  if (memoryLimitMb !== undefined && !(memoryLimitMb > 0)) throw new RangeError(`memoryLimitMb must be positive, got ${String(memoryLimitMb)}`);
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency > 0)) throw new RangeError(`concurrency must be a positive integer, got ${String(concurrency)}`);
}

function run(jobs: readonly ModuleJob[], options: LoadManyOptions): Promise<ToolLint[]> {
  const pool = options.pool ?? new ModulePool();
  const { onLoaded } = options;
  const poolOptions = {
    timeoutMs: options.timeoutMs,
    memoryLimitMb: options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
    processes: Math.max(1, Math.min(options.concurrency ?? availableParallelism(), jobs.length)),
    ...(onLoaded === undefined ? {} : { onLoaded: (index: number, files: readonly string[]) => onLoaded((jobs[index] as ModuleJob).file, files) }),
  };
  return pool.run(new PoolRun(jobs, poolOptions, pool), options.signal);
}

/**
 * Lints many tool modules; results are in input order whatever order the work finished in.
 * Whatever a module does, its answer is a ToolLint (`load-error` when it throws, exits, runs
 * out of memory or time; `no-tool` when it exports no tool). Rejects only on an internal
 * failure (a module process that cannot start).
 */
export async function lintToolModules(files: readonly string[], options: LoadManyOptions): Promise<ToolLint[]> {
  checkOptions(options);
  const track = options.onLoaded !== undefined;
  return run(
    files.map((file) => ({ file: resolvePath(file), ...(track ? { track } : {}) })),
    options,
  );
}

/** Lints one tool module; see lintToolModules. */
export function lintToolModule(file: string, options: LoadOptions): Promise<ToolLint> {
  checkOptions(options);
  return run([{ file: resolvePath(file) }], options).then((lints) => lints[0] as ToolLint);
}

/**
 * Lints module text as if it were `file` (--stdin, an editor's buffer): relative imports
 * resolve from the file's directory, and the file itself is never read from disk. With
 * `onLoaded`, told every file the module loaded (`file` first).
 */
export function lintToolModuleSource(file: string, source: string, options: LoadOptions & { readonly onLoaded?: (loaded: readonly string[]) => void }): Promise<ToolLint> {
  const { onLoaded, ...load } = options;
  checkOptions(load);
  const job = { file: resolvePath(file), source, ...(onLoaded === undefined ? {} : { track: true as const }) };
  return run([job], onLoaded === undefined ? load : { ...load, onLoaded: (_file, loaded) => onLoaded(loaded) }).then((lints) => lints[0] as ToolLint);
}
