// Random JSON and JSON5 texts that parse, each with what a scan of it must find, recorded by
// the writer as it writes: the key and value spans of every path (a repeated key's later
// occurrence replacing the earlier one and everything under it, as parsing keeps the last
// value), the repeated keys with both occurrences, and the comments. An oracle built from
// the writing, not from a scanner. Used by test/text/json5-scan.test.ts.

import fc from "fast-check";
import type { ScannedEntry, ScannedRepeat, ScanPath } from "../../src/text/json5-scan.js";
import type { Span } from "../../src/text/positions.js";
import { prng } from "./arbitraries.js";

export type Tree = { readonly entries: readonly (readonly [string, Tree])[] } | { readonly items: readonly Tree[] } | string;

/** A written text and what a scan of it must find. */
export interface WrittenText {
  readonly text: string;
  readonly json5: boolean;
  /** Every path the text holds an entry for, and that entry; a path a later repeat replaced is absent. */
  readonly entries: ReadonlyMap<string, { readonly path: ScanPath; readonly entry: ScannedEntry }>;
  /** Paths written once and replaced by a later occurrence of a key on their way: they resolve to nothing. */
  readonly replaced: readonly ScanPath[];
  readonly repeats: readonly ScannedRepeat[];
  readonly comments: readonly Span[];
}

// Few keys, so that they repeat often; with quotes, backslashes, escapes and non-ASCII.
const KEYS = ["a", "b", "type", "items", "x y", 'q"', "\\", "é", "__proto__", "$k", "it's", "/*", "a1"];
// Scalars as JSON writes them; JSON5 texts also get these.
const JSON_SCALARS = ["0", "-12", "3.5e-2", "true", "false", "null", '"s"', '"a/*b"', '"//"', '"]}"', '"\\"\\\\"', '"\\u0041"', '"\\n"'];
const JSON5_SCALARS = ["0x1F", "+Infinity", "NaN", ".5", "'it\\'s ]'", "'\"'", "'a\\\nb'", "-0"];
// What may stand between two tokens. JSON: white space only.
const JSON_GAPS = ["", " ", "\n  ", "\r\n", "\t"];
const JSON5_GAPS = ["/* c */", "// line\n", "/* { [ \" ' */", "\u00a0", "\u2028", "/**/", "// } ]\r\n"];

export const treeArb: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant("scalar"),
    fc.record({ entries: fc.array(fc.tuple(fc.constantFrom(...KEYS), tie("node")), { maxLength: 5 }) }),
    fc.record({ items: fc.array(tie("node"), { maxLength: 4 }) }),
  ),
})).node;

/** A text and its oracle: `tree` written as JSON or JSON5, its spacing, quoting and scalars drawn from `seed`. */
export const writtenTextArb: fc.Arbitrary<WrittenText> = fc.tuple(treeArb, fc.boolean(), fc.integer()).map(([tree, json5, seed]) => writeText(tree, json5, seed));

export function writeText(tree: Tree, json5: boolean, seed: number): WrittenText {
  const random = prng(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  let text = "";
  const entries = new Map<string, { path: ScanPath; entry: ScannedEntry }>();
  const replaced: ScanPath[] = [];
  const repeats: ScannedRepeat[] = [];
  const comments: Span[] = [];
  const gap = (): void => {
    const piece = json5 && random() < 0.4 ? pick(JSON5_GAPS) : pick(JSON_GAPS);
    // A line comment ends before its line break.
    if (piece.startsWith("/")) comments.push({ start: text.length, end: text.length + (piece.startsWith("//") ? piece.search(/[\r\n]/) : piece.length) });
    text += piece;
  };
  const keyText = (key: string): string => {
    if (!json5) return JSON.stringify(key);
    if (/^[a-z$_][a-z0-9]*$/.test(key) && random() < 0.5) return key;
    if (random() < 0.5) return JSON.stringify(key);
    return `'${key.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
  };
  const forget = (path: ScanPath): void => {
    const prefix = JSON.stringify(path).slice(0, -1);
    for (const [id, found] of entries) {
      if (id === JSON.stringify(path) || id.startsWith(`${prefix},`)) {
        entries.delete(id);
        replaced.push(found.path);
      }
    }
  };
  const write = (node: Tree, path: ScanPath, key: Span | undefined): void => {
    const start = text.length;
    if (typeof node === "string") {
      text += pick(json5 && random() < 0.4 ? JSON5_SCALARS : JSON_SCALARS);
    } else if ("items" in node) {
      text += "[";
      node.items.forEach((item, i) => {
        gap();
        write(item, [...path, i], undefined);
        gap();
        if (i < node.items.length - 1 || (json5 && random() < 0.5)) text += ",";
      });
      gap();
      text += "]";
    } else {
      text += "{";
      const firsts = new Map<string, number>();
      node.entries.forEach(([name, value], i) => {
        gap();
        const keyStart = text.length;
        text += keyText(name);
        const keySpan = { start: keyStart, end: text.length };
        const first = firsts.get(name);
        if (first === undefined) firsts.set(name, keyStart);
        else {
          repeats.push({ path: [...path], key: name, at: keyStart, first });
          forget([...path, name]);
        }
        gap();
        text += ":";
        gap();
        write(value, [...path, name], keySpan);
        gap();
        if (i < node.entries.length - 1 || (json5 && random() < 0.5)) text += ",";
      });
      gap();
      text += "}";
    }
    const value = { start, end: text.length };
    entries.set(JSON.stringify(path), { path, entry: key === undefined ? { value } : { key, value } });
  };
  gap();
  write(tree, [], undefined);
  gap();
  return { text, json5, entries, replaced, repeats, comments };
}

/** Paths the text holds no entry for: past each entry, of the wrong kind, and those a repeat replaced. */
export function missingPaths(written: WrittenText): ScanPath[] {
  // A replaced path that the later occurrence holds again resolves to that one.
  const out: ScanPath[] = written.replaced.filter((path) => !written.entries.has(JSON.stringify(path)));
  for (const { path } of written.entries.values()) out.push([...path, "zz"], [...path, 7], [...path, "0"]);
  return out;
}
