// The JSON5 lexer, shared by the parser (json5-parse.ts) and the scan of parsed text
// (json5-scan.ts: positions, repeated keys and comments). Each scanner takes the index of a
// token's first character and returns the index after it; a decoded string or number is left
// in the caller's Lexeme, so no token object is allocated per token. Positions are computed from an offset only when needed (an error, a located
// offence), so the scanners never count lines.

import { inspectString } from "./escape.js";
import { positionsAt, type Position } from "./positions.js";

/**
 * A syntax error at a 1-based line and column (UTF-16 units). The message names that place
 * once, as " at LINE:COLUMN", so that a caller showing the position apart can cut it out.
 */
export class ParseError extends Error {
  readonly line: number;
  readonly column: number;

  constructor(message: string, line: number, column: number) {
    super(message);
    this.name = "ParseError";
    this.line = line;
    this.column = column;
  }
}

/** Where the scanners leave the value of the token they read; one per parse or scan. */
export interface Lexeme {
  /** The decoded text of the last string or identifier scanned. */
  text: string;
  /** The value of the last number scanned. */
  number: number;
}

export function newLexeme(): Lexeme {
  return { text: "", number: 0 };
}

/**
 * Skips JSON5 white space and comments from pos; returns the index of the next token. Each
 * comment skipped is added to `comments`, when given, as its start and end offsets.
 */
export function skipSpace(text: string, pos: number, comments?: number[]): number {
  for (;;) {
    const c = text.charCodeAt(pos);
    if (c === 32 || c === 10 || c === 13 || c === 9) pos++;
    else if (c === 47) {
      const end = skipComment(text, pos);
      comments?.push(pos, end);
      pos = end;
    } else if (c > 0x9f ? isUnicodeSpace(c) : c === 11 || c === 12) pos++;
    else return pos;
  }
}

// JSON5 white space beyond ASCII: NBSP, BOM, the line and paragraph separators, and Zs.
function isUnicodeSpace(c: number): boolean {
  return c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0x205f || c === 0x3000;
}

/** Skips the comment whose "/" is at pos. */
export function skipComment(text: string, pos: number): number {
  const c = text.charCodeAt(pos + 1);
  if (c === 42) {
    const end = text.indexOf("*/", pos + 2);
    if (end < 0) throw errorAt(text, pos, (at) => `unterminated comment at ${at}: no "*/" before the end of the text`);
    return end + 2;
  }
  if (c === 47) {
    for (let i = pos + 2; ; i++) {
      const d = text.charCodeAt(i);
      if (d === 10 || d === 13 || d === 0x2028 || d === 0x2029 || d !== d) return i;
    }
  }
  throw errorAt(text, pos, (at) => `unexpected "/" at ${at}: a comment starts with "//" or "/*"`);
}

/** Scans the string whose opening quote (either kind) is at pos. */
export function scanString(text: string, pos: number, json5: boolean, lexeme: Lexeme): number {
  const quote = text.charCodeAt(pos);
  const start = pos + 1;
  for (let i = start; ; i++) {
    const c = text.charCodeAt(i);
    if (c === quote) {
      lexeme.text = text.slice(start, i);
      return i + 1;
    }
    if (c === 92) return scanEscapedString(text, pos, i, json5, lexeme);
    if (!(c >= 32)) stringControl(text, pos, i, json5); // NaN too: the end of the text
  }
}

// The rest of a string from its first backslash at i: decoded piece by piece.
function scanEscapedString(text: string, open: number, i: number, json5: boolean, lexeme: Lexeme): number {
  const quote = text.charCodeAt(open);
  let out = text.slice(open + 1, i);
  let from = i;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === quote) {
      lexeme.text = out + text.slice(from, i);
      return i + 1;
    }
    if (c === 92) {
      out += text.slice(from, i);
      const e = text.charCodeAt(i + 1);
      i += 2;
      switch (e) {
        case 34:
          out += '"';
          break;
        case 92:
          out += "\\";
          break;
        case 47:
          out += "/";
          break;
        case 98:
          out += "\b";
          break;
        case 102:
          out += "\f";
          break;
        case 110:
          out += "\n";
          break;
        case 114:
          out += "\r";
          break;
        case 116:
          out += "\t";
          break;
        case 117: // u
          out += String.fromCharCode(hexDigits(text, i, 4));
          i += 4;
          break;
        default:
          if (!json5 || e !== e) {
            if (e !== e) throw unterminatedString(text, open);
            throw badEscape(text, i - 2, 'JSON allows only \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX');
          }
          switch (e) {
            case 118:
              out += "\v";
              break;
            case 48: // \0, but not the start of an octal escape
              if (isDigit(text.charCodeAt(i))) throw badEscape(text, i - 2, "octal escapes are not allowed");
              out += "\0";
              break;
            case 120: // x
              out += String.fromCharCode(hexDigits(text, i, 2));
              i += 2;
              break;
            case 13: // a line continuation: \ CR LF or \ CR
              if (text.charCodeAt(i) === 10) i++;
              break;
            case 10:
            case 0x2028:
            case 0x2029:
              break;
            default:
              if (e >= 49 && e <= 57) throw badEscape(text, i - 2, "octal escapes are not allowed");
              out += text[i - 1] as string; // any other character stands for itself
          }
      }
      from = i;
      continue;
    }
    if (!(c >= 32)) stringControl(text, open, i, json5);
    i++;
  }
}

// A control character (or the end of the text) at i inside a string: throws unless JSON5 allows it.
function stringControl(text: string, open: number, i: number, json5: boolean): void {
  if (i >= text.length) throw unterminatedString(text, open);
  const c = text.charCodeAt(i);
  if (c === 10 || c === 13) {
    if (json5) {
      throw errorAt(text, open, (at) => `unterminated string at ${at}: a line break inside a string must be escaped ("\\n")`);
    }
  } else if (json5) return;
  throw errorAt(text, i, (at) => `unexpected ${quoteChar(c)} in a string at ${at}: control characters must be escaped`);
}

function unterminatedString(text: string, open: number): ParseError {
  return errorAt(text, open, (at) => `unterminated string at ${at}: no closing quote before the end of the text`);
}

function badEscape(text: string, backslash: number, why: string): ParseError {
  const next = text.codePointAt(backslash + 1);
  const what = next === undefined ? "the end of the text" : quoteChar(next);
  return errorAt(text, backslash, (at) => `invalid escape at ${at}: a backslash followed by ${what} (${why})`);
}

// The value of `count` hex digits at i, as in \xXX and \uXXXX.
function hexDigits(text: string, i: number, count: number): number {
  let v = 0;
  for (let k = 0; k < count; k++) {
    const d = hexValue(text.charCodeAt(i + k));
    if (d < 0) {
      const prefix = count === 2 ? "\\x" : "\\u";
      throw badEscape(text, i - 2, `${prefix} must be followed by ${count} hex digits`);
    }
    v = v * 16 + d;
  }
  return v;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

// ASCII identifier characters: bit 1 may start an identifier, bit 2 may continue one.
const ASCII_ID = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 36 || c === 95;
  ASCII_ID[c] = (letter ? 1 : 0) | (letter || isDigit(c) ? 2 : 0);
}
// Beyond ASCII, ECMAScript's IdentifierName (which JSON5 keys follow), from the running Node's
// Unicode tables, a superset of json5's older ones but for U+2E2F, which Unicode later took
// out: kept, so that every key json5 accepts parses here. Sticky, to test in place.
/** Whether the ASCII character `c` may continue an identifier (beyond ASCII: false). */
export function isIdentifierPart(c: number): boolean {
  return c < 128 && ((ASCII_ID[c] as number) & 2) !== 0;
}

const ID_START_AT = /[\p{ID_Start}$_\u2e2f]/uy;
const ID_CONTINUE_AT = /[\p{ID_Continue}$_\u200c\u200d\u2e2f]/uy;
const ID_START = /^[\p{ID_Start}$_\u2e2f]$/u;
const ID_CONTINUE = /^[\p{ID_Continue}$_\u200c\u200d\u2e2f]$/u;

/** Scans a JSON5 unquoted key at pos; returns pos itself when none starts there. */
export function scanIdentifier(text: string, pos: number, lexeme: Lexeme): number {
  let c = text.charCodeAt(pos);
  if (!(c < 128 && (ASCII_ID[c] as number) & 1)) return scanIdentifierSlow(text, pos, lexeme);
  let i = pos + 1;
  for (;;) {
    c = text.charCodeAt(i);
    if (c < 128 && (ASCII_ID[c] as number) & 2) i++;
    else break;
  }
  if (c === 92 || c >= 128) return scanIdentifierSlow(text, pos, lexeme);
  lexeme.text = text.slice(pos, i);
  return i;
}

// Identifiers with non-ASCII characters or \uXXXX escapes.
function scanIdentifierSlow(text: string, pos: number, lexeme: Lexeme): number {
  let out = "";
  let i = pos;
  for (;;) {
    const first = i === pos;
    const c = text.charCodeAt(i);
    if (c === 92) {
      if (text.charCodeAt(i + 1) !== 117) {
        if (first) return pos;
        throw badEscape(text, i, "only \\uXXXX escapes may appear in an unquoted key");
      }
      const ch = String.fromCharCode(hexDigits(text, i + 2, 4));
      if (!(first ? ID_START : ID_CONTINUE).test(ch)) {
        const sequence = text.slice(i, i + 6);
        throw errorAt(text, i, (at) => `invalid character ${sequence} in an unquoted key at ${at}`);
      }
      out += ch;
      i += 6;
      continue;
    }
    const re = first ? ID_START_AT : ID_CONTINUE_AT;
    re.lastIndex = i;
    if (!(c === c && re.test(text))) break;
    out += text.slice(i, re.lastIndex);
    i = re.lastIndex;
  }
  if (i !== pos) lexeme.text = out;
  return i;
}

// Scans a number (sign, decimal, hex, Infinity, NaN) at pos; the value is left in lexeme.number.
export function scanNumber(text: string, pos: number, json5: boolean, lexeme: Lexeme): number {
  let i = pos;
  let c = text.charCodeAt(i);
  const negative = c === 45;
  if (negative || c === 43) c = text.charCodeAt(++i);
  const start = i;
  if (c >= 49 && c <= 57) {
    // The common case, an integer of up to 15 digits, is exact when accumulated.
    let v = c - 48;
    c = text.charCodeAt(++i);
    while (c >= 48 && c <= 57) {
      v = v * 10 + (c - 48);
      c = text.charCodeAt(++i);
    }
    if (c !== 46 && c !== 101 && c !== 69 && i - start <= 15) {
      lexeme.number = negative ? -v : v;
      return i;
    }
  } else if (c === 48) {
    c = text.charCodeAt(++i);
    if (json5 && (c === 120 || c === 88)) {
      const digits = ++i;
      while (hexValue(text.charCodeAt(i)) >= 0) i++;
      if (i === digits) throw badNumber(text, pos, "expected a hex digit after 0x");
      const v = Number(text.slice(start, i));
      lexeme.number = negative ? -v : v;
      return i;
    }
    if (isDigit(c)) throw badNumber(text, pos, "a leading zero must not be followed by a digit");
  } else if (json5 && c === 46) {
    if (!isDigit(text.charCodeAt(i + 1))) throw badNumber(text, pos, "expected a digit after the decimal point");
  } else if (json5 && c === 73 && text.startsWith("Infinity", i)) {
    lexeme.number = negative ? -Infinity : Infinity;
    return i + 8;
  } else if (json5 && c === 78 && text.startsWith("NaN", i)) {
    lexeme.number = NaN;
    return i + 3;
  } else if (i === pos) {
    throw unexpected(text, pos, "a value", [], false, json5); // "I" or "N" starting no literal
  } else {
    const sign = negative ? "-" : "+";
    const expected = json5 ? `a digit, ".", Infinity or NaN after "${sign}"` : 'a digit after "-"';
    throw badNumber(text, pos, `expected ${expected}`);
  }
  // The fraction and the exponent, then Number() for exact rounding, as json5 does.
  if (c === 46) {
    c = text.charCodeAt(++i);
    if (isDigit(c)) {
      do c = text.charCodeAt(++i);
      while (isDigit(c));
    } else if (!json5) throw badNumber(text, pos, "expected a digit after the decimal point");
  }
  if (c === 101 || c === 69) {
    c = text.charCodeAt(++i);
    if (c === 43 || c === 45) c = text.charCodeAt(++i);
    if (!isDigit(c)) throw badNumber(text, pos, "expected a digit in the exponent");
    do c = text.charCodeAt(++i);
    while (isDigit(c));
  }
  const v = Number(text.slice(start, i));
  lexeme.number = negative ? -v : v;
  return i;
}

function badNumber(text: string, pos: number, why: string): ParseError {
  return errorAt(text, pos, (at) => `invalid number at ${at}: ${why}`);
}

export function errorAt(text: string, pos: number, message: (at: string) => string): ParseError {
  const { line, column } = positionsAt(text, [pos])[0] as Position;
  return new ParseError(message(`${line}:${column}`), line, column);
}

/** The error for an unexpected token (or the end of the text) where `expected` should be. */
export function unexpected(text: string, pos: number, expected: string, opens: readonly number[], inArray: boolean, json5: boolean): ParseError {
  const open = opens[opens.length - 1];
  if (pos >= text.length) {
    if (open === undefined) return errorAt(text, pos, (at) => `unexpected end of input at ${at}, expected ${expected}`);
    const [opened, end] = positionsAt(text, [open, pos]) as [Position, Position];
    const closing = inArray ? '"]" to close the list' : '"}" to close the object';
    const message = `unexpected end of input at ${end.line}:${end.column}, expected ${closing} opened at ${opened.line}:${opened.column}`;
    return new ParseError(message, end.line, end.column);
  }
  const hint = json5 ? "" : jsonHint(text, pos);
  return errorAt(text, pos, (at) => `unexpected ${describeFound(text, pos)} at ${at}, expected ${expected}${hint}`);
}

// What JSON5 habit a JSON error most likely comes from.
function jsonHint(text: string, pos: number): string {
  const c = text.charCodeAt(pos);
  if (c === 47) return " (JSON allows no comments)";
  if (c === 39) return " (JSON strings use double quotes)";
  if (c === 93 || c === 125) {
    let i = pos - 1;
    while (i >= 0 && " \t\n\r".includes(text[i] as string)) i--;
    if (text.charCodeAt(i) === 44) return " (JSON allows no trailing comma)";
  }
  return "";
}

// The found token as a message shows it: a whole word ("undefined"), else one character.
function describeFound(text: string, pos: number): string {
  let end = pos;
  while (end < text.length && end - pos < 24) {
    const c = text.charCodeAt(end);
    if (!isIdentifierPart(c)) break;
    end++;
  }
  if (end - pos > 1) return inspectString(text.slice(pos, end));
  return quoteChar(text.codePointAt(pos) as number);
}

// ---------------------------------------------------------------------------------------------
// Skipping a value the text is known to hold, without building it.

// Characters a number or literal is made of: digits, letters (hex, Infinity, NaN, e), . + -
const SCALAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const alphanumeric = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  SCALAR[c] = alphanumeric || c === 46 || c === 43 || c === 45 ? 1 : 0;
}

// The characters skipValue passes over in a map or list it skips without looking further:
// every ASCII character but quotes, "/" and brackets. One load and one test for the
// commonest characters (white space, names, digits, ":" and ","), not a test for each of the
// others (bench/README.md).
const PASSED = new Uint8Array(128).fill(1);
for (const c of [34, 39, 47, 91, 93, 123, 125]) PASSED[c] = 0;

// Skips the value at pos without building it: brackets are counted, strings and comments
// jumped over, since the text is known to parse.
export function skipValue(text: string, pos: number): number {
  let c = text.charCodeAt(pos);
  if (c === 34 || c === 39) return skipString(text, pos);
  if (c !== 123 && c !== 91) {
    let i = pos + 1; // at least one character, so a stray one cannot stall the scan
    for (c = text.charCodeAt(i); c < 128 && SCALAR[c] === 1; c = text.charCodeAt(++i));
    return i;
  }
  let depth = 0;
  for (let i = pos; ; ) {
    c = text.charCodeAt(i);
    // Past the end, c is NaN, which is neither: it reaches the test below.
    if (c >= 128 || PASSED[c] === 1) {
      i++;
      continue;
    }
    if (c === 34 || c === 39) {
      i = skipString(text, i);
      continue;
    }
    if (c === 47) {
      i = skipComment(text, i);
      continue;
    }
    if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (--depth === 0) return i + 1;
    } else if (c !== c) return i;
    i++;
  }
}

// Skips the string whose quote is at pos: finds each candidate closing quote with indexOf
// and keeps it when an even number of backslashes precede it.
function skipString(text: string, pos: number): number {
  const quote = text.charCodeAt(pos) === 34 ? '"' : "'";
  for (let from = pos + 1; ; ) {
    const end = text.indexOf(quote, from);
    if (end < 0) return text.length;
    let k = end - 1;
    while (text.charCodeAt(k) === 92) k--;
    if ((end - 1 - k) % 2 === 0) return end + 1;
    from = end + 1;
  }
}

// Invisible characters, besides the controls inspectString already escapes.
const INVISIBLE = /^[\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u2000-\u200f\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\ufff9-\ufffb\ud800-\udfff]$/;

/** One character, quoted so that no control or invisible character appears raw. */
export function quoteChar(cp: number): string {
  const ch = String.fromCodePoint(cp);
  if (INVISIBLE.test(ch)) return `"\\u{${cp.toString(16).toUpperCase()}}"`;
  return inspectString(ch);
}
