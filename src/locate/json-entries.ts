// Finds, in the text of a parsed action file (JSON or JSON5), the entry each path names: its
// key token and its value, as offsets, for the positions of offences and the edits of their
// repairs alike. One iterative scan for every path at once, guided by a trie of the paths:
// subtrees no path enters are skipped, never built. Called by the action file's pass
// (action-file.ts) with the paths its offences ask for, on text that already parsed; and,
// through sourcePositions, for the mistakes of a config file (src/config/load.ts).

import type { Target } from "../core/offence.js";
import type { Path } from "../core/path.js";
import { newLexeme, ParseError, scanIdentifier, scanString, skipSpace, skipValue } from "../text/json5-lexer.js";
import { positionsAt, type Position } from "../text/positions.js";
import { partStart, type LocatedEntry } from "./located-entry.js";

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

/**
 * The entry of each path: its key token (none for an array element or the root) and its
 * value, always exact. Null when the path does not resolve entirely (a missing key, an index
 * past the end, a segment into a scalar, a number segment into an object or a string segment
 * into an array). A repeated key resolves to its last occurrence, as parsing keeps the last
 * value. Meant for text that parsed: on other text the scan still ends, with null for every
 * path when the lexer meets the error, else entries that may be wrong.
 */
export function locateJsonEntries(text: string, paths: readonly Path[]): (LocatedEntry | null)[] {
  const root = newNode();
  const nodes = paths.map((path) => nodeFor(root, path));
  if (!scanned(text, root)) return paths.map(() => null);
  return nodes.map((node) => {
    if (node === undefined || node.value < 0 || node.valueEnd < 0) return null;
    const value = { start: node.value, end: node.valueEnd };
    return node.keyEnd < 0 ? { value, exact: true } : { key: { start: node.key, end: node.keyEnd }, value, exact: true };
  });
}

/**
 * The position of each target: of its value's first character, or of its key token's (its
 * opening quote, or the first character of an unquoted key); an array element and the top
 * level have no key, and "key" gives the value. Null where the path does not resolve.
 */
export function sourcePositions(text: string, targets: readonly Target[]): (Position | null)[] {
  const entries = locateJsonEntries(
    text,
    targets.map((target) => target.path),
  );
  const offsets = entries.map((entry, i) => (entry === null ? -1 : partStart(entry, targets[i]?.part ?? "value")));
  const found = [...new Set(offsets.filter((offset) => offset >= 0))].sort((a, b) => a - b);
  const positions = positionsAt(text, found);
  const byOffset = new Map(found.map((offset, i) => [offset, positions[i] as Position]));
  return offsets.map((offset) => byOffset.get(offset) ?? null);
}

// Runs the scan; false when the lexer meets an error (text that does not parse).
function scanned(text: string, root: Node): boolean {
  try {
    scan(text, root);
    return true;
  } catch (error) {
    if (error instanceof ParseError) return false;
    throw error;
  }
}

// The trie node for path, created as needed; undefined for a segment no value can have.
function nodeFor(root: Node, path: Path): Node | undefined {
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

// Walks the containers the trie enters, recording each node's key and value offsets.
function scan(text: string, root: Node): void {
  const lexeme = newLexeme();
  let pos = skipSpace(text, 0);
  root.key = root.value = pos;
  let c = text.charCodeAt(pos);
  if (root.children === undefined || (c !== 123 && c !== 91)) {
    root.valueEnd = skipValue(text, pos);
    return;
  }
  // The open containers being walked, each with its trie node and current element index.
  const nodes: Node[] = [];
  const indexes: number[] = [];
  const arrays: boolean[] = [];
  let node = root;
  let index = 0;
  let inArray = c === 91;
  pos++;
  for (;;) {
    pos = skipSpace(text, pos);
    c = text.charCodeAt(pos);
    if (c === 44) {
      pos = skipSpace(text, pos + 1);
      c = text.charCodeAt(pos);
      index++;
    }
    if (c === 93 || c === 125) {
      pos++;
      node.valueEnd = pos;
      const parent = nodes.pop();
      if (parent === undefined) return;
      node = parent;
      index = indexes.pop() as number;
      inArray = arrays.pop() as boolean;
      continue;
    }
    if (pos >= text.length) return; // only text that does not parse ends here
    const keyAt = pos;
    let keyEnd = -1;
    let child: Node | undefined;
    if (inArray) {
      child = node.children?.get(index);
    } else {
      pos = c === 34 || c === 39 ? scanString(text, pos, true, lexeme) : scanIdentifier(text, pos, lexeme);
      if (pos === keyAt) return; // not a key: text that does not parse
      keyEnd = pos;
      child = node.children?.get(lexeme.text);
      pos = skipSpace(text, pos); // at ":"
      pos = skipSpace(text, pos + 1);
      c = text.charCodeAt(pos);
    }
    if (child !== undefined) {
      if (child.value >= 0) forget(child); // a repeated key: only the last occurrence counts
      child.key = keyAt;
      child.keyEnd = keyEnd;
      child.value = pos;
      if (child.children !== undefined && (c === 123 || c === 91)) {
        nodes.push(node);
        indexes.push(index);
        arrays.push(inArray);
        node = child;
        index = 0;
        inArray = c === 91;
        pos++;
        continue;
      }
      pos = skipValue(text, pos);
      child.valueEnd = pos;
      continue;
    }
    pos = skipValue(text, pos);
  }
}

// Clears the offsets found at and under node, when a later duplicate key replaces its value.
// A node not found yet has nothing found under it, so the scan calls this only for repeats.
function forget(node: Node): void {
  const pending: Node[] = [node];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    next.key = next.keyEnd = next.value = next.valueEnd = -1;
    if (next.children !== undefined) for (const child of next.children.values()) pending.push(child);
  }
}
