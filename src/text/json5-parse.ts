// Owns turning action-file text into values: parseJson5 for `.json5` files, parseJson as the
// error path the loader takes after JSON.parse rejects a `.json` file (to get a message with
// line and column), and repeatsKeys (whether a parsed text repeats a key). The tokens come
// from json5-lexer.ts. No recursion anywhere: open containers
// live on an explicit stack, so 100,000 levels of nesting parse (docs/checks.md). Results
// equal json5.parse's: keys are own data properties ("__proto__" too), the last duplicate
// wins.

import { newLexeme, scanIdentifier, scanNumber, scanString, skipSpace, unexpected, type Lexeme } from "./json5-lexer.js";

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
