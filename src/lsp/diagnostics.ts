// A document's offences as LSP diagnostics (docs/editors.md): the range of the whole token
// the offence points at (a string, a list, a map, a comment, an atom; a hidden character
// alone), the severity, the code with a link to its doc, the source, the places an offence
// names (its first occurrence, the file that has a tool name first, where a value read from
// another file is written, each read from disk when it is another file), the Unnecessary tag
// on a disable directive that suppresses nothing; and each check held back as information.
// The document's text and the offences in, diagnostics out.

import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Diagnostic, DiagnosticRelatedInformation } from "./protocol.js";
import { readRegularFile } from "../files/regular-file.js";
import { textOf } from "../files/text.js";
import { heldBackMessage, type HeldBack } from "../core/held-back.js";
import type { Offence } from "../core/offence.js";
import { findHidden } from "../core/model-text/hidden.js";
import { LinterLines, type PositionMap } from "./encoding.js";

export const SOURCE = "wymcp-lint";

/** LSP's DiagnosticSeverity and DiagnosticTag values (the protocol's numbers). */
const ERROR = 1;
const WARNING = 2;
const INFORMATION = 3;
const UNNECESSARY = 1;

/** A diagnostic with what it renders (an offence, or a check held back: null) and the span it covers (UTF-16 offsets), for code actions and hover. */
export interface Finding {
  readonly diagnostic: Diagnostic;
  /** The code it explains: the offence's, or the held-back check's. */
  readonly code: string;
  readonly offence: Offence | null;
  readonly start: number;
  readonly end: number;
}

const WORD = /[\w$@.+-]/;
const CLOSER: Readonly<Record<string, string>> = { "[": "]", "{": "}", "(": ")" };
// How far a bracket is followed to its match: past this, the token is its first character.
const MAX_TOKEN = 1 << 20;

/** How the text a token sits in writes strings and comments: JSON5 and scripts, or Elixir. */
export type Syntax = "script" | "elixir";

/** Where the quoted string at `start` ends: past its closing quote, or at the line's end when it has none there (a backtick's runs on). */
function stringEnd(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === quote) return i + 1;
    else if ((c === "\n" || c === "\r") && quote !== "`") return i;
  }
  return text.length;
}

/** Where the comment at `start` ends (a line comment at its line's end); null when none starts there. */
function commentEnd(text: string, start: number, syntax: Syntax): number | null {
  const lineEnd = (): number => {
    const at = text.slice(start).search(/[\r\n]/);
    return at < 0 ? text.length : start + at;
  };
  if (syntax === "elixir") return text[start] === "#" ? lineEnd() : null;
  if (text[start] !== "/") return null;
  if (text[start + 1] === "/") return lineEnd();
  if (text[start + 1] !== "*") return null;
  const close = text.indexOf("*/", start + 2);
  return close < 0 ? text.length : close + 2;
}

/** Past the bracket that closes the one at `start`, strings and comments skipped; null when it is not found near enough. */
function bracketEnd(text: string, start: number, syntax: Syntax): number | null {
  const stack = [CLOSER[text[start] as string] as string];
  for (let i = start + 1; i < text.length && i - start < MAX_TOKEN; i++) {
    const c = text[i] as string;
    if (c === '"' || (syntax === "script" && (c === "'" || c === "`"))) {
      i = stringEnd(text, i) - 1;
      continue;
    }
    const comment = commentEnd(text, i, syntax);
    if (comment !== null) {
      i = comment - 1;
      continue;
    }
    const closer = CLOSER[c];
    if (closer !== undefined) stack.push(closer);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return null;
}

/**
 * Where the token at `start` ends: a quoted string to its closing quote, a list, map or call on
 * one line to its closing bracket (an Elixir map from its `%`), a comment to its end, an Elixir atom
 * (`:name`, `:"a name"`) whole, a word or number to its last character, any other character
 * alone; an offset at a line's end stays empty.
 */
export function tokenEnd(text: string, start: number, syntax: Syntax = "script"): number {
  const first = text[start];
  if (first === undefined || first === "\n" || first === "\r") return start;
  if (first === '"' || first === "'" || first === "`") return stringEnd(text, start);
  const comment = commentEnd(text, start, syntax);
  if (comment !== null) return comment;
  // A list, map or call written on one line, whole; one that runs over lines, its opening bracket
  // (an offence about a whole action schema would otherwise cover every other one inside it).
  const opening = syntax === "elixir" && first === "%" && text[start + 1] === "{" ? start + 1 : start;
  if (CLOSER[text[opening] as string] !== undefined) {
    const end = bracketEnd(text, opening, syntax);
    return end === null || /[\r\n]/.test(text.slice(opening, end)) ? opening + 1 : end;
  }
  if (syntax === "elixir" && first === ":" && text[start + 1] === '"') return stringEnd(text, start + 1);
  const wordStart = syntax === "elixir" && first === ":" && WORD.test(text[start + 1] ?? "") ? start + 1 : start;
  if (!WORD.test(text[wordStart] as string)) return start + 1;
  let end = wordStart + 1;
  while (end < text.length && WORD.test(text[end] as string)) end++;
  return end;
}

/** The span an offence's diagnostic covers: its token, or, for hidden characters written as they are in a string, the first of them alone. */
export function tokenSpan(text: string, start: number, code: string, syntax: Syntax): { start: number; end: number } {
  const end = tokenEnd(text, start, syntax);
  if (code === "hidden-character" && end - start >= 2 && (text[start] === '"' || text[start] === "'" || text[start] === "`")) {
    const run = findHidden(text.slice(start + 1, end - 1))?.runs[0];
    if (run !== undefined) return { start: start + 1 + run.start, end: start + 1 + run.end };
  }
  return { start, end };
}

/** Where the document is, for the places its offences name in other files. */
export interface DocumentPlace {
  readonly uri: string;
  /** The workspace folder's directory (absolute), which names a file the way a run's report does. */
  readonly folderDir: string;
  readonly syntax: Syntax;
}

// The largest other file read to place a related location in it.
const MAX_RELATED_BYTES = 16 * 1024 * 1024;

/** `path`'s text as a position map in the client's encoding; null when it cannot be read (absent, no regular file, too large). */
function otherFile(path: string, map: PositionMap): PositionMap | null {
  const bytes = readRegularFile(path, MAX_RELATED_BYTES);
  return bytes === null ? null : map.other(textOf(bytes).text);
}

/** A place in the file at `path`: the token at `line`:`column` (1-based), or, with `find`, the first string literal that holds it; the file's start when neither is found. */
function placeIn(path: string, map: PositionMap, syntax: Syntax, at: { line: number; column: number } | { find: string }): DiagnosticRelatedInformation["location"] {
  const uri = pathToFileURL(path).href;
  const other = otherFile(path, map);
  let start = 0;
  if (other !== null) {
    if ("line" in at) start = new LinterLines(other.text).offset(at.line, at.column);
    else {
      const found = [JSON.stringify(at.find), `'${at.find}'`].map((literal) => other.text.indexOf(literal)).filter((i) => i >= 0);
      if (found.length > 0) start = found.reduce((a, b) => Math.min(a, b));
    }
  }
  const end = other === null || start === 0 ? start : tokenEnd(other.text, start, syntax);
  const position = (offset: number) => (other === null ? { line: 0, character: 0 } : other.position(offset));
  return { uri, range: { start: position(start), end: position(end) } };
}

/**
 * The places an offence names beside its own: where a value read from another file is written
 * there (Offence.file: the diagnostic itself sits at the call that reads it), a repeated key's
 * first occurrence ("first at line L, column C", in that other file for a value written there),
 * and the file that has a duplicated tool name first (at the name written there, where it is
 * written as a string).
 */
function related(offence: Offence, place: DocumentPlace, lines: LinterLines, map: PositionMap): DiagnosticRelatedInformation[] | undefined {
  const owner = offence.code === "duplicate-tool" ? /already used by "([^"\\]+)"/.exec(offence.message) : null;
  const name = /tool name "([^"\\]+)"/.exec(offence.message)?.[1];
  if (owner !== null) {
    const path = join(place.folderDir, owner[1] as string);
    return [{ location: placeIn(path, map, syntaxOf(path), name === undefined ? { line: 1, column: 1 } : { find: name }), message: "the file that has the name first" }];
  }
  const first = /\(first at line (\d+), column (\d+)\)/.exec(offence.message);
  if (offence.file !== undefined) {
    const path = resolve(place.folderDir, offence.file);
    const written = { location: placeIn(path, map, syntaxOf(path), { line: offence.line ?? 1, column: offence.column ?? 1 }), message: "where the value is written" };
    if (first === null) return [written];
    return [written, { location: placeIn(path, map, syntaxOf(path), { line: Number(first[1]), column: Number(first[2]) }), message: "first occurrence" }];
  }
  if (first === null) return undefined;
  const start = lines.offset(Number(first[1]), Number(first[2]));
  const range = { start: map.position(start), end: map.position(tokenEnd(map.text, start, place.syntax)) };
  return [{ location: { uri: place.uri, range }, message: "first occurrence" }];
}

/** How the file at `path` writes strings and comments, by its name. */
export function syntaxOf(path: string): Syntax {
  return /\.exs?$/.test(path) ? "elixir" : "script";
}

/**
 * A check the chain's gate held back, as an information diagnostic (the report's "held back"
 * line): on the first offence of its action that holds it back, else at the file's start.
 */
function heldBackFinding(record: HeldBack, offences: readonly Finding[], map: PositionMap, codeHref: (code: string) => string): Finding {
  const holder = offences.find((f) => f.offence?.action === record.action && record.by.includes(f.offence.code));
  const [start, end] = holder === undefined ? [0, 0] : [holder.start, holder.end];
  const diagnostic: Diagnostic = {
    range: { start: map.position(start), end: map.position(end) },
    severity: INFORMATION,
    code: record.check,
    codeDescription: { href: codeHref(record.check) },
    source: SOURCE,
    message: `${record.action}: ${heldBackMessage(record)}`,
  };
  return { diagnostic, code: record.check, offence: null, start, end };
}

/** The document's findings: its offences, then the checks held back; `codeHref` gives the address of a code's doc. */
export function findingsOf(offences: readonly Offence[], heldBack: readonly HeldBack[], place: DocumentPlace, map: PositionMap, codeHref: (code: string) => string): Finding[] {
  const found = offenceFindings(offences, place, map, codeHref);
  return [...found, ...heldBack.map((record) => heldBackFinding(record, found, map, codeHref))];
}

function offenceFindings(offences: readonly Offence[], place: DocumentPlace, map: PositionMap, codeHref: (code: string) => string): Finding[] {
  const lines = new LinterLines(map.text);
  return offences.map((offence) => {
    // An offence placed in another file is shown at the call in this document that reads the value.
    const here = offence.file === undefined ? (offence.line === undefined ? null : { line: offence.line, column: offence.column ?? 1 }) : (offence.via ?? null);
    const at = here === null ? 0 : lines.offset(here.line, here.column);
    const { start, end } = here === null ? { start: 0, end: 0 } : tokenSpan(map.text, at, offence.code, place.syntax);
    const relatedInformation = related(offence, place, lines, map);
    const diagnostic: Diagnostic = {
      range: { start: map.position(start), end: map.position(end) },
      severity: offence.severity === "error" ? ERROR : WARNING,
      code: offence.code,
      codeDescription: { href: codeHref(offence.code) },
      source: SOURCE,
      message: offence.action === null ? offence.message : `${offence.action}${offence.location === "" ? "" : ` at ${offence.location}`}: ${offence.message}`,
      ...(relatedInformation === undefined ? {} : { relatedInformation }),
      ...(offence.code === "unused-disable" ? { tags: [UNNECESSARY] } : {}),
    };
    return { diagnostic, code: offence.code, offence, start, end };
  });
}
