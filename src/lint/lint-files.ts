// Lints the discovered files into one LintResult (SPEC sections 2 and 6). Action files are
// read once, decoded, parsed (JSON.parse, or src/loading/json5-parse.ts) and linted with
// lintActionFile, and files with offences get line and column (src/loading/locate.ts; clean
// files skip that work): lintActionTarget, run on this thread or, for large runs, also on
// worker threads (parallel.ts). Tool modules go to the isolated loader
// (src/loading/load-module.ts). Then duplicate-tool per directory, over the merged results.
// Called by src/cli/run.ts. A file's failure stays in that file's result; only our own bugs throw.

import { isUtf8 } from "node:buffer";
import { readFileSync } from "node:fs";
import { basename, dirname, extname } from "node:path";
import { performance } from "node:perf_hooks";
import { errorText, inspectString } from "../core/escape.js";
import { lintActionFile, SCHEMA_KEY, type ToolLint } from "../core/lint-tool.js";
import { toolOffence, withPosition, type Offence } from "../core/offence.js";
import { sortOffences } from "../core/order.js";
import { parseJson, parseJson5, ParseError, type Position } from "../loading/json5-parse.js";
import { locate, type Pointer } from "../loading/locate.js";
import type { LintTarget } from "./discover.js";
import { lintInParallel, workersFor, type LintWorker } from "./parallel.js";
import { suppressInFile } from "../suppress/file.js";
import type { FileResult, LintResult, Summary } from "./result.js";
import { DEFAULT_RULES, resolveSeverities, type SeverityRules } from "./severity.js";

export interface LintFilesOptions {
  /** Wall time each tool module gets to load (--load-timeout), in milliseconds. */
  readonly timeoutMs: number;
  /** Tool modules loaded at once; the loader's default when absent. */
  readonly concurrency?: number;
  /**
   * Worker threads that lint action files beside this one: 0 lints them all on this thread;
   * absent lets the size of the run decide (parallel.ts, workersFor).
   */
  readonly workers?: number;
  /** performance.now() when the run began, so durationMs covers discovery too. */
  readonly startedAt?: number;
  /**
   * Lint workers started before the files were known (run.ts, while discovering): used
   * first when the run calls for workers, else stopped. Stopped either way before this returns.
   */
  readonly standby?: readonly LintWorker[];
  /** Each code's severity per file; every default when absent. */
  readonly rules?: SeverityRules;
}

/** The tool an action file declares: its base name before `.actions.`, else before its last extension. */
export function toolNameOf(file: string): string {
  const base = basename(file);
  const at = base.lastIndexOf(".actions.");
  return at >= 0 ? base.slice(0, at) : base.slice(0, base.length - extname(base).length);
}

// ---------------------------------------------------------------------------------------
// Decoding and parsing. Every failure is a parse-error offence, with a position when known.

/** A parse-error offence; `problem` continues "the file …" ("is not valid JSON: …"). */
function parseError(problem: string, fix: string, position?: Position | null): { offence: Offence } {
  const offence = toolOffence("parse-error", `the file ${problem}`, fix);
  return { offence: position ? withPosition(offence, position.line, position.column) : offence };
}

/** Line and column (UTF-16 units, 1-based) of a byte offset, for the rare failure paths. */
function bytePosition(bytes: Uint8Array, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: Buffer.from(bytes.buffer, bytes.byteOffset + lineStart, offset - lineStart).toString("utf8").length + 1 };
}

/** Offset of the first byte that does not start a well-formed UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    const extra = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
    if (extra === 0) return i;
    // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
    const low = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const high = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k <= extra; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += extra + 1;
  }
  return -1;
}

const UTF8_FIX = "Save the file as UTF-8 text.";

/** The file's text: UTF-8, BOM stripped, no NUL byte. */
function decode(bytes: Buffer): { text: string } | { offence: Offence } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return parseError("is encoded as UTF-16, not UTF-8", UTF8_FIX, { line: 1, column: 1 });
  }
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  const nul = body.indexOf(0);
  if (nul >= 0) {
    return parseError("is not text: it holds a NUL byte (a binary file?)", "Lint the action file itself, saved as UTF-8 JSON or JSON5.", bytePosition(body, nul));
  }
  if (!isUtf8(body)) {
    const at = firstInvalidUtf8(body);
    const shown = `0x${(body[at] ?? 0).toString(16).toUpperCase().padStart(2, "0")}`;
    return parseError(`is not valid UTF-8 (byte ${shown})`, UTF8_FIX, bytePosition(body, at < 0 ? 0 : at));
  }
  return { text: body.toString("utf8") };
}

/** A ParseError's position; null for errors that carry none (JSON.parse's). */
function errorPosition(error: unknown): Position | null {
  return error instanceof ParseError ? { line: error.line, column: error.column } : null;
}

function parseFailure(error: unknown, kind: "json" | "json5"): { offence: Offence } {
  const position = errorPosition(error);
  let text = error instanceof RangeError ? "nests too deeply to parse" : errorText(error).replace(/^(?:SyntaxError|ParseError): /, "");
  // The offence carries the position, which every format shows: the message need not repeat it.
  if (position) text = text.replace(` at ${position.line}:${position.column}`, "");
  const fix = kind === "json" ? "Correct the JSON syntax at that place (comments and trailing commas need a .json5 file)." : "Correct the JSON5 syntax at that place.";
  return parseError(`is not valid ${kind === "json" ? "JSON" : "JSON5"}: ${text}`, fix, position);
}

function parse(text: string, kind: "json" | "json5"): { value: unknown } | { offence: Offence } {
  if (kind === "json5") {
    try {
      return { value: parseJson5(text) };
    } catch (error) {
      return parseFailure(error, kind);
    }
  }
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    // JSON.parse names no line; our strict parser explains the same failure precisely.
    try {
      parseJson(text);
    } catch (explained) {
      return parseFailure(explained, kind);
    }
    return parseFailure(error, kind);
  }
}

/** The file's text, decoded (see decode); a file that cannot be read is a parse-error. */
function readText(path: string): { text: string } | { offence: Offence } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const reason =
      code === "EACCES" || code === "EPERM" ? "permission denied" : code === "EISDIR" ? "it is a directory" : code === "ENOENT" ? "it no longer exists" : errorText(error);
    return parseError(`cannot be read: ${reason}`, "Make the file readable by the user running wymcp-lint.");
  }
  return decode(bytes);
}

// ---------------------------------------------------------------------------------------
// Positions. Only files with offences pay for them.

/**
 * Where an offence points in the file, as a path from the file's top level. An offence of
 * the tool as a whole points into the file only at the top level or at "$schema"; its
 * name comes from the file name, so offences about the name get no position.
 */
function pointerOf(offence: Offence): Pointer | null {
  if (offence.action !== null) return { path: [offence.action, ...offence.target.path], part: offence.target.part };
  const first = offence.target.path[0];
  return first === undefined || first === SCHEMA_KEY ? offence.target : null;
}

function withPositions(text: string, offences: readonly Offence[]): readonly Offence[] {
  const pointed = offences.map((offence) => ({ offence, pointer: offence.line === undefined ? pointerOf(offence) : null }));
  const pointers = pointed.flatMap(({ pointer }) => (pointer ? [pointer] : []));
  if (pointers.length === 0) return offences;
  const positions = locate(text, pointers);
  let next = 0;
  return pointed.map(({ offence, pointer }) => {
    if (!pointer) return offence;
    const position = positions[next++];
    return position ? withPosition(offence, position.line, position.column) : offence;
  });
}

// ---------------------------------------------------------------------------------------

/** One action file's lint: what lintFiles keeps of it, and what a lint worker posts back. */
export interface Linted {
  readonly tool: string | null;
  readonly actions: number;
  readonly offences: readonly Offence[];
}

/** One action file's whole lint, from its text (decoded) and the tool's name. */
function lintText(text: string, kind: "json" | "json5", toolName: string): Linted {
  const parsed = parse(text, kind);
  if ("offence" in parsed) return { tool: toolName || null, actions: 0, offences: [parsed.offence] };
  // A parsed value is a tree of plain objects: the core skips its cycle and sharing checks.
  const lint: ToolLint = lintActionFile(parsed.value, toolName, { parsed: true });
  if (lint.offences.length === 0) return lint;
  return { ...lint, offences: withPositions(text, lint.offences) };
}

/** One action file's whole lint, from its bytes (a file's content, or stdin). */
export function lintActionSource(bytes: Buffer, kind: "json" | "json5", toolName: string): Linted {
  const decoded = decode(bytes);
  if ("offence" in decoded) return { tool: toolName || null, actions: 0, offences: [decoded.offence] };
  return lintText(decoded.text, kind, toolName);
}

/**
 * Reads, parses and lints one action file: the per-file step of the sequential path and of
 * each lint worker (parallel.ts). Every failure of the file is its offence; only our own
 * bugs throw, naming the file.
 */
export function lintActionTarget(target: LintTarget): Linted {
  const kind = target.kind as "json" | "json5";
  const toolName = toolNameOf(target.path);
  try {
    // The bytes are a temporary: once decoded, only the text (kept for positions) and the
    // parsed value stay alive, which matters on a 50 MB file.
    const decoded = readText(target.path);
    if ("offence" in decoded) return { tool: toolName || null, actions: 0, offences: [decoded.offence] };
    return lintText(decoded.text, kind, toolName);
  } catch (error) {
    throw new Error(`linting ${inspectString(target.display)} failed internally: ${errorText(error)}`, { cause: error });
  }
}

async function lintModules(targets: readonly LintTarget[], options: LintFilesOptions): Promise<readonly Linted[]> {
  if (targets.length === 0) return [];
  const { lintToolModules } = await import("../loading/load-module.js");
  return lintToolModules(
    targets.map((t) => t.path),
    options.concurrency === undefined ? { timeoutMs: options.timeoutMs } : { timeoutMs: options.timeoutMs, concurrency: options.concurrency },
  );
}

/**
 * duplicate-tool (SPEC section 6): in each directory, the first file in path order owns a
 * tool name; each later file with that name is told which file owns it.
 */
function duplicateTools(targets: readonly LintTarget[], linted: readonly Linted[]): Linted[] {
  const owners = new Map<string, string>();
  return linted.map((lint, i) => {
    if (lint.tool === null) return lint;
    const target = targets[i] as LintTarget;
    const key = `${dirname(target.path)}\0${lint.tool}`;
    const owner = owners.get(key);
    if (owner === undefined) {
      owners.set(key, target.display);
      return lint;
    }
    const offence = toolOffence(
      "duplicate-tool",
      `the tool name ${inspectString(lint.tool)} is already used by ${inspectString(owner)} in the same directory`,
      "Give one of the two tools another name: the tools of one directory are one server's tools, and their names must be unique.",
      { path: ["name"], part: "value" },
    );
    return { ...lint, offences: sortOffences([...lint.offences, offence]) };
  });
}

/** The run's result: each file under the severity rules, and the totals of what is reported. */
export function summarize(linted: readonly FileResult[], startedAt: number, rules: SeverityRules = DEFAULT_RULES): LintResult {
  const files = linted.map((file) => resolveSeverities(file, rules));
  return { files, summary: totals(files), durationMs: performance.now() - startedAt };
}

/** The totals of what the files report (severities already resolved). */
export function totals(files: readonly FileResult[]): Summary {
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
  return { files: files.length, actions, offences: errors + warnings, errors, warnings };
}

/** A linted file's text again, for its suppression directives; null when it cannot be read. */
function readSource(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** Lints `targets` (in path order, as discover returns them); results keep that order. */
export async function lintFiles(targets: readonly LintTarget[], options: LintFilesOptions): Promise<LintResult> {
  const startedAt = options.startedAt ?? performance.now();
  const isModule = (t: LintTarget): boolean => t.kind === "module";
  // Modules start first: their workers run while this thread reads and lints action files.
  const modules = lintModules(targets.filter(isModule), options);
  const actionTargets = targets.filter((t) => !isModule(t));
  const workers = Math.min(options.workers ?? workersFor(actionTargets), actionTargets.length);
  // Sequentially, one file after another, read synchronously: for many small files this
  // beats any concurrent I/O scheme (measured on 2,000 files: 30 ms against 55-170 ms for
  // fs.readFile with 8-64 in flight); large runs also spread the files over worker threads.
  const standby = options.standby ?? [];
  if (workers <= 0) for (const worker of standby) worker.stop();
  const actionFiles =
    workers > 0 ? await lintInParallel(actionTargets, { workers, lintOne: lintActionTarget, started: standby }) : actionTargets.map(lintActionTarget);
  const moduleLints = await modules;

  let nextModule = 0;
  let nextActionFile = 0;
  const linted = targets.map((t) => (isModule(t) ? moduleLints[nextModule++] : actionFiles[nextActionFile++]) as Linted);
  const files = duplicateTools(targets, linted).map((lint, i): FileResult => {
    const target = targets[i] as LintTarget;
    const file = { file: target.display, tool: lint.tool, actions: lint.actions, offences: lint.offences };
    return suppressInFile(file, target.kind, () => readSource(target.path));
  });
  return summarize(files, startedAt, options.rules);
}

/** Lints one action file given as bytes (--stdin); `display` names it and gives the tool's name. */
export async function lintSource(bytes: Buffer, display: string, kind: "json" | "json5", startedAt = performance.now(), rules: SeverityRules = DEFAULT_RULES): Promise<LintResult> {
  const lint = lintActionSource(bytes, kind, toolNameOf(display));
  const file = suppressInFile({ file: display, tool: lint.tool, actions: lint.actions, offences: lint.offences }, kind, () => bytes.toString("utf8"));
  return summarize([file], startedAt, rules);
}
