// Starting a module process (module-process.ts), and the standby: one started as soon as the
// command line names a tool module, before the config is read and the files are found, so
// that its start-up (node's own, and the loader-hooks thread for TypeScript) overlaps ours.
// The pool (module-pool.ts) adopts the standby for its first process when it was started
// the same way, and starts the others itself; whatever is not adopted is stopped at the end.

import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { workerEntryUrl } from "./entry-url.js";

/** How a module process is started. */
export interface ProcessSpec {
  /** Resident memory it may use, in MB (also its heap limit): a standby is adopted only by a pool with the same limit. */
  readonly memoryLimitMb: number;
  /** Whether it registers the TypeScript loader hooks before it says it is ready (else at its first TypeScript module). */
  readonly typescript: boolean;
}

/** Enough for any real tool module, small enough that a few concurrent bombs cannot take the machine down. */
export const DEFAULT_MEMORY_LIMIT_MB = 512;

const ENTRY = fileURLToPath(workerEntryUrl("child/main", import.meta.url));

/**
 * Node's permission model, spelt as the running Node spells it: reading is allowed, writing
 * files, starting processes and process.binding are not. Worker threads stay allowed (Node
 * runs loader hooks on one), and native addons (database drivers a tool may import).
 */
function permissionFlags(flags: ReadonlySet<string> = process.allowedNodeEnvironmentFlags): string[] {
  const model = flags.has("--permission") ? "--permission" : flags.has("--experimental-permission") ? "--experimental-permission" : null;
  if (model === null) return [];
  return [model, "--allow-fs-read=*", "--allow-worker", ...(flags.has("--allow-addons") ? ["--allow-addons"] : [])];
}

function commandLine(spec: ProcessSpec): string[] {
  return [...permissionFlags(), `--max-old-space-size=${spec.memoryLimitMb}`, "--no-warnings", ENTRY, ...(spec.typescript ? ["--typescript"] : [])];
}

/**
 * Starts a module process: its own process group (killed as one), with pipes we own for its
 * stdio (stdin closed, stdout drained and dropped) and the channel (channel.ts FD). Throws
 * when the process cannot be spawned at all.
 */
export function spawnModuleProcess(spec: ProcessSpec): ChildProcess {
  // node:child_process is loaded here, not at start-up: a run of action files never needs it.
  const child = process.getBuiltinModule("node:child_process").spawn(process.execPath, commandLine(spec), {
    stdio: ["pipe", "pipe", "pipe", "pipe", "pipe", "pipe", "pipe"],
    detached: true,
    env: process.env,
  });
  child.stdin?.end();
  child.stdout?.resume();
  return child;
}

/** Kills a module process's whole group: a child process the module started goes too. */
export function killModuleProcess(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}

let standby: { readonly child: ChildProcess; readonly memoryLimitMb: number } | null = null;

function alive(child: ChildProcess): boolean {
  return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

/** Starts the standby, unless one is waiting; returns the process started. A failure to spawn is left for the pool to report. */
export function startModuleStandby(spec: ProcessSpec): ChildProcess | null {
  if (standby !== null) return null;
  let child: ChildProcess;
  try {
    child = spawnModuleProcess(spec);
  } catch {
    return null;
  }
  // Until adopted, an error of its own (it could not start) only means it is not adopted.
  child.on("error", () => undefined);
  standby = { child, memoryLimitMb: spec.memoryLimitMb };
  return child;
}

/** The standby, for a pool whose processes have this memory limit; null when there is none, or its limit differs, or it died. */
export function takeModuleStandby(memoryLimitMb: number): ChildProcess | null {
  const taken = standby;
  if (taken === null || taken.memoryLimitMb !== memoryLimitMb) return null;
  standby = null;
  if (alive(taken.child)) return taken.child;
  killModuleProcess(taken.child);
  return null;
}

/** Stops the standby if nothing adopted it. */
export function stopModuleStandby(): void {
  if (standby === null) return;
  const { child } = standby;
  standby = null;
  killModuleProcess(child);
  for (const stream of child.stdio) stream?.destroy();
  child.unref();
}
