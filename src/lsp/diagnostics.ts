// A document's offences as LSP diagnostics (docs/editors.md): the range of the offending
// token, the severity, the code with a link to its doc, the source, the place an offence
// names as its first occurrence, and the Unnecessary tag on a disable directive that
// suppresses nothing. Pure: the document's text and the offences in, diagnostics out.

import type { Diagnostic, DiagnosticRelatedInformation } from "./protocol.js";
import type { Offence } from "../core/offence.js";
import { LinterLines, type PositionMap } from "./encoding.js";

export const SOURCE = "wymcp-lint";

/** LSP's DiagnosticSeverity and DiagnosticTag values (the protocol's numbers). */
const ERROR = 1;
const WARNING = 2;
const UNNECESSARY = 1;

/** A diagnostic with the offence it renders and where that offence starts (a UTF-16 offset), for code actions and hover. */
export interface Finding {
  readonly diagnostic: Diagnostic;
  readonly offence: Offence;
  readonly start: number;
  readonly end: number;
}

const WORD = /[\w$@.+-]/;

/**
 * Where the token at `start` ends: a quoted string to its closing quote, a word or number to
 * its last character, any other character alone; an offset at a line's end stays empty.
 */
export function tokenEnd(text: string, start: number): number {
  const first = text[start];
  if (first === undefined || first === "\n" || first === "\r") return start;
  if (first === '"' || first === "'" || first === "`") {
    for (let i = start + 1; i < text.length; i++) {
      const c = text[i];
      if (c === "\\") i++;
      else if (c === first) return i + 1;
      else if (c === "\n" || c === "\r") return i;
    }
    return text.length;
  }
  if (!WORD.test(first)) return start + 1;
  let end = start + 1;
  while (end < text.length && WORD.test(text[end] as string)) end++;
  return end;
}

/**
 * The place an offence's message names as the first: a repeated key's first occurrence
 * ("first at line L, column C"), or the file that owns a duplicated tool name.
 */
function related(offence: Offence, uri: string, lines: LinterLines, map: PositionMap, fileUri: (file: string) => string): DiagnosticRelatedInformation[] | undefined {
  const owner = offence.code === "duplicate-tool" ? /already used by "([^"\\]+)"/.exec(offence.message) : null;
  if (owner !== null) {
    const start = { line: 0, character: 0 };
    return [{ location: { uri: fileUri(owner[1] as string), range: { start, end: start } }, message: "the file that has the name first" }];
  }
  const first = /\(first at line (\d+), column (\d+)\)/.exec(offence.message);
  if (first === null) return undefined;
  const start = lines.offset(Number(first[1]), Number(first[2]));
  const range = { start: map.position(start), end: map.position(tokenEnd(map.text, start)) };
  return [{ location: { uri, range }, message: "first occurrence" }];
}

/** The document's findings; `codeHref` gives the address of a code's doc, `fileUri` that of a file named as its folder names it. */
export function findingsOf(offences: readonly Offence[], uri: string, map: PositionMap, codeHref: (code: string) => string, fileUri: (file: string) => string): Finding[] {
  const lines = new LinterLines(map.text);
  return offences.map((offence) => {
    const start = offence.line === undefined ? 0 : lines.offset(offence.line, offence.column ?? 1);
    const end = offence.line === undefined ? 0 : tokenEnd(map.text, start);
    const relatedInformation = related(offence, uri, lines, map, fileUri);
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
    return { diagnostic, offence, start, end };
  });
}
