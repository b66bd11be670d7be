// modules/child/ is what runs inside a module process; this is its entry (spawned by the pool
// through modules/spawn.ts; it runs many modules, one after another). For each job it imports
// the module, picks the tool, reads its name, description and actions, calls actions() once,
// and sends back a record of it all as data (snapshot.ts): it judges nothing, the chain runs in
// the linter on a rebuild. The built-ins it needs are captured before the first module runs; a
// module that exits, aborts or throws late is reported, not survived; and the process asks to
// be retired when a module left timers or handles running or changed a built-in, so no module
// runs beside another's leftovers. It talks to the linter only through channel.ts.

import { createRecorder, resultText, type Recorder } from "./snapshot.js";
import { messageReader, send, transpileRequest } from "./channel.js";
import { drainEdges, filesLoadedBy, recordRequire } from "./loaded.js";
import type { StdinSourceMessage, TrackMessage } from "./ts-hooks.js";
import { encodeReady, encodeResult, FD, type JobMessage, type JsonText } from "../protocol.js";
import fs, { readFileSync } from "node:fs";
import Module, { register, syncBuiltinESMExports } from "node:module";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { types } from "node:util";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { callActions } from "../../core/call-actions.js";
import { moduleFormat, TYPESCRIPT, typescriptCandidates } from "../module-format.js";
import { guardThreads } from "./thread-guard.js";
import { endWithLinter } from "./lifeline.js";
import { TOOL_READS, type WireOutcome, type WireResult, type WireSyntaxError } from "../wire.js";

const ReflectApply = Reflect.apply;
const ArrayIsArray = Array.isArray;
const ReflectGet = Reflect.get;
const ReflectOwnKeys = Reflect.ownKeys;
const ReflectGetOwnPropertyDescriptor = Reflect.getOwnPropertyDescriptor;
const ReflectHas = Reflect.has;
const ReflectGetPrototypeOf = Reflect.getPrototypeOf;
const SyntaxErrorPrototype = SyntaxError.prototype;
const isProxy = types.isProxy;
const NumberIsInteger = Number.isInteger;
const stringify = JSON.stringify;
const PromiseConstructor = Promise;
const PromiseThen = Promise.prototype.then;
const realExit = process.exit;
const activeResources = process.getActiveResourcesInfo;
const linterPid = process.ppid;

const jobs = messageReader(FD.jobs);
let current: number | null = null;

function answer(id: number, result: JsonText<WireResult>, retire: boolean, loaded: readonly string[] | null = null): void {
  send(FD.results, encodeResult(id, result, retire, loaded));
}

// ---------------------------------------------------------------------------------------
// What a module may do to the process it runs in

process.exit = function exit(code?: unknown): never {
  if (current !== null) {
    const recorder = createRecorder();
    const value = code === undefined ? null : recorder.value(code);
    answer(current, resultText.exitCalled(value, recorder.nodes()), true);
  }
  return ReflectApply(realExit, process, [0]) as never;
} as typeof process.exit;

process.abort = function abort(): never {
  if (current !== null) answer(current, resultText.abortCalled(), true);
  return ReflectApply(realExit, process, [0]) as never;
};

// Whatever a module does in its load, the process does not outlive the linter (lifeline.ts).
endWithLinter(linterPid);

// Signalling the linter is refused in this thread and every worker a module starts (thread-guard.ts).
guardThreads(linterPid);

// Closing the descriptors the process lives on (stdio, the channel) is a no-op: a module
// that closes its stdout must not take the next module's, nor our answers, with it.
function keepDescriptors(): void {
  const table = fs as unknown as Record<string, unknown>;
  const kept = (fd: unknown): boolean => typeof fd === "number" && fd >= 0 && fd <= FD.hookAnswers;
  const closeSync = fs.closeSync;
  const close = fs.close;
  table["closeSync"] = (fd: number): void => {
    if (!kept(fd)) ReflectApply(closeSync, fs, [fd]);
  };
  table["close"] = (fd: number, callback?: (error: Error | null) => void): void => {
    if (!kept(fd)) ReflectApply(close, fs, [fd, callback]);
    else if (typeof callback === "function") process.nextTick(callback, null);
  };
  syncBuiltinESMExports();
}
keepDescriptors();

// A module's late failures (a timer that throws, a rejection nobody handles) must not end
// the process; one that comes while its module loads is that module's load error.
let failLoading: ((error: unknown) => void) | null = null;
let lateFailure = false;
process.on("uncaughtException", (error: unknown) => {
  if (failLoading !== null) failLoading(error);
  else lateFailure = true;
});
process.on("unhandledRejection", () => undefined);

// ---------------------------------------------------------------------------------------
// Retiring: leftovers of one module must not reach the next

const INTRINSICS: readonly object[] = [
  globalThis,
  Object,
  Object.prototype,
  Function.prototype,
  Array,
  Array.prototype,
  String,
  String.prototype,
  Number.prototype,
  Boolean.prototype,
  Symbol,
  Symbol.prototype,
  BigInt.prototype,
  Map.prototype,
  Set.prototype,
  WeakMap.prototype,
  Promise,
  Promise.prototype,
  RegExp.prototype,
  Error,
  Error.prototype,
  JSON,
  Math,
  Reflect,
  Date.prototype,
];

/** What the built-ins hold now: each intrinsic's own keys and what each key holds, in one flat list. */
function builtInsState(): unknown[] {
  const parts: unknown[] = [];
  let n = 0;
  for (let i = 0; i < INTRINSICS.length; i++) {
    const object = INTRINSICS[i] as object;
    const keys = ReflectOwnKeys(object);
    parts[n++] = keys.length;
    for (let k = 0; k < keys.length; k++) {
      const d = ReflectGetOwnPropertyDescriptor(object, keys[k] as PropertyKey);
      parts[n++] = keys[k];
      parts[n++] = d?.value;
      parts[n++] = d?.get;
      parts[n++] = d?.set;
    }
  }
  return parts;
}

function sameState(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !(a[i] !== a[i] && b[i] !== b[i])) return false;
  return true;
}

/** Timers and handles that keep an event loop alive; requests in flight (writes) are not leftovers. */
function liveResources(): number {
  const list = ReflectApply(activeResources, process, []) as string[];
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const name = list[i];
    if (name !== "WriteWrap" && name !== "ShutdownWrap" && name !== "FSReqCallback" && name !== "FSReqPromise") n++;
  }
  return n;
}

// ---------------------------------------------------------------------------------------
// TypeScript: ES modules through the loader hooks (ts-hooks.ts), CommonJS through the
// CommonJS loader, both transpiled in the linter (transpile.ts).

let hooksPort: MessagePort | null = null;
/** The text of the module read from standard input, served for its file instead of the disk. */
let stdinSource: { file: string; source: string } | null = null;

type Extension = (module: { _compile(code: string, file: string): void }, file: string) => void;
const extensions = (Module as unknown as { _extensions: Record<string, Extension> })._extensions;
const moduleStatics = Module as unknown as {
  _resolveFilename: (request: string, parent: { filename?: string } | undefined, ...rest: unknown[]) => string;
};

function sourceOf(file: string): string {
  return stdinSource !== null && stdinSource.file === file ? stdinSource.source : readFileSync(file, "utf8");
}

function installTypeScript(): void {
  const { port1, port2 } = new MessageChannel();
  register(new URL("./ts-hooks.js", import.meta.url), { data: { port: port2, requests: FD.hookRequests, answers: FD.hookAnswers }, transferList: [port2] });
  hooksPort = port1;
  const compileTypeScript: Extension = (module, file) => module._compile(transpileRequest(FD.results, jobs, file, sourceOf(file), "commonjs"), file);
  for (const extension of [".ts", ".cts", ".mts"]) extensions[extension] = compileTypeScript;
  const resolveFilename = moduleStatics._resolveFilename;
  moduleStatics._resolveFilename = function (request, parent, ...rest) {
    try {
      return ReflectApply(resolveFilename, this, [request, parent, ...rest]) as string;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "MODULE_NOT_FOUND" || !/^\.{0,2}\//.test(request)) throw error;
      for (const candidate of typescriptCandidates(request)) {
        try {
          return ReflectApply(resolveFilename, this, [candidate, parent, ...rest]) as string;
        } catch {
          // try the next spelling
        }
      }
      throw error;
    }
  };
}

type Namespace = Record<PropertyKey, unknown>;

/** A CommonJS file from standard input: compiled as that file would be, never read from disk. */
function requireGiven(file: string, source: string): Namespace {
  const ModuleClass = Module as unknown as new (
    id: string,
    parent: null,
  ) => {
    filename: string;
    paths: string[];
    exports: unknown;
    loaded: boolean;
    _compile(code: string, file: string): void;
  };
  const module = new ModuleClass(file, null);
  module.filename = file;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(file));
  module._compile(TYPESCRIPT.test(file) ? transpileRequest(FD.results, jobs, file, source, "commonjs") : source, file);
  module.loaded = true;
  return { default: module.exports };
}

// ---------------------------------------------------------------------------------------
// What a module loaded (loaded.ts), once a job asks: the hooks post each ES module
// resolution, and each require is recorded where it lands (its parent's cache may skip
// resolving it again).

let tracking = false;

function startTracking(): void {
  tracking = true;
  if (hooksPort === null) installTypeScript();
  const message: TrackMessage = { track: true };
  hooksPort?.postMessage(message);
  const statics = Module as unknown as { _load: (request: string, parent: { filename?: string } | undefined, ...rest: unknown[]) => unknown };
  const load = statics._load;
  const resolveFilename = moduleStatics._resolveFilename;
  statics._load = function (request, parent, ...rest) {
    const exports = ReflectApply(load, this, [request, parent, ...rest]);
    try {
      recordRequire(parent?.filename, ReflectApply(resolveFilename, moduleStatics, [request, parent]) as string);
    } catch {
      // a built-in, or what cannot be resolved twice: nothing to record
    }
    return exports;
  };
}

/** The files a job's module loaded, when it asked; null when it did not, or when what records them may have been changed (the process retires). */
function loadedBy(job: JobMessage, retire: boolean): readonly string[] | null {
  if (job.track !== true || retire) return null;
  drainEdges(hooksPort);
  return filesLoadedBy(importedUrl);
}

/** The files jobs of this process imported, and how many texts it was given: a text for a file imported before gets a URL of its own. */
const importedFiles: Record<string, true> = Object.create(null);
let givenTexts = 0;
/** The URL the job in flight imports its module by. */
let importedUrl = "";

async function importModule(job: JobMessage): Promise<Namespace> {
  if (job.track === true && !tracking) startTracking();
  const typescript = TYPESCRIPT.test(job.file);
  if ((typescript || job.source !== undefined) && hooksPort === null) installTypeScript();
  let url = pathToFileURL(job.file).href;
  // A process the pool kept (--fix's next pass, an editor's next text) has this file's module
  // in its cache already: the new text is imported by a URL of its own, its imports from the cache.
  if (job.source !== undefined && importedFiles[job.file] === true) url += `?wymcp-lint-text=${++givenTexts}`;
  importedFiles[job.file] = true;
  importedUrl = url;
  if (job.source !== undefined) {
    stdinSource = { file: job.file, source: job.source };
    if (moduleFormat(job.file) === "commonjs") return requireGiven(job.file, job.source);
    const message: StdinSourceMessage = { stdinSource: { url, source: job.source } };
    hooksPort?.postMessage(message);
  }
  return (await import(url)) as Namespace;
}

// ---------------------------------------------------------------------------------------
// Obtaining: the tool as the chain will read it

function isObject(value: unknown): value is Namespace {
  return (typeof value === "object" && value !== null) || false;
}

function outcomeOf(recorder: Recorder, read: () => unknown): { text: JsonText<WireOutcome>; ok: boolean; value: unknown } {
  try {
    const value = read();
    return { text: recorder.outcome(true, value), ok: true, value };
  } catch (error) {
    return { text: recorder.outcome(false, error), ok: false, value: undefined };
  }
}

/** An object default export is the tool; else the named exports form one (docs/inputs.md). */
function obtain(namespace: Namespace): JsonText<WireResult> {
  const recorder = createRecorder();
  let tool: Namespace | null = null;
  let authored: Namespace;
  try {
    // TypeScript or Babel output in a CommonJS package marks module.exports with __esModule;
    // Node hands that whole object over as the default, whose `default` is the author's.
    const moduleExports = namespace["default"];
    authored = isObject(moduleExports) && moduleExports["__esModule"] === true ? moduleExports : namespace;
    const candidate = authored["default"];
    if (ArrayIsArray(candidate)) return resultText.toolList(isProxy(candidate) ? null : (candidate as unknown[]).length);
    if (isObject(candidate)) tool = candidate;
    else if (!ReflectHas(authored, "name") && !ReflectHas(authored, "description") && !ReflectHas(authored, "actions")) return resultText.noTool();
  } catch (error) {
    const thrown = recorder.value(error, true);
    return resultText.readThrew(thrown, recorder.nodes());
  }
  const from = tool ?? authored;
  const reads: JsonText<WireOutcome>[] = [];
  const values: unknown[] = [];
  for (let i = 0; i < TOOL_READS.length; i++) {
    const key = TOOL_READS[i] as string;
    const read = outcomeOf(recorder, () => (tool !== null || ReflectHas(authored, key) ? ReflectGet(from, key) : undefined));
    reads[i] = read.text;
    values[i] = read.value;
    if (!read.ok) break;
  }
  let call: JsonText<WireOutcome> | null = null;
  if (reads.length === TOOL_READS.length && typeof values[2] === "function") {
    const holder = tool ?? { name: values[0], description: values[1], actions: values[2] };
    const called = callActions(holder as { actions(): unknown });
    call = "threw" in called ? recorder.outcome(false, called.threw) : recorder.outcome(true, called.returned);
  }
  return resultText.tool(reads, call, recorder.nodes());
}

/** An own data property of an object that is no Proxy (so reading it runs no code of the module); undefined otherwise. */
function ownData(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null || isProxy(value)) return undefined;
  const descriptor = ReflectGetOwnPropertyDescriptor(value, key);
  return descriptor !== undefined && "value" in descriptor ? descriptor.value : undefined;
}

function isSyntaxError(error: unknown): boolean {
  if (typeof error !== "object" || error === null || isProxy(error)) return false;
  for (let proto = ReflectGetPrototypeOf(error); proto !== null && !isProxy(proto); proto = ReflectGetPrototypeOf(proto)) if (proto === SyntaxErrorPrototype) return true;
  return false;
}

/**
 * The syntax error that stopped an import, as the answer's field (wire.ts): the place the
 * transformer gave (channel.ts puts it on the error it throws), or none for node's own
 * SyntaxError, whose place only a parse of the text finds; null for any other thrown value.
 * A module that throws such a property itself can only misplace its own load-error.
 */
function syntaxErrorOf(error: unknown): JsonText<WireSyntaxError> | null {
  const unplaced = '{"at":null}' as JsonText<WireSyntaxError>;
  const cause = ownData(error, "syntaxError");
  if (cause === undefined) return isSyntaxError(error) ? unplaced : null;
  const at = ownData(cause, "at");
  const file = ownData(at, "file");
  const position = ownData(at, "position");
  const line = ownData(position, "line");
  const column = ownData(position, "column");
  const placed = typeof file === "string" && NumberIsInteger(line) && NumberIsInteger(column);
  return placed ? (`{"at":{"file":${stringify(file)},"position":{"line":${line},"column":${column}}}}` as JsonText<WireSyntaxError>) : unplaced;
}

async function run(job: JobMessage): Promise<JsonText<WireResult>> {
  let namespace: Namespace;
  try {
    namespace = await new PromiseConstructor<Namespace>((resolve, reject) => {
      failLoading = reject;
      ReflectApply(PromiseThen, importModule(job), [resolve, reject]);
    });
  } catch (error) {
    const recorder = createRecorder();
    const thrown = recorder.value(error, true);
    return resultText.importThrew(thrown, recorder.nodes(), syntaxErrorOf(error));
  } finally {
    failLoading = null;
  }
  return obtain(namespace);
}

// ---------------------------------------------------------------------------------------

// Streams a module may print to exist before the baseline, so printing is no leftover.
void process.stdout;
void process.stderr;
// Started for TypeScript (or as a standby for it): the hooks thread starts before the first
// job arrives. The flag is taken out of process.argv, which modules see as before.
const typescriptFlag = process.argv.indexOf("--typescript", 2);
if (typescriptFlag >= 0) {
  process.argv.splice(typescriptFlag, 1);
  installTypeScript();
}
const baseline = builtInsState();
const baselineResources = liveResources();
send(FD.results, encodeReady());
// Only jobs come between answers: a transpile answer comes only to a request (channel.ts).
for (let job = jobs.next(); job !== null && job.kind === "job"; job = jobs.next()) {
  current = job.id;
  const result = await run(job);
  current = null;
  stdinSource = null;
  const retire = lateFailure || liveResources() > baselineResources || !sameState(builtInsState(), baseline);
  answer(job.id, result, retire, loadedBy(job, retire));
  if (retire) break;
}
ReflectApply(realExit, process, [0]);
