// One scan of JSON or JSON5 text that parsed, answering in one pass any of three questions:
// where the entries of some paths are (each one's key token and value), which keys repeat in
// one object, and where the comments are. Answers are offsets and spans, which the callers
// turn into their own shapes: positions and edits (src/locate/json-entries.ts), duplicate-key
// offences (src/action-file/duplicate-keys.ts), directives (src/suppress/comments.ts).
// Iterative: open containers live on an explicit stack, so any depth scans. Asked only for
// paths, it walks the containers a path enters and skips every other subtree by counting its
// brackets, never building it; asked for repeats or comments, it walks every container.

import { newLexeme, ParseError, scanIdentifier, scanString, skipComment, skipSpace, skipValue, type Lexeme } from "./json5-lexer.js";
import type { Span } from "./positions.js";

/** A path into the text's value: keys of objects, indexes of arrays. */
export type ScanPath = readonly (string | number)[];

/** What a scan is asked; what is not asked is not looked for. */
export interface ScanRequest {
  /** The paths whose entries to find. */
  readonly paths?: readonly ScanPath[];
  /** Find the keys repeated in one object: the first `limit`, in text order, listed while their paths hold at most `segments` between them (the first whatever its depth); the rest counted. */
  readonly repeats?: { readonly limit: number; readonly segments: number };
  /** Find the comments. */
  readonly comments?: boolean;
}

/** Where a path's entry is: its key token (none for an array element or the top level) and its value. */
export interface ScannedEntry {
  readonly key?: Span;
  readonly value: Span;
}

/** A key met again in one object: the path of that object, the key, and where both key tokens start. */
export interface ScannedRepeat {
  readonly path: (string | number)[];
  readonly key: string;
  /** The repeated occurrence (the second, third, …). */
  readonly at: number;
  /** The first occurrence. */
  readonly first: number;
}

/** What a scan found: for each question not asked, an empty answer. */
export interface JsonScan {
  /**
   * The entry of each path asked, in the order asked; null when the path does not resolve
   * entirely (a missing key, an index past the end, a segment into a scalar, a number
   * segment into an object or a string segment into an array). A repeated key resolves to
   * its last occurrence, as parsing keeps the last value.
   */
  readonly entries: (ScannedEntry | null)[];
  /** The repeated keys listed, in text order. */
  readonly repeats: ScannedRepeat[];
  /** The repeated keys past the limit, counted. */
  readonly omittedRepeats: number;
  /** Each comment, delimiters included, in text order. */
  readonly comments: Span[];
}

/**
 * Scans `text` once for what `request` asks. Meant for text that parsed; on other text the
 * scan still ends: entries are null for every path when the lexer fails before the top
 * level closes, else those found (which may be wrong); the comments are those a lexer reading
 * the whole text finds before its first error, whatever the structure around them.
 */
export function scanJson(text: string, request: ScanRequest): JsonScan {
  const root = newNode();
  const nodes = (request.paths ?? []).map((path) => nodeFor(root, path));
  const found: Found = { repeats: [], omitted: 0, segmentsLeft: request.repeats?.segments ?? 0, comments: request.comments === true ? [] : undefined, lexical: false };
  if (nodes.length > 0 || request.repeats !== undefined || found.comments !== undefined) {
    let tail = -1;
    try {
      tail = walk(text, root, request.repeats?.limit ?? -1, found);
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      found.lexical = true;
    }
    if (found.comments !== undefined && tail >= 0) lexComments(text, tail, found.comments);
  }
  const comments: Span[] = [];
  const offsets = found.comments ?? [];
  for (let i = 0; i < offsets.length; i += 2) comments.push({ start: offsets[i] as number, end: offsets[i + 1] as number });
  return {
    entries: nodes.map((node) => {
      if (found.lexical || node === undefined || node.value < 0 || node.valueEnd < 0) return null;
      const value = { start: node.value, end: node.valueEnd };
      return node.keyEnd < 0 ? { value } : { key: { start: node.key, end: node.keyEnd }, value };
    }),
    repeats: found.repeats,
    omittedRepeats: found.omitted,
    comments,
  };
}

// One trie node per distinct path prefix; key and value are the offsets where those tokens
// start, keyEnd and valueEnd where they end (exclusive); -1 until found (keyEnd stays -1
// for an array element and the root, which have no key; the root's key is its value).
interface Node {
  children: Map<string | number, Node> | undefined;
  key: number;
  keyEnd: number;
  value: number;
  valueEnd: number;
}

function newNode(): Node {
  return { children: undefined, key: -1, keyEnd: -1, value: -1, valueEnd: -1 };
}

// The trie node for path, created as needed; undefined for a segment no value can have.
function nodeFor(root: Node, path: ScanPath): Node | undefined {
  let node = root;
  for (const segment of path) {
    if (typeof segment === "number" ? !(Number.isInteger(segment) && segment >= 0) : typeof segment !== "string") {
      return undefined;
    }
    node.children ??= new Map();
    let child = node.children.get(segment);
    if (child === undefined) {
      child = newNode();
      node.children.set(segment, child);
    }
    node = child;
  }
  return node;
}

// What the walk collects besides the trie's offsets.
interface Found {
  readonly repeats: ScannedRepeat[];
  omitted: number;
  /** The path segments the repeats listed may still hold; past them (or the limit) every repeat is counted. */
  segmentsLeft: number;
  /** Each comment's start and end, flat; undefined when comments are not asked. */
  readonly comments: number[] | undefined;
  /** Whether the lexer failed before the top level closed: no entry can be trusted. */
  lexical: boolean;
}

// One open container.
interface Open {
  /** Its trie node; undefined where no path asked enters it. */
  readonly node: Node | undefined;
  readonly array: boolean;
  /** Each key seen in this object and where its first occurrence starts; null unless repeats are asked (and for an array). */
  readonly keys: Map<string, number> | null;
  /** Where it sits in its parent (undefined for the top level). */
  readonly segment: string | number | undefined;
  index: number;
}

// Walks the text, recording each trie node's offsets, the repeats and the comments. Returns
// where a lexer reading the whole text for comments must go on from (after the top level, or
// where the structure broke), or -1 when nothing is left to read.
function walk(text: string, root: Node, limit: number, found: Found): number {
  const { comments } = found;
  const repeats = limit >= 0;
  // Every container is walked when something anywhere may be asked for; strings are then
  // lexed exactly, so that on text that does not lex the comments end where a lexer's would.
  const full = repeats || comments !== undefined;
  const strict = comments !== undefined;
  const lexeme = newLexeme();
  let pos = skipSpace(text, 0, comments);
  root.key = root.value = pos;
  let c = text.charCodeAt(pos);
  if ((c !== 123 && c !== 91) || (!full && root.children === undefined)) {
    root.valueEnd = pos = skipScalar(text, pos, strict, lexeme);
    return pos;
  }
  const stack: Open[] = [{ node: root, array: c === 91, keys: repeats && c === 123 ? new Map() : null, segment: undefined, index: 0 }];
  pos++;
  for (;;) {
    const open = stack[stack.length - 1] as Open;
    pos = skipSpace(text, pos, comments);
    c = text.charCodeAt(pos);
    if (c === 44) {
      pos = skipSpace(text, pos + 1, comments);
      c = text.charCodeAt(pos);
      open.index++;
    }
    if (c === 93 || c === 125) {
      pos++;
      if (open.node !== undefined) open.node.valueEnd = pos;
      stack.pop();
      if (stack.length === 0) return pos;
      continue;
    }
    if (pos >= text.length) return -1; // only text that does not parse ends here
    const keyAt = pos;
    let keyEnd = -1;
    let segment: string | number = open.index;
    if (!open.array) {
      pos = scanKey(text, pos, lexeme, found);
      if (pos === keyAt) return keyAt; // not a key: text that does not parse
      keyEnd = pos;
      segment = lexeme.text;
      if (open.keys !== null) {
        const first = open.keys.get(segment);
        if (first === undefined) open.keys.set(segment, keyAt);
        else if (found.omitted === 0 && found.repeats.length < limit && (found.repeats.length === 0 || stack.length - 1 <= found.segmentsLeft)) {
          found.repeats.push({ path: stack.slice(1).map((o) => o.segment as string | number), key: segment, at: keyAt, first });
          found.segmentsLeft -= stack.length - 1;
        } else found.omitted++;
      }
      pos = skipSpace(text, pos, comments);
      if (text.charCodeAt(pos) !== 58) return pos; // no ":": text that does not parse
      pos = skipSpace(text, pos + 1, comments);
      c = text.charCodeAt(pos);
    }
    const child = open.node?.children?.get(segment);
    if (child !== undefined) {
      if (child.value >= 0) forget(child); // a repeated key: only the last occurrence counts
      child.key = keyAt;
      child.keyEnd = keyEnd;
      child.value = pos;
    }
    if ((c === 123 || c === 91) && (full || child?.children !== undefined)) {
      stack.push({ node: child, array: c === 91, keys: repeats && c === 123 ? new Map() : null, segment, index: 0 });
      pos++;
      continue;
    }
    pos = skipScalar(text, pos, strict, lexeme);
    if (child !== undefined) child.valueEnd = pos;
  }
}

// Scans the key at pos; returns pos itself when none starts there. A key the lexer rejects
// fails the entries but is no comment: a lexer reading for comments steps over it, so the
// walk stops there (returning pos), marking the entries untrustworthy.
function scanKey(text: string, pos: number, lexeme: Lexeme, found: Found): number {
  const c = text.charCodeAt(pos);
  if (c === 34 || c === 39) return scanString(text, pos, true, lexeme);
  try {
    return scanIdentifier(text, pos, lexeme);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    found.lexical = true;
    return pos;
  }
}

// Skips the value at pos that the walk does not enter: a string is lexed when `strict`, any
// other value (a scalar, or a subtree no path enters) skipped without building it.
function skipScalar(text: string, pos: number, strict: boolean, lexeme: Lexeme): number {
  const c = text.charCodeAt(pos);
  return strict && (c === 34 || c === 39) ? scanString(text, pos, true, lexeme) : skipValue(text, pos);
}

// Clears the offsets found at and under node, when a later duplicate key replaces its value.
// A node not found yet has nothing found under it, so the walk calls this only for repeats.
function forget(node: Node): void {
  const pending: Node[] = [node];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    next.key = next.keyEnd = next.value = next.valueEnd = -1;
    if (next.children !== undefined) for (const child of next.children.values()) pending.push(child);
  }
}

// The comments from pos on, read as a lexer reads the whole text: strings and comments are
// lexed, every other character stepped over, until the end or the first error. Where the walk
// left off (past the top level, or where the structure broke) this is what it would have found.
function lexComments(text: string, pos: number, comments: number[]): void {
  const lexeme = newLexeme();
  try {
    for (let i = pos; i < text.length; ) {
      const c = text.charCodeAt(i);
      if (c === 34 || c === 39) {
        i = scanString(text, i, true, lexeme);
      } else if (c === 47) {
        const end = skipComment(text, i);
        comments.push(i, end);
        i = end;
      } else {
        i++;
      }
    }
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
  }
}
