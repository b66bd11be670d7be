// Worker entry: imports one tool module, picks its tool from the exports and lints it with
// lintTool on the real objects (getters, Proxies, class instances judged as they are), then
// posts the plain-data ToolLint back. Started only by load-module.ts, one fresh worker per
// module; every failure of the module becomes a load-error result here or in the parent.

import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";
import { lintTool } from "../core/lint-tool.js";
import type { ToolLint } from "../core/lint-tool.js";
import { describeThrown } from "../core/escape.js";
import { describeExitCode, loadErrorLint, noToolLint } from "./load-module.js";
import type { WorkerInput, WorkerMessage } from "./load-module.js";

const input = workerData as WorkerInput;
const port = input.port;
// Captured before the module runs, so a module that patches MessagePort or process cannot
// redirect or forge our answer; the port is also taken out of reach of the module.
const postMessage = port.postMessage.bind(port);
const realExit = process.exit.bind(process);
delete (workerData as { port?: unknown }).port;

function send(message: WorkerMessage): void {
  postMessage(message);
}

// In a worker, process.exit ends only the worker; the parent sees an exit code it cannot
// tell from an emptied event loop, so say that the module asked for it.
process.exit = function exit(code?: number | string | null): never {
  send({ kind: "exit-called", code: describeExitCode(code) });
  return realExit(code);
} as typeof process.exit;

// A worker shares the linter's process: a module signalling its own process (or its group)
// would kill the whole run, so that one call fails in the module instead (a load-error).
const realKill = process.kill.bind(process);
process.kill = function kill(pid: number, signal?: string | number): true {
  if (signal !== 0 && (pid === process.pid || pid <= 0)) {
    throw new Error(`process.kill(${describeExitCode(pid)}) would stop the linter; refused while linting`);
  }
  return realKill(pid, signal);
};

// A worker shares its process's file descriptors: fds 1 and 2 are the linter's own stdout
// and stderr, and a module writing to them directly (an fd-based logger such as pino's
// sonic-boom) would write into the report. Such writes are dropped like everything else a
// module prints, and closing those fds is a no-op. syncBuiltinESMExports makes
// `import { writeSync } from "node:fs"` see the patched functions too. Not covered (only a
// child process, not a thread, could stop them): a module that opens /dev/stdout itself or
// starts a child process with inherited stdio.
function byteCount(data: unknown, offsetOrOptions: unknown, lengthOrEncoding: unknown): number {
  if (typeof data === "string") return Buffer.byteLength(data, typeof lengthOrEncoding === "string" ? (lengthOrEncoding as BufferEncoding) : "utf8");
  if (!ArrayBuffer.isView(data)) return 0;
  if (typeof offsetOrOptions === "object" && offsetOrOptions !== null) {
    const { offset = 0, length } = offsetOrOptions as { offset?: number; length?: number };
    return length ?? data.byteLength - offset;
  }
  const offset = typeof offsetOrOptions === "number" ? offsetOrOptions : 0;
  return typeof lengthOrEncoding === "number" ? lengthOrEncoding : data.byteLength - offset;
}

function vectorBytes(buffers: unknown): number {
  return Array.isArray(buffers) ? buffers.reduce((sum: number, b: unknown) => sum + (ArrayBuffer.isView(b) ? b.byteLength : 0), 0) : 0;
}

function muteStdioFds(): void {
  const table = fs as unknown as Record<string, unknown>;
  const isStdio = (fd: unknown): boolean => fd === 1 || fd === 2;
  // A dropped asynchronous call still calls back, as the real one would.
  const callBack = (args: readonly unknown[], ...results: unknown[]): void => {
    const callback = args[args.length - 1];
    if (typeof callback === "function") process.nextTick(() => (callback as (...a: unknown[]) => void)(null, ...results));
  };
  const drop = (name: string, dropped: (args: readonly unknown[]) => unknown): void => {
    const original = table[name];
    if (typeof original !== "function") return;
    table[name] = function (this: unknown, ...args: unknown[]): unknown {
      return isStdio(args[0]) ? dropped(args) : (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  };
  drop("writeSync", (args) => byteCount(args[1], args[2], args[3]));
  drop("write", (args) => callBack(args, byteCount(args[1], args[2], args[3]), args[1]));
  drop("writevSync", (args) => vectorBytes(args[1]));
  drop("writev", (args) => callBack(args, vectorBytes(args[1]), args[1]));
  drop("writeFileSync", () => undefined);
  drop("appendFileSync", () => undefined);
  drop("writeFile", (args) => callBack(args));
  drop("appendFile", (args) => callBack(args));
  drop("closeSync", () => undefined);
  drop("close", (args) => callBack(args));
  syncBuiltinESMExports();
}
muteStdioFds();

type Namespace = Record<PropertyKey, unknown>;

async function importModule(): Promise<Namespace> {
  const url = pathToFileURL(input.file).href;
  if (input.typescript) {
    // Loaded only for TypeScript: tsx (its hooks thread, esbuild) adds 100-250 ms per worker.
    // tsImport covers .ts/.mts/.cts, CommonJS packages and .ts files importing .ts files.
    const { tsImport } = await import("tsx/esm/api");
    return (await tsImport(url, import.meta.url)) as Namespace;
  }
  return (await import(url)) as Namespace;
}

const NO_TOOL = Symbol("no tool");
const NAMED = ["name", "description", "actions"] as const;

function isObject(value: unknown): value is Namespace {
  return typeof value === "object" && value !== null;
}

/**
 * What the module exports, seen as its author wrote it. TypeScript or Babel output in a
 * CommonJS package marks module.exports with `__esModule`, and Node's import() hands that
 * whole object over as `default`; its `default` property is the author's default export.
 */
function authoredExports(namespace: Namespace): Namespace {
  const moduleExports = namespace["default"];
  return isObject(moduleExports) && moduleExports["__esModule"] === true ? moduleExports : namespace;
}

/** SPEC section 2: an object default export is the tool; else the named exports form one. */
function pickTool(namespace: Namespace): unknown {
  const candidate = namespace["default"];
  if (isObject(candidate)) return candidate;
  const tool: Record<string, unknown> = {};
  let found = false;
  for (const key of NAMED) {
    if (key in namespace) {
      tool[key] = namespace[key];
      found = true;
    }
  }
  return found ? tool : NO_TOOL;
}

async function main(): Promise<ToolLint> {
  let namespace: Namespace;
  try {
    namespace = await importModule();
  } catch (error) {
    return loadErrorLint(`loading the module threw ${describeThrown(error)}`);
  }
  try {
    const tool = pickTool(authoredExports(namespace));
    if (tool === NO_TOOL) return noToolLint();
    // lintTool calls actions() once and reports a throw there itself; what escapes it is a
    // tool that throws on being read (a getter, a Proxy trap).
    return lintTool(tool, { advisory: true });
  } catch (error) {
    return loadErrorLint(`reading the tool threw ${describeThrown(error)}`);
  }
}

send({ kind: "ready" });
const lint = await main();
// From here on the answer is out and the parent terminates us; a late error or rejection
// from the module (a timer, an unawaited promise from actions()) must not replace it.
process.on("uncaughtException", () => undefined);
process.on("unhandledRejection", () => undefined);
try {
  send({ kind: "done", lint });
} catch (error) {
  // Only a bug of ours (a ToolLint that is not plain data) gets here, never the module.
  send({ kind: "internal", message: describeThrown(error) });
}
