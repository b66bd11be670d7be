// Lints the discovered files into one LintResult (SPEC sections 2 and 6). Action files are
// read once, decoded and parsed here and linted with lintActionFile; tool modules go to the
// isolated loader (src/loading/load-module.ts). Then duplicate-tool per directory, and line
// and column for JSON/JSON5 files that have offences (clean files skip that work). Called
// by src/cli/run.ts. A file's failure stays in that file's result; only our own bugs throw.

import { isUtf8 } from "node:buffer";
import { readFileSync } from "node:fs";
import { basename, dirname, extname } from "node:path";
import { performance } from "node:perf_hooks";
import { errorText, inspectString } from "../core/escape.js";
import { lintActionFile, SCHEMA_KEY, type ToolLint } from "../core/lint-tool.js";
import { toolOffence, withPosition, type Offence } from "../core/offence.js";
import { sortOffences } from "../core/order.js";
import type { Path } from "../core/path.js";
import type { LintTarget } from "./discover.js";
import type { FileResult, LintResult } from "./result.js";

export interface LintFilesOptions {
  /** Wall time each tool module gets to load (--load-timeout), in milliseconds. */
  readonly timeoutMs: number;
  /** Tool modules loaded at once; the loader's default when absent. */
  readonly concurrency?: number;
  /** performance.now() when the run began, so durationMs covers discovery too. */
  readonly startedAt?: number;
}

/** The tool an action file declares: its base name before `.actions.`, else before its last extension. */
export function toolNameOf(file: string): string {
  const base = basename(file);
  const at = base.lastIndexOf(".actions.");
  return at >= 0 ? base.slice(0, at) : base.slice(0, base.length - extname(base).length);
}

// ---------------------------------------------------------------------------------------
// Decoding and parsing. Every failure is a parse-error offence, with a position when known.

interface Position {
  readonly line: number;
  readonly column: number;
}

type Parsed = { readonly value: unknown; readonly text: string } | { readonly offence: Offence };

function parseError(message: string, fix: string, position?: Position | null): { offence: Offence } {
  const offence = toolOffence("parse-error", message, fix);
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

/** The shape of src/loading/json5-parse.ts, which owns parsing JSON5 and explaining bad JSON. */
interface Json5ParseModule {
  parseJson5(text: string): unknown;
  parseJson(text: string): unknown;
}

// Imported only when a file needs it (a JSON5 file, or JSON that JSON.parse refused), so
// the clean JSON path pays nothing. The specifier is a variable while the module may be
// absent from the build: then the json5 package stands in.
const JSON5_PARSE_MODULE = "../loading/json5-parse.js";
let json5Parser: Promise<Json5ParseModule> | undefined;

function loadJson5Parser(): Promise<Json5ParseModule> {
  json5Parser ??= (import(JSON5_PARSE_MODULE) as Promise<Json5ParseModule>).catch(async (error: unknown) => {
    if ((error as { code?: unknown } | null)?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    const { default: JSON5 } = await import("json5");
    return { parseJson5: (text: string) => JSON5.parse(text), parseJson: (text: string) => JSON5.parse(text) };
  });
  return json5Parser;
}

/** A parser's error as a position: ParseError's line/column, or the json5 package's names. */
function errorPosition(error: unknown): Position | null {
  const e = error as { line?: unknown; column?: unknown; lineNumber?: unknown; columnNumber?: unknown } | null;
  const line = e?.line ?? e?.lineNumber;
  const column = e?.column ?? e?.columnNumber;
  return typeof line === "number" && typeof column === "number" ? { line, column } : null;
}

function parseFailure(error: unknown, kind: "json" | "json5"): { offence: Offence } {
  const position = errorPosition(error);
  let text = error instanceof RangeError ? "nests too deeply to parse" : errorText(error).replace(/^(?:SyntaxError|ParseError): /, "");
  // The offence carries the position, which every format shows: the message need not repeat it.
  if (position) text = text.replace(` at ${position.line}:${position.column}`, "");
  const fix = kind === "json" ? "Correct the JSON syntax at that place (comments and trailing commas need a .json5 file)." : "Correct the JSON5 syntax at that place.";
  return parseError(`is not valid ${kind === "json" ? "JSON" : "JSON5"}: ${text}`, fix, position);
}

async function parse(bytes: Buffer, kind: "json" | "json5"): Promise<Parsed> {
  const decoded = decode(bytes);
  if ("offence" in decoded) return decoded;
  const { text } = decoded;
  if (kind === "json") {
    try {
      return { value: JSON.parse(text), text };
    } catch (error) {
      // JSON.parse names no line; the strict parser explains the same failure precisely.
      try {
        (await loadJson5Parser()).parseJson(text);
      } catch (explained) {
        return parseFailure(explained, kind);
      }
      return parseFailure(error, kind);
    }
  }
  const { parseJson5 } = await loadJson5Parser();
  try {
    return { value: parseJson5(text), text };
  } catch (error) {
    return parseFailure(error, kind);
  }
}

function readBytes(path: string): Buffer | { offence: Offence } {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const reason =
      code === "EACCES" || code === "EPERM" ? "permission denied" : code === "EISDIR" ? "it is a directory" : code === "ENOENT" ? "it no longer exists" : errorText(error);
    return parseError(`cannot be read: ${reason}`, "Make the file readable by the user running wymcp-lint.");
  }
}

// ---------------------------------------------------------------------------------------
// Positions. Only files with offences pay for them.

interface Pointer {
  readonly path: Path;
  readonly part: "key" | "value";
}

/** The shape of src/loading/locate.ts, which finds a pointer's place in JSON/JSON5 text. */
interface LocateModule {
  locate(text: string, pointers: readonly Pointer[]): readonly (Position | null)[];
}

const LOCATE_MODULE = "../loading/locate.js";
let locator: Promise<LocateModule> | undefined;

function loadLocator(): Promise<LocateModule> {
  locator ??= (import(LOCATE_MODULE) as Promise<LocateModule>).catch((error: unknown) => {
    if ((error as { code?: unknown } | null)?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    return { locate: (_text: string, pointers: readonly Pointer[]) => pointers.map(() => null) };
  });
  return locator;
}

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

async function withPositions(text: string, offences: readonly Offence[]): Promise<readonly Offence[]> {
  const pointed = offences.map((offence) => ({ offence, pointer: offence.line === undefined ? pointerOf(offence) : null }));
  const pointers = pointed.flatMap(({ pointer }) => (pointer ? [pointer] : []));
  if (pointers.length === 0) return offences;
  const positions = (await loadLocator()).locate(text, pointers);
  let next = 0;
  return pointed.map(({ offence, pointer }) => {
    if (!pointer) return offence;
    const position = positions[next++];
    return position ? withPosition(offence, position.line, position.column) : offence;
  });
}

// ---------------------------------------------------------------------------------------

interface Linted {
  readonly tool: string | null;
  readonly actions: number;
  readonly offences: readonly Offence[];
}

/** One action file's whole lint, from its bytes (a file's content, or stdin). */
export async function lintActionSource(bytes: Buffer, kind: "json" | "json5", toolName: string): Promise<Linted> {
  const parsed = await parse(bytes, kind);
  if ("offence" in parsed) return { tool: toolName || null, actions: 0, offences: [parsed.offence] };
  const lint: ToolLint = lintActionFile(parsed.value, toolName);
  if (lint.offences.length === 0) return lint;
  return { ...lint, offences: await withPositions(parsed.text, lint.offences) };
}

async function lintActionFileAt(target: LintTarget): Promise<Linted> {
  const kind = target.kind as "json" | "json5";
  const toolName = toolNameOf(target.path);
  const bytes = readBytes(target.path);
  if (!Buffer.isBuffer(bytes)) return { tool: toolName || null, actions: 0, offences: [bytes.offence] };
  try {
    return await lintActionSource(bytes, kind, toolName);
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

export function summarize(files: readonly FileResult[], startedAt: number): LintResult {
  let actions = 0;
  let offences = 0;
  for (const file of files) {
    actions += file.actions;
    offences += file.offences.length;
  }
  return { files, summary: { files: files.length, actions, offences }, durationMs: performance.now() - startedAt };
}

/** Lints `targets` (in path order, as discover returns them); results keep that order. */
export async function lintFiles(targets: readonly LintTarget[], options: LintFilesOptions): Promise<LintResult> {
  const startedAt = options.startedAt ?? performance.now();
  const isModule = (t: LintTarget): boolean => t.kind === "module";
  // Modules start first: their workers run while this thread reads and lints action files.
  const modules = lintModules(targets.filter(isModule), options);
  // One file after another, read synchronously: for many small files this beats any
  // concurrent scheme (measured on 2,000 files: 30 ms against 55-170 ms for fs.readFile
  // with 8-64 in flight), and the awaits below resolve at once unless a file needs the
  // JSON5 parser or positions.
  const actionFiles: Linted[] = [];
  for (const target of targets) if (!isModule(target)) actionFiles.push(await lintActionFileAt(target));
  const moduleLints = await modules;

  let nextModule = 0;
  let nextActionFile = 0;
  const linted = targets.map((t) => (isModule(t) ? moduleLints[nextModule++] : actionFiles[nextActionFile++]) as Linted);
  const files = duplicateTools(targets, linted).map(
    (lint, i): FileResult => ({ file: (targets[i] as LintTarget).display, tool: lint.tool, actions: lint.actions, offences: lint.offences }),
  );
  return summarize(files, startedAt);
}

/** Lints one action file given as bytes (--stdin); `display` names it and gives the tool's name. */
export async function lintSource(bytes: Buffer, display: string, kind: "json" | "json5", startedAt = performance.now()): Promise<LintResult> {
  const lint = await lintActionSource(bytes, kind, toolNameOf(display));
  return summarize([{ file: display, tool: lint.tool, actions: lint.actions, offences: lint.offences }], startedAt);
}
