// Owns turning action-file text into values: parseJson5 for `.json5` files, parseJson as the
// error path the loader takes after JSON.parse rejects a `.json` file (to get a message with
// line and column), repeatsKeys (whether a parsed text repeats a key), and the lexer that
// source-positions.ts and duplicate-keys.ts share. No recursion anywhere: open containers
// live on an explicit stack, so 100,000 levels of nesting parse (SPEC section 4). Results
// equal json5.parse's: keys are own data properties ("__proto__" too), the last duplicate
// wins.

import { inspectString } from "../core/escape.js";

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

/**
 * A place in the text: 1-based line and column. Lines end where editors end them: at LF, CR
 * or CRLF (one break), and at U+2028 and U+2029, which JSON5 counts as line terminators (in
 * JSON they can stand only inside strings);
 * columns count UTF-16 code units. A byte order mark at the very start is not counted,
 * as editors do not show it: positions are the same whether or not the caller stripped it.
 */
export interface Position {
  line: number;
  column: number;
}

type Obj = Record<string, unknown>;
type Container = Obj | unknown[];

/**
 * Parses JSON5 (spec.json5.org). JSON is tried first: V8's JSON.parse is much faster than
 * this parser, and on JSON5 text it fails at the first comment, unquoted key or trailing
 * comma, usually near the top, so the failed try costs little (bench/README.md).
 */
export function parseJson5(text: string, repeats?: KeyRepeats): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return parseText(text, true, repeats ?? null);
  }
  if (repeats !== undefined) repeats.found = repeatsKeys(text, value);
  return value;
}

/**
 * Filled in by a parse that is asked: whether some object in the text repeats a key (the
 * value keeps only the last occurrence); duplicate-keys.ts then finds where.
 */
export interface KeyRepeats {
  found: boolean;
}

/**
 * Whether `text`, which JSON.parse turned into `value`, repeats a key in some object: exactly
 * when the text holds more string tokens than the value holds keys and strings, since each
 * repeated key is a string token the value lost. It counts instead of scanning, as JSON.parse
 * says nothing about repeats: the text's double quotes, less those written as \" escapes
 * (found from its backslashes), are two per string token; the value is walked once.
 */
export function repeatsKeys(text: string, value: unknown): boolean {
  let quotes = 0;
  for (let i = text.indexOf('"'); i >= 0; i = text.indexOf('"', i + 1)) quotes++;
  // Outside strings JSON has no backslash; inside, each starts a two-character escape
  // (or \uXXXX, whose "u" is never a quote), so stepping by two never splits one.
  for (let i = text.indexOf("\\"); i >= 0; i = text.indexOf("\\", i + 2)) {
    if (text.charCodeAt(i + 1) === 34) quotes--;
  }
  return quotes !== 2 * stringsIn(value);
}

/** How many keys and string values `value` holds at any depth (a parsed tree: no cycles). */
function stringsIn(value: unknown): number {
  let count = typeof value === "string" ? 1 : 0;
  const pending: unknown[] = [];
  if (typeof value === "object" && value !== null) pending.push(value);
  while (pending.length > 0) {
    const container = pending.pop() as Container;
    if (Array.isArray(container)) {
      for (const item of container) {
        if (typeof item === "string") count++;
        else if (typeof item === "object" && item !== null) pending.push(item);
      }
    } else {
      for (const key in container) {
        count++;
        const item = container[key];
        if (typeof item === "string") count++;
        else if (typeof item === "object" && item !== null) pending.push(item);
      }
    }
  }
  return count;
}

/** Parses strict JSON, accepting exactly what JSON.parse accepts, with a precise ParseError. */
export function parseJson(text: string): unknown {
  return parseText(text, false);
}

// ---------------------------------------------------------------------------------------------
// The parser: one loop over values, an explicit stack of open containers.

function parseText(text: string, json5: boolean, repeats: KeyRepeats | null = null): unknown {
  const n = text.length;
  const parents: Container[] = [];
  const opens: number[] = []; // where each open container started, for end-of-input messages
  let cur: Container | undefined; // the innermost open container; undefined at the top level
  let inArray = false;
  let key = "";
  let root: unknown;
  const lexeme = newLexeme();
  let pos = skip(text, 0, json5);

  value: for (;;) {
    let c = text.charCodeAt(pos);
    let v: unknown;
    switch (c) {
      case 34: // "
        pos = scanString(text, pos, json5, lexeme);
        v = lexeme.text;
        break;
      case 123: // {
      case 91: {
        // [
        const open = pos;
        const isArray = c === 91;
        const container: Container = isArray ? [] : {};
        pos = skip(text, pos + 1, json5);
        if (text.charCodeAt(pos) === c + 2) {
          // "}" is "{" + 2 and "]" is "[" + 2: an empty container is attached like a scalar
          pos++;
          v = container;
          break;
        }
        if (cur === undefined) root = container;
        else if (inArray) (cur as unknown[]).push(container);
        else {
          if (repeats !== null && Object.hasOwn(cur, key)) repeats.found = true;
          if (key !== "__proto__") (cur as Obj)[key] = container;
          else defineOwn(cur as Obj, key, container);
        }
        if (cur !== undefined) parents.push(cur);
        opens.push(open);
        cur = container;
        inArray = isArray;
        if (!isArray) {
          pos = readMember(text, pos, json5, open, false, lexeme);
          key = lexeme.text;
        }
        continue value;
      }
      case 116: // t
        if (!text.startsWith("true", pos)) throw unexpected(text, pos, "a value", opens, inArray, json5);
        pos += 4;
        v = true;
        break;
      case 102: // f
        if (!text.startsWith("false", pos)) throw unexpected(text, pos, "a value", opens, inArray, json5);
        pos += 5;
        v = false;
        break;
      case 110: // n
        if (!text.startsWith("null", pos)) throw unexpected(text, pos, "a value", opens, inArray, json5);
        pos += 4;
        v = null;
        break;
      case 39: // '
        if (!json5) throw unexpected(text, pos, "a value", opens, inArray, json5);
        pos = scanString(text, pos, json5, lexeme);
        v = lexeme.text;
        break;
      default:
        if ((c >= 48 && c <= 57) || c === 45 || (json5 && (c === 43 || c === 46 || c === 73 || c === 78))) {
          pos = scanNumber(text, pos, json5, lexeme);
          v = lexeme.number;
          break;
        }
        throw unexpected(text, pos, "a value", opens, inArray, json5);
    }

    if (cur === undefined) root = v;
    else if (inArray) (cur as unknown[]).push(v);
    else {
      if (repeats !== null && Object.hasOwn(cur, key)) repeats.found = true;
      if (key !== "__proto__") (cur as Obj)[key] = v;
      else defineOwn(cur as Obj, key, v);
    }

    // After a value: a comma and the next value, or closing brackets until one of those.
    for (;;) {
      pos = skip(text, pos, json5);
      if (cur === undefined) {
        if (pos < n) throw unexpected(text, pos, "end of input", opens, false, json5);
        return root;
      }
      c = text.charCodeAt(pos);
      const close = inArray ? 93 : 125;
      if (c === 44) {
        pos = skip(text, pos + 1, json5);
        // A trailing comma is JSON5; in JSON the value parser reports the bracket.
        if (!json5 || text.charCodeAt(pos) !== close) {
          if (!inArray) {
            pos = readMember(text, pos, json5, opens[opens.length - 1] ?? -1, true, lexeme);
            key = lexeme.text;
          }
          continue value;
        }
      } else if (c !== close) {
        throw unexpected(text, pos, inArray ? '"," or "]"' : '"," or "}"', opens, inArray, json5);
      }
      pos++;
      opens.pop();
      cur = parents.pop();
      inArray = Array.isArray(cur);
    }
  }
}

// A "__proto__" key must become an own property, as JSON.parse makes it, not the prototype.
function defineOwn(obj: Obj, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Reads `key :` at pos (after "{" or ","); the key is left in lexeme.text; returns the value's start. */
function readMember(text: string, pos: number, json5: boolean, open: number, afterComma: boolean, lexeme: Lexeme): number {
  const c = text.charCodeAt(pos);
  let end: number;
  if (c === 34 || (c === 39 && json5)) end = scanString(text, pos, json5, lexeme);
  else if (json5 && (end = scanIdentifier(text, pos, lexeme)) !== pos) {
    // an unquoted key
  } else {
    const expected = json5 ? 'a key or "}"' : afterComma ? "a key in double quotes" : 'a key in double quotes or "}"';
    throw unexpected(text, pos, expected, [open], false, json5);
  }
  pos = skip(text, end, json5);
  if (text.charCodeAt(pos) !== 58) throw unexpected(text, pos, '":" after the key', [open], false, json5);
  return skip(text, pos + 1, json5);
}

function skip(text: string, pos: number, json5: boolean): number {
  if (json5) return skipSpace(text, pos);
  for (;;) {
    const c = text.charCodeAt(pos);
    if (c === 32 || c === 10 || c === 13 || c === 9) pos++;
    else return pos;
  }
}

// ---------------------------------------------------------------------------------------------
// The lexer, shared with source-positions.ts. Each scanner takes the index of a token's
// first character and returns the index after it; a decoded string or number is left in
// the caller's Lexeme, so no token object is allocated per token.

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

/** Skips JSON5 white space and comments from pos; returns the index of the next token. */
export function skipSpace(text: string, pos: number): number {
  for (;;) {
    const c = text.charCodeAt(pos);
    if (c === 32 || c === 10 || c === 13 || c === 9) pos++;
    else if (c === 47) pos = skipComment(text, pos);
    else if (c > 0x9f ? isUnicodeSpace(c) : c === 11 || c === 12) pos++;
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
function scanNumber(text: string, pos: number, json5: boolean, lexeme: Lexeme): number {
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

// ---------------------------------------------------------------------------------------------
// Positions and messages. Positions are computed from the offset only when needed, so the
// scanners never count lines.

const LINE_BREAK = /\r\n?|[\n\u2028\u2029]/g;

/** The positions of ascending offsets into text, in one pass. */
export function positionsAt(text: string, offsets: readonly number[]): Position[] {
  const out: Position[] = [];
  let line = 1;
  let lineStart = text.charCodeAt(0) === 0xfeff ? 1 : 0; // the BOM is not counted
  const breaks = new RegExp(LINE_BREAK);
  let next = breaks.exec(text);
  for (const offset of offsets) {
    while (next !== null && next.index < offset) {
      line++;
      lineStart = next.index + next[0].length;
      next = breaks.exec(text);
    }
    out.push({ line, column: Math.max(1, offset - lineStart + 1) });
  }
  return out;
}

function errorAt(text: string, pos: number, message: (at: string) => string): ParseError {
  const { line, column } = positionsAt(text, [pos])[0] as Position;
  return new ParseError(message(`${line}:${column}`), line, column);
}

function unexpected(text: string, pos: number, expected: string, opens: readonly number[], inArray: boolean, json5: boolean): ParseError {
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
    if (!(c < 128 && (ASCII_ID[c] as number) & 2)) break;
    end++;
  }
  if (end - pos > 1) return inspectString(text.slice(pos, end));
  return quoteChar(text.codePointAt(pos) as number);
}

// Invisible characters, besides the controls inspectString already escapes.
const INVISIBLE = /^[\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u2000-\u200f\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\ufff9-\ufffb\ud800-\udfff]$/;

/** One character, quoted so that no control or invisible character appears raw. */
function quoteChar(cp: number): string {
  const ch = String.fromCodePoint(cp);
  if (INVISIBLE.test(ch)) return `"\\u{${cp.toString(16).toUpperCase()}}"`;
  return inspectString(ch);
}
