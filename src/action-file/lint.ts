// The action-file loader (SPEC sections 2 and 6): one action file, from its bytes to its
// ToolLint. It decodes the bytes (UTF-8, BOM stripped, no NUL), parses the text (JSON.parse,
// or json5-parse.ts), lints the value (core/lint-tool.ts, advisory checks included), adds
// a duplicate-key offence for each repeated key when the parse saw one (duplicate-keys.ts),
// gives offences the line and column of what they point at (source-positions.ts; clean files skip
// that work), and repairable ones their edits (src/locate/action-file-edits.ts). Every failure
// of the file is a parse-error offence of that file. Called by the scheduler (on this thread or
// a lint worker) for files on disk, and by lintSource for standard input.

import { isUtf8 } from "node:buffer";
import { readFileSync } from "node:fs";
import { basename, extname } from "node:path";
import { describeThrown } from "../core/escape.js";
import { inspectString } from "../text/escape.js";
import { lintActionFile, SCHEMA_KEY, type ToolLint } from "../core/lint-tool.js";
import { PLAIN_DATA } from "../core/map.js";
import { toolOffence, withPosition, type Offence, type Target } from "../core/offence.js";
import { sortOffences } from "../core/order.js";
import { openablePath, type FoundFile } from "../files.js";
import { duplicateKeyOffence, repeatedKeys } from "./duplicate-keys.js";
import { parseJson, parseJson5, repeatsKeys, type KeyRepeats } from "../text/json5-parse.js";
import { positionsAt, type Position } from "../text/positions.js";
import { ParseError } from "../text/json5-lexer.js";
import { sourcePositions } from "../locate/source-positions.js";
import { withActionFileEdits } from "../locate/action-file-edits.js";

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
  const before = Buffer.from(bytes.buffer, bytes.byteOffset, offset).toString("utf8");
  return positionsAt(before, [before.length])[0] as Position;
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
  let text = error instanceof RangeError ? "nests too deeply to parse" : describeThrown(error).replace(/^(?:SyntaxError|ParseError): /, "");
  // The offence carries the position, which every format shows: the message need not repeat it.
  if (position) text = text.replace(` at ${position.line}:${position.column}`, "");
  const fix = kind === "json" ? "Correct the JSON syntax at that place (comments and trailing commas need a .json5 file)." : "Correct the JSON5 syntax at that place.";
  return parseError(`is not valid ${kind === "json" ? "JSON" : "JSON5"}: ${text}`, fix, position);
}

/** The parsed value, and whether some object in the text repeats a key (the value keeps the last). */
interface Parsed {
  readonly value: unknown;
  readonly repeatsKeys: boolean;
}

function parse(text: string, kind: "json" | "json5"): Parsed | { offence: Offence } {
  if (kind === "json5") {
    const repeats: KeyRepeats = { found: false };
    try {
      return { value: parseJson5(text, repeats), repeatsKeys: repeats.found };
    } catch (error) {
      return parseFailure(error, kind);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // JSON.parse names no line; our strict parser explains the same failure precisely.
    try {
      parseJson(text);
    } catch (explained) {
      return parseFailure(explained, kind);
    }
    return parseFailure(error, kind);
  }
  return { value, repeatsKeys: repeatsKeys(text, value) };
}

/** The file's text, decoded (see decode); a file that cannot be read is a parse-error. */
function readText(path: string | Buffer): { text: string } | { offence: Offence } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const reason =
      code === "EACCES" || code === "EPERM" ? "permission denied" : code === "EISDIR" ? "it is a directory" : code === "ENOENT" ? "it no longer exists" : describeThrown(error);
    return parseError(`cannot be read: ${reason}`, "Make the file readable by the user running wymcp-lint.");
  }
  return decode(bytes);
}

// ---------------------------------------------------------------------------------------
// Positions. Only files with offences pay for them.

/**
 * The offence's target in the file, its path from the file's top level. An offence of the
 * tool as a whole points into the file only at the top level or at "$schema"; its name
 * comes from the file name, so offences about the name get no position.
 */
function targetInFile(offence: Offence): Target | null {
  if (offence.action !== null) return { path: [offence.action, ...offence.target.path], part: offence.target.part };
  const first = offence.target.path[0];
  return first === undefined || first === SCHEMA_KEY ? offence.target : null;
}

function withPositions(text: string, offences: readonly Offence[]): readonly Offence[] {
  const targeted = offences.map((offence) => ({ offence, target: offence.line === undefined ? targetInFile(offence) : null }));
  const targets = targeted.flatMap(({ target }) => (target ? [target] : []));
  if (targets.length === 0) return offences;
  const positions = sourcePositions(text, targets);
  let next = 0;
  return targeted.map(({ offence, target }) => {
    if (!target) return offence;
    const position = positions[next++];
    return position ? withPosition(offence, position.line, position.column) : offence;
  });
}

// ---------------------------------------------------------------------------------------

/** One action file's whole lint, from its text (decoded) and the tool's name; also each --fix pass. */
export function lintText(text: string, kind: "json" | "json5", toolName: string): ToolLint {
  const parsed = parse(text, kind);
  if ("offence" in parsed) return { tool: toolName || null, actions: 0, offences: [parsed.offence] };
  // A parsed value is plain JSON data: the core skips its cycle and sharing checks.
  const lint = lintActionFile(parsed.value, toolName, { read: PLAIN_DATA, advisory: true });
  // Repeated keys are found in the text, with their positions; only texts that have one pay.
  const repeated = parsed.repeatsKeys ? repeatedKeys(text).map(duplicateKeyOffence) : [];
  if (lint.offences.length === 0 && repeated.length === 0) return lint;
  const offences = withActionFileEdits(text, withPositions(text, lint.offences));
  return { ...lint, offences: repeated.length === 0 ? offences : sortOffences([...offences, ...repeated]) };
}

/** One action file's whole lint, from its bytes (a file's content, or stdin). */
export function lintActionBytes(bytes: Buffer, kind: "json" | "json5", toolName: string): ToolLint {
  const decoded = decode(bytes);
  if ("offence" in decoded) return { tool: toolName || null, actions: 0, offences: [decoded.offence] };
  return lintText(decoded.text, kind, toolName);
}

/**
 * Reads, parses and lints one action file: the per-file step on this thread and on each lint
 * worker (src/lint/scheduler.ts). Every failure of the file is its offence; only our own
 * bugs throw, naming the file.
 */
export function lintActionPath(file: FoundFile): ToolLint {
  const kind = file.kind as "json" | "json5";
  const toolName = toolNameOf(file.path);
  try {
    // The bytes are a temporary: once decoded, only the text (kept for positions) and the
    // parsed value stay alive, which matters on a 50 MB file.
    const decoded = readText(openablePath(file));
    if ("offence" in decoded) return { tool: toolName || null, actions: 0, offences: [decoded.offence] };
    return lintText(decoded.text, kind, toolName);
  } catch (error) {
    throw new Error(`linting ${inspectString(file.display)} failed internally: ${describeThrown(error)}`, { cause: error });
  }
}
