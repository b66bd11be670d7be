// Finds the comments of a source file with a tokenizer, so text that only looks like a
// comment (inside a string, a template literal or a regular expression) is never taken for
// one. JSON5 is read by the scan of its text (src/text/json5-scan.ts), which may answer other
// questions in the same pass; JavaScript and TypeScript by a scanner of their strings,
// templates, regular expressions and comments. Called by directives.ts.

import { scanJson, type JsonScan } from "../text/json5-scan.js";

/** One comment: its text between the delimiters, and where it starts and ends (offsets). */
export interface Comment {
  readonly text: string;
  readonly start: number;
  /** The offset just after the comment. */
  readonly end: number;
}

function comment(source: string, start: number, end: number): Comment {
  const block = source.charCodeAt(start + 1) === 42;
  const closed = block && source.endsWith("*/", end) && end - start >= 4;
  return { text: source.slice(start + 2, closed ? end - 2 : end), start, end };
}

/** The comments of JSON5 text; on text that does not lex, those before the error. */
export function json5Comments(source: string): Comment[] {
  return scannedComments(source, scanJson(source, { comments: true }));
}

/** The comments a scan of `source` asked for comments found. */
export function scannedComments(source: string, scan: JsonScan): Comment[] {
  return scan.comments.map(({ start, end }) => comment(source, start, end));
}

// Words after which a "/" opens a regular expression rather than dividing.
const BEFORE_EXPRESSION = new Set(["return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await"]);

function isIdentifierChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36 || c > 127;
}

function isLineBreak(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/** The end of the quoted string opening at i (its closing quote's next offset; a line break ends an unterminated one). */
function skipQuoted(source: string, i: number): number {
  const quote = source.charCodeAt(i);
  for (i++; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 92) i++;
    else if (c === quote) return i + 1;
    else if (isLineBreak(c)) return i;
  }
  return i;
}

/** The end of the regular expression opening at i, flags included. */
function skipRegExp(source: string, i: number): number {
  let inClass = false;
  for (i++; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 91) inClass = true;
    else if (c === 93) inClass = false;
    else if (c === 47 && !inClass) break;
    else if (isLineBreak(c)) return i;
  }
  for (i++; i < source.length && isIdentifierChar(source.charCodeAt(i)); i++);
  return i;
}

/**
 * The end of template text from i (just after "`" or a "}" closing a substitution): at the
 * closing "`" (after it, done: true) or after "${" (done: false).
 */
function skipTemplateText(source: string, i: number): { end: number; done: boolean } {
  for (; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 96) return { end: i + 1, done: true };
    else if (c === 36 && source.charCodeAt(i + 1) === 123) return { end: i + 2, done: false };
  }
  return { end: i, done: true };
}

/**
 * The comments of JavaScript or TypeScript source. Whether "/" divides or opens a regular
 * expression is judged from the token before it, as tokenizers without a full parse do; a
 * template's substitutions are scanned as code, nested to any depth.
 */
export function scriptComments(source: string): Comment[] {
  const found: Comment[] = [];
  // For each open template substitution, the brace depth at which its "}" closes it.
  const substitutions: number[] = [];
  let braces = 0;
  let regExpAllowed = true;
  let i = source.startsWith("#!") ? source.indexOf("\n") : 0;
  if (i < 0) return found;
  while (i < source.length) {
    const c = source.charCodeAt(i);
    if (c === 47 && (source.charCodeAt(i + 1) === 47 || source.charCodeAt(i + 1) === 42)) {
      let end: number;
      if (source.charCodeAt(i + 1) === 47) {
        for (end = i + 2; end < source.length && !isLineBreak(source.charCodeAt(end)); end++);
      } else {
        const close = source.indexOf("*/", i + 2);
        end = close < 0 ? source.length : close + 2;
      }
      found.push(comment(source, i, end));
      i = end;
    } else if (c === 47) {
      i = regExpAllowed ? skipRegExp(source, i) : i + 1;
      regExpAllowed = !regExpAllowed;
    } else if (c === 34 || c === 39) {
      i = skipQuoted(source, i);
      regExpAllowed = false;
    } else if (c === 96 || (c === 125 && substitutions[substitutions.length - 1] === braces)) {
      if (c === 125) substitutions.pop();
      const { end, done } = skipTemplateText(source, i + 1);
      if (!done) substitutions.push(braces);
      i = end;
      regExpAllowed = !done;
    } else if (isIdentifierChar(c)) {
      const start = i;
      for (i++; i < source.length && isIdentifierChar(source.charCodeAt(i)); i++);
      regExpAllowed = BEFORE_EXPRESSION.has(source.slice(start, i));
    } else {
      if (c === 123) braces++;
      else if (c === 125) braces--;
      // After a closing bracket a "/" divides; after any other punctuator it opens a regular expression.
      if (c !== 32 && c !== 9 && !isLineBreak(c)) regExpAllowed = c !== 41 && c !== 93 && c !== 125;
      i++;
    }
  }
  return found;
}
