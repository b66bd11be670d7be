// Starting and killing a module process (its entry is child/main.ts): the command line, under
// Node's permission model where Node has it, in a process group of its own, with pipes we own.
// node:child_process is loaded at the first spawn, not at start-up (bench/README.md): a run of
// action files never needs it. Used by the standby (standby.ts) and the pool (module-process.ts).

import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { builtEntryUrl } from "./entry-url.js";

/** How a module process is started. */
export interface ProcessSpec {
  /** Resident memory it may use, in MB (also its heap limit): a standby is adopted only by a pool with the same limit. */
  readonly memoryLimitMb: number;
  /** Whether it registers the TypeScript loader hooks before it says it is ready (else at its first TypeScript module). */
  readonly typescript: boolean;
}

/** Enough for any real tool module, small enough that a few concurrent bombs cannot take the machine down. */
export const DEFAULT_MEMORY_LIMIT_MB = 512;

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
  // Asked at each start, not at load: from the source, it checks that the build is current (entry-url.ts).
  const entry = fileURLToPath(builtEntryUrl("child/main", import.meta.url));
  return [...permissionFlags(), `--max-old-space-size=${spec.memoryLimitMb}`, "--no-warnings", entry, ...(spec.typescript ? ["--typescript"] : [])];
}

/**
 * Starts a module process: its own process group (killed as one), with pipes we own for its
 * stdio (stdin closed, stdout drained and dropped) and the channel (protocol.ts FD). Throws
 * when the process cannot be spawned at all.
 */
export function spawnModuleProcess(spec: ProcessSpec): ChildProcess {
  const child = spawnOwned(process.execPath, commandLine(spec), { stdio: ["pipe", "pipe", "pipe", "pipe", "pipe", "pipe", "pipe"] });
  child.stdout?.resume();
  spawned.set(child, performance.now());
  return child;
}

/**
 * Starts a process that runs code we do not own (a module process, the project's `mix` for
 * --elixir-eval, src/elixir/evaluate.ts) in a process group of its own, stdin closed, killed
 * with its group by killModuleProcess and by a signal to the linter (killEveryModuleProcess).
 * Throws when it cannot be spawned at all; a command not found is the child's `error` event.
 */
export function spawnOwned(command: string, args: readonly string[], options: { readonly stdio: readonly "pipe"[]; readonly cwd?: string }): ChildProcess {
  const child = process.getBuiltinModule("node:child_process").spawn(command, args, {
    stdio: [...options.stdio],
    detached: true,
    env: process.env,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  child.stdin?.end();
  running.add(child);
  child.once("exit", () => running.delete(child));
  // A command that could not start never exits.
  child.once("error", () => running.delete(child));
  return child;
}

const spawned = new WeakMap<ChildProcess, number>();

/** When spawnModuleProcess started `child` (performance.now()); undefined for a process it did not start. */
export function spawnedAt(child: ChildProcess): number | undefined {
  return spawned.get(child);
}

/** The module processes started and not yet ended: what a signal to the linter must stop (killEveryModuleProcess). */
const running = new Set<ChildProcess>();

/**
 * Kills every module process still running. Each is in a process group of its own, which a
 * Ctrl-C to the linter's group does not reach; src/cli/signals.ts calls this on a signal and on exit.
 */
export function killEveryModuleProcess(): void {
  for (const child of running) killModuleProcess(child);
}

/** Kills a module process's whole group: a child process the module started goes too. */
export function killModuleProcess(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}
