// Turns an offence's repair (src/core/offence.ts, Repair) into text edits of its source, once
// the places it touches are found: the file's pass asks for the entries `requests` names,
// finds them with its kind's locator, and passes what was found to `planRepair`. Edits touch
// only the tokens the repair changes and the separators around them; a repair whose places
// are not found exactly, whose key is also a reference (a shorthand property), or whose
// surroundings hold a comment it would move or lose, gets no edits (the author decides).

import type { Offence, TextEdit } from "../core/offence.js";
import type { Path } from "../core/path.js";
import { newLexeme, ParseError, scanIdentifier, scanString } from "../text/json5-lexer.js";
import type { Span } from "../text/positions.js";
import type { LocatedEntry } from "./located-entry.js";

/** An edit as planned, on offsets alone: the pass adds the lines and columns of all of a file's edits at once. */
export type PlainEdit = Pick<TextEdit, "start" | "end" | "text">;

/** An entry the edits may touch: found exactly, and no shorthand key (renaming or moving one would change a reference). */
function editable(entry: LocatedEntry | null | undefined): entry is LocatedEntry {
  return entry?.exact === true && entry.shorthand !== true;
}

/**
 * The entries planRepair needs, as paths relative to the offence's action schema (like
 * target paths); empty when the offence has no repair. For a list entry: the list, the
 * entry before, the entry, the entry after (the neighbours may not exist).
 */
export function requests(offence: Offence): Path[] {
  const target = offence.target.path;
  switch (offence.repair?.kind) {
    case undefined:
      return [];
    case "rename-key":
    case "split-to-notes":
    case "delete-hidden":
      return [target];
    case "remove-entry": {
      const index = target[target.length - 1];
      if (typeof index !== "number") return [];
      const list = target.slice(0, -1);
      return [list, [...list, index - 1], [...list, index], [...list, index + 1]];
    }
  }
}

/** The edits of the offence's repair, given what its `requests` found (in order); null when it cannot be done safely. */
export function planRepair(text: string, offence: Offence, found: readonly (LocatedEntry | null)[]): PlainEdit[] | null {
  const repair = offence.repair;
  if (repair === undefined) return null;
  switch (repair.kind) {
    case "rename-key": {
      // The empty target path with part "key" is the action's own name.
      const old = offence.target.path.length === 0 ? offence.action : offence.target.path[offence.target.path.length - 1];
      return typeof old === "string" ? renameKey(text, found[0] ?? null, old, repair.to) : null;
    }
    case "delete-hidden":
      return deleteHidden(text, found[0] ?? null, repair.to);
    case "remove-entry": {
      const [list, before, entry, after] = found;
      return removeEntry(text, list ?? null, before ?? null, entry ?? null, after ?? null);
    }
    case "split-to-notes":
      return splitToNotes(text, found[0] ?? null);
  }
}

// ---------------------------------------------------------------------------------------
// Renaming a key: the token is replaced by the new name in the same quoting.

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The name as a key token in the style of `token`: the same quotes, or bare when it was bare and may be. */
function keyToken(name: string, token: string): string {
  const quote = token[0];
  if (quote === "'" && !/['\\\n\r]/.test(name)) return `'${name}'`;
  if (quote !== '"' && quote !== "'" && IDENTIFIER.test(name)) return name;
  return JSON.stringify(name);
}

/** The decoded key the token at span spells, or null when it is not a plain key token. */
function keyAt(text: string, span: Span): string | null {
  const c = text.charCodeAt(span.start);
  const lexeme = newLexeme();
  try {
    const end = c === 34 || c === 39 ? scanString(text, span.start, true, lexeme) : scanIdentifier(text, span.start, lexeme);
    return end === span.end ? lexeme.text : null;
  } catch (error) {
    if (error instanceof ParseError) return null;
    throw error;
  }
}

function renameKey(text: string, entry: LocatedEntry | null, old: string, to: string): PlainEdit[] | null {
  if (!editable(entry) || entry.key === undefined || keyAt(text, entry.key) !== old) return null;
  const token = text.slice(entry.key.start, entry.key.end);
  return [{ start: entry.key.start, end: entry.key.end, text: keyToken(to, token) }];
}

// ---------------------------------------------------------------------------------------
// Removing a list entry, with one of the commas beside it.

const SPACE = /^[\s\uFEFF]*$/;
const SEPARATOR = /^[\s\uFEFF]*,[\s\uFEFF]*$/;
const COMMENT = /\/[/*]/;

function removeEntry(
  text: string,
  list: LocatedEntry | null,
  neighbourBefore: LocatedEntry | null,
  entry: LocatedEntry | null,
  neighbourAfter: LocatedEntry | null,
): PlainEdit[] | null {
  if (!editable(list) || !editable(entry)) return null;
  if (text.charCodeAt(list.value.start) !== 91 || text.charCodeAt(list.value.end - 1) !== 93) return null;
  // A neighbour not found exactly (past the end, or behind a spread) counts as none: the
  // gaps below then reach the list's bracket and must hold nothing but space and a comma.
  const before = editable(neighbourBefore) ? neighbourBefore : null;
  const after = editable(neighbourAfter) ? neighbourAfter : null;
  const gapBefore = text.slice(before ? before.value.end : list.value.start + 1, entry.value.start);
  const gapAfter = text.slice(entry.value.end, after ? after.value.start : list.value.end - 1);
  // A comment beside the entry may be about it or about a neighbour: not ours to move or drop.
  if (COMMENT.test(gapBefore) || COMMENT.test(gapAfter)) return null;
  // The separator before it goes with it ("a", "b" → "a"), which also keeps a trailing comma;
  // the first entry takes the separator after it instead; a sole entry leaves "[]".
  if (before !== null && SEPARATOR.test(gapBefore)) return [{ start: before.value.end, end: entry.value.end, text: "" }];
  if (after !== null && SEPARATOR.test(gapAfter)) return [{ start: entry.value.start, end: after.value.start, text: "" }];
  if (before === null && after === null && SPACE.test(gapBefore) && (SPACE.test(gapAfter) || SEPARATOR.test(gapAfter))) {
    return [{ start: list.value.start + 1, end: list.value.end - 1, text: "" }];
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// Splitting a description: its first line stays, the rest becomes "notes" beside it, both
// spelled exactly as the author wrote them (escapes and quotes kept).

interface LineBreak {
  /** Where the first line's raw text ends (before "\n", or before a "\r" right before it). */
  readonly lineEnd: number;
  /** Where the raw text after that "\n" (and any line breaks right after it) starts. */
  readonly restStart: number;
}

// The escape at i (a backslash): its length in the raw text and the code unit it stands for
// when that is a line feed or carriage return (else -1).
function escapeAt(text: string, i: number): { length: number; unit: number } {
  const e = text[i + 1];
  if (e === "n") return { length: 2, unit: 10 };
  if (e === "r") return { length: 2, unit: 13 };
  if (e === "x") return { length: 4, unit: parseInt(text.slice(i + 2, i + 4), 16) };
  if (e === "u" && text[i + 2] === "{") {
    const close = text.indexOf("}", i + 3);
    return close < 0 ? { length: 2, unit: -1 } : { length: close + 1 - i, unit: parseInt(text.slice(i + 3, close), 16) };
  }
  if (e === "u") return { length: 6, unit: parseInt(text.slice(i + 2, i + 6), 16) };
  if (e === "\r" && text[i + 2] === "\n") return { length: 3, unit: -1 }; // a line continuation
  return { length: 2, unit: -1 };
}

// Past the line breaks that follow the first one: "a\n\nb" gives notes "b", not "\nb".
function afterLineBreaks(text: string, from: number, limit: number): number {
  let i = from;
  while (i < limit && text.charCodeAt(i) === 92) {
    const { length, unit } = escapeAt(text, i);
    if (unit !== 10 && unit !== 13) break;
    i += length;
  }
  return i;
}

/** The first line break the string token [start, end) stands for; null when it has none. */
function firstLineBreak(text: string, start: number, end: number): LineBreak | null {
  let carriageReturnAt = -1;
  for (let i = start + 1; i < end - 1; ) {
    if (text.charCodeAt(i) !== 92) {
      carriageReturnAt = -1;
      i++;
      continue;
    }
    const { length, unit } = escapeAt(text, i);
    if (unit === 10) return { lineEnd: carriageReturnAt >= 0 ? carriageReturnAt : i, restStart: afterLineBreaks(text, i + length, end - 1) };
    carriageReturnAt = unit === 13 ? i : -1;
    i += length;
  }
  return null;
}

/** What a raw string body decodes to; null when it is not a valid JSON5 string body. */
function decodeBody(quote: string, body: string): string | null {
  const lexeme = newLexeme();
  try {
    const quoted = `${quote}${body}${quote}`;
    return scanString(quoted, 0, true, lexeme) === quoted.length ? lexeme.text : null;
  } catch (error) {
    if (error instanceof ParseError) return null;
    throw error;
  }
}

/** The line ending and indentation of the member whose key starts at keyStart; null when it shares its line. */
function memberLayout(text: string, keyStart: number): { eol: string; indent: string } | null {
  const lineStart = text.lastIndexOf("\n", keyStart - 1) + 1;
  const indent = text.slice(lineStart, keyStart);
  if (lineStart === 0 || !/^[ \t]*$/.test(indent)) return null;
  return { eol: text[lineStart - 2] === "\r" ? "\r\n" : "\n", indent };
}

// After a member's value: its comma, if any, and a comment that ends the line.
const LINE_REST = /^[ \t]*(,?)[ \t]*(?:\/\/[^\r\n]*|\/\*[^\r\n]*?\*\/)?[ \t]*(?=\r?\n)/;

/**
 * The edits that add `member` (key, colon, value) after the member whose value ends at
 * valueEnd: on a line of its own when that member has one (after its comment, so a comment
 * stays with what it was written beside), else inline after it.
 */
function addMemberAfter(text: string, keyStart: number, valueEnd: number, member: string): PlainEdit[] {
  const layout = memberLayout(text, keyStart);
  const rest = layout ? LINE_REST.exec(text.slice(valueEnd)) : null;
  if (layout === null || rest === null) return [{ start: valueEnd, end: valueEnd, text: `, ${member}` }];
  const lineEnd = valueEnd + rest[0].length;
  const own = `${layout.eol}${layout.indent}${member}`;
  // With a comma after it, the member was not the last: the new one takes a comma too.
  if (rest[1] === ",") return [{ start: lineEnd, end: lineEnd, text: `${own},` }];
  return [
    { start: valueEnd, end: valueEnd, text: "," },
    { start: lineEnd, end: lineEnd, text: own },
  ];
}

function splitToNotes(text: string, entry: LocatedEntry | null): PlainEdit[] | null {
  if (!editable(entry) || entry.key === undefined) return null;
  const { start, end } = entry.value;
  const quote = text[start];
  if ((quote !== '"' && quote !== "'") || text[end - 1] !== quote) return null;
  const lineBreak = firstLineBreak(text, start, end);
  if (lineBreak === null) return null;
  const rest = text.slice(lineBreak.restStart, end - 1);
  const restValue = decodeBody(quote, rest);
  if (restValue === null) return null;
  const cut: PlainEdit = { start: lineBreak.lineEnd, end: end - 1, text: "" };
  if (restValue.trim() === "") return [cut];
  const keyText = text.slice(entry.key.start, entry.key.end);
  const between = text.slice(entry.key.end, start);
  // The value must be written in the member itself (`description: "…"`), not bound elsewhere.
  if (!/^[ \t]*:[ \t]*$/.test(between.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|\s+/g, " ").replace(/ +/g, " "))) return null;
  const colon = /^[ \t]*:[ \t]*$/.test(between) ? between : ": ";
  return [cut, ...addMemberAfter(text, entry.key.start, end, `${keyToken("notes", keyText)}${colon}${quote}${rest}${quote}`)];
}

// ---------------------------------------------------------------------------------------
// Deleting hidden characters from a string: the raw pieces of the token (a character or an
// escape) that stand for them are cut, whichever way the author wrote them, and every other
// piece is kept exactly as written.

/** The raw pieces of a string token's body [start, end): each an escape or one code point. */
function pieces(text: string, start: number, end: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (let i = start; i < end; ) {
    const length = text.charCodeAt(i) === 92 ? escapeAt(text, i).length : (text.codePointAt(i) as number) > 0xffff ? 2 : 1;
    out.push({ start: i, end: Math.min(i + length, end) });
    i += length;
  }
  return out;
}

function deleteHidden(text: string, entry: LocatedEntry | null, to: string): PlainEdit[] | null {
  if (!editable(entry)) return null;
  const { start, end } = entry.value;
  const quote = text[start];
  if ((quote !== '"' && quote !== "'") || text[end - 1] !== quote || end - start < 2) return null;
  const edits: PlainEdit[] = [];
  let kept = "";
  let at = 0;
  for (const piece of pieces(text, start + 1, end - 1)) {
    const decoded = decodeBody(quote, text.slice(piece.start, piece.end));
    if (decoded === null) return null;
    if (to.startsWith(decoded, at)) {
      at += decoded.length;
      kept += text.slice(piece.start, piece.end);
      continue;
    }
    const last = edits[edits.length - 1];
    if (last !== undefined && last.end === piece.start) edits[edits.length - 1] = { start: last.start, end: piece.end, text: "" };
    else edits.push({ start: piece.start, end: piece.end, text: "" });
  }
  // The kept pieces must spell exactly the string without its hidden characters.
  return edits.length > 0 && at === to.length && decodeBody(quote, kept) === to ? edits : null;
}
