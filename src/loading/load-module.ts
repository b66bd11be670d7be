// Runs tool modules (`*.tool.{js,mjs,cjs,ts,mts,cts}`) in isolation: each module is imported
// and linted inside its own fresh worker thread (module-worker.ts), so no module can crash,
// hang, exit or print into the run, nor poison another module's globals (SPEC section 2).
// Called by the CLI and the library for module input; the only place that starts workers.

import { availableParallelism } from "node:os";
import { resolve as resolvePath } from "node:path";
import { MessageChannel, Worker, receiveMessageOnPort } from "node:worker_threads";
import type { MessagePort } from "node:worker_threads";
import { freezeToolLint, type ToolLint } from "../core/lint-tool.js";
import { describeThrown, describeValue } from "../core/escape.js";
import { toolOffence } from "../core/offence.js";
import { workerEntryUrl } from "./worker-url.js";

export type { ToolLint } from "../core/lint-tool.js";

export interface LoadOptions {
  /** Wall time a module gets to load and have its tool linted (import plus `actions()`). */
  readonly timeoutMs: number;
  /** Old-generation heap cap of each worker; a module that allocates past it is a load-error. */
  readonly memoryLimitMb?: number;
}

export interface LoadManyOptions extends LoadOptions {
  /** Workers running at once; defaults to os.availableParallelism(). */
  readonly concurrency?: number;
}

/** Enough for any real tool module, small enough that a few concurrent bombs cannot take the process down. */
export const DEFAULT_MEMORY_LIMIT_MB = 512;

const WORKER_URL = workerEntryUrl("module-worker", import.meta.url);
const TYPESCRIPT = /\.[cm]?ts$/i;
// setTimeout fires at once beyond this, so longer timeouts are clamped to it.
const MAX_TIMER_MS = 2 ** 31 - 1;
// Node's exit code for an event loop that empties while a top-level await is pending.
const UNSETTLED_TOP_LEVEL_AWAIT = 13;

// ---------------------------------------------------------------------------------------
// The worker protocol. Exported for module-worker.ts only; not part of the public API.

/** What the worker receives in workerData. */
export interface WorkerInput {
  readonly file: string;
  readonly typescript: boolean;
  readonly port: MessagePort;
}

/** What the worker posts on its private port. */
export type WorkerMessage =
  | { readonly kind: "ready" }
  | { readonly kind: "exit-called"; readonly code: string }
  | { readonly kind: "done"; readonly lint: ToolLint }
  | { readonly kind: "internal"; readonly message: string };

const LOAD_FIX =
  "Make the module load on its own without throwing or exiting (run it with node, or tsx for TypeScript, to see the full error); validation imports it and calls actions() once.";

/** A file-level `load-error` result (tool unknown, no actions counted). */
export function loadErrorLint(message: string, fix: string = LOAD_FIX): ToolLint {
  return { tool: null, actions: 0, offences: [toolOffence("load-error", message, fix)] };
}

/** The `no-tool` result: the module loaded but exports neither form of a tool. */
export function noToolLint(): ToolLint {
  return {
    tool: null,
    actions: 0,
    offences: [
      toolOffence(
        "no-tool",
        "declares no tool: its default export is not an object and it exports none of `name`, `description`, `actions`",
        "Export the tool as the default export (an object with name, description and actions()), or export `name`, `description` and `actions` by name.",
      ),
    ],
  };
}

/** The argument of a process.exit call as the message shows it: `0`, `""`, `` (none). */
export function describeExitCode(code: unknown): string {
  return code === undefined ? "" : describeValue(code);
}

// ---------------------------------------------------------------------------------------

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

function checkOptions(options: LoadManyOptions): void {
  const { timeoutMs, memoryLimitMb, concurrency } = options;
  if (!(typeof timeoutMs === "number" && timeoutMs > 0)) throw new RangeError(`timeoutMs must be a positive number, got ${String(timeoutMs)}`);
  if (memoryLimitMb !== undefined && !(memoryLimitMb > 0)) throw new RangeError(`memoryLimitMb must be positive, got ${String(memoryLimitMb)}`);
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency > 0))
    throw new RangeError(`concurrency must be a positive integer, got ${String(concurrency)}`);
}

function isWorkerMessage(value: unknown): value is WorkerMessage {
  if (typeof value !== "object" || value === null) return false;
  const m = value as { kind?: unknown; code?: unknown; message?: unknown; lint?: { offences?: unknown } };
  if (m.kind === "ready") return true;
  if (m.kind === "exit-called" || m.kind === "internal") return typeof (m.code ?? m.message) === "string";
  return m.kind === "done" && typeof m.lint === "object" && m.lint !== null && Array.isArray(m.lint.offences);
}

/**
 * Imports one tool module in a fresh worker and lints its tool there (import, tool
 * picking, `actions()` and every check run on the real objects). Whatever the module
 * does, the answer is a ToolLint: `load-error` when it throws, exits, runs out of memory
 * or does not finish within `timeoutMs`; `no-tool` when it exports no tool. What it
 * prints is discarded. Rejects only on an internal failure (a worker that cannot start).
 */
export function lintToolModule(file: string, options: LoadOptions): Promise<ToolLint> {
  checkOptions(options);
  const path = resolvePath(file);
  const memoryLimitMb = options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB;
  const timeoutMs = Math.min(options.timeoutMs, MAX_TIMER_MS);

  return new Promise<ToolLint>((resolve, reject) => {
    // A private channel rather than parentPort: a module that itself posts to parentPort
    // (code written to run in a worker) cannot be mistaken for our result.
    const { port1, port2 } = new MessageChannel();
    const typescript = TYPESCRIPT.test(path);
    const input: WorkerInput = { file: path, typescript, port: port2 };
    let worker: Worker;
    try {
      worker = new Worker(WORKER_URL, {
        workerData: input,
        transferList: [port2],
        stdout: true,
        stderr: true,
        resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb },
        // Not the linter's own node flags (`--input-type` even stops a worker from
        // starting): a module loads as under plain `node`. NODE_OPTIONS still applies.
        execArgv: [],
        // esbuild's synchronous API (tsx's CommonJS path) otherwise starts yet another worker
        // thread inside ours; spawning esbuild per call is cheaper, as tsx caches its
        // transforms on disk (measured: CommonJS TypeScript about a third faster).
        env: typescript ? { ...process.env, ESBUILD_WORKER_THREADS: "0" } : process.env,
        name: `wymcp-lint module ${path}`,
      });
    } catch (error) {
      port1.close();
      reject(error);
      return;
    }
    // Read and drop everything the module prints; unread, a chatty module would fill the
    // buffers and stall.
    worker.stdout.resume();
    worker.stderr.resume();

    let settled = false;
    let ready = false; // the worker's own code is loaded: a failure before this is ours, not the module's
    let exitCalled: string | null = null;

    const settle = (outcome: { lint: ToolLint } | { error: Error }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      port1.close();
      // Nothing of the module's may outlive its answer (timers, servers, a busy loop): stop
      // it, and never let a worker stuck in a blocking system call hold the process open.
      worker.terminate().catch(() => undefined);
      worker.unref();
      if ("lint" in outcome) resolve(freezeToolLint(outcome.lint));
      else reject(outcome.error);
    };
    const loadError = (message: string, fix?: string): void => settle({ lint: loadErrorLint(message, fix) });

    const onMessage = (message: unknown): void => {
      if (settled || !isWorkerMessage(message)) return;
      if (message.kind === "ready") ready = true;
      else if (message.kind === "exit-called") exitCalled = message.code;
      else if (message.kind === "done") settle({ lint: message.lint });
      else settle({ error: new Error(`linting a module failed internally: ${message.message}`) });
    };
    // The worker's messages and its death travel on different channels, so a result posted
    // just before a late error or exit may not have been delivered yet: take it first.
    const drain = (): void => {
      for (let m = receiveMessageOnPort(port1); m !== undefined && !settled; m = receiveMessageOnPort(port1)) onMessage(m.message);
    };

    const timer = setTimeout(() => {
      drain();
      loadError(
        `did not finish loading within ${seconds(options.timeoutMs)} (--load-timeout)`,
        "Make loading finish promptly: no long work, open servers or slow awaits at import time or in actions(); raise --load-timeout if it is merely slow.",
      );
    }, timeoutMs);

    port1.on("message", onMessage);
    worker.on("messageerror", () => undefined);
    worker.on("error", (error: unknown) => {
      drain();
      if (!ready) settle({ error: new Error(`the module worker failed to start: ${describeThrown(error)}`, { cause: error }) });
      else if ((error as { code?: unknown } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY")
        loadError(`ran out of memory while loading (limit ${memoryLimitMb} MB)`, "Do not build large data at import time or in actions().");
      else loadError(`loading the module threw ${describeThrown(error)}`);
    });
    worker.on("exit", (code: number) => {
      drain();
      if (!ready) settle({ error: new Error(`the module worker stopped before it started (exit code ${code})`) });
      else if (exitCalled !== null) loadError(`called process.exit(${exitCalled}) while loading`);
      // 13 is Node's "unsettled top-level await": the event loop emptied while the import
      // (the worker awaits it at its top level) was pending, i.e. the module awaits
      // something that can never happen.
      else if (code === UNSETTLED_TOP_LEVEL_AWAIT)
        loadError(
          "never finished loading: a top-level await never settled",
          "Make every top-level await settle: a promise that nothing resolves keeps the module from ever loading.",
        );
      else loadError(`stopped while loading (exit code ${code})`);
    });
  });
}

/**
 * Lints many tool modules, each in its own worker, at most `concurrency` at once.
 * Results are in input order whatever order the work finished in.
 */
export async function lintToolModules(files: readonly string[], options: LoadManyOptions): Promise<ToolLint[]> {
  checkOptions(options);
  const results = new Array<ToolLint>(files.length);
  const concurrency = Math.min(options.concurrency ?? availableParallelism(), files.length);
  let next = 0;
  let failed = false; // after an internal failure the answer is that failure: start no more workers
  const run = async (): Promise<void> => {
    while (next < files.length && !failed) {
      const index = next++;
      try {
        results[index] = await lintToolModule(files[index] as string, options);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, run));
  return results;
}
