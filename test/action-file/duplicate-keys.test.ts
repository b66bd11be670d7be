// duplicate-key's detection (src/text/json5-parse.ts repeatsKeys and KeyRepeats, and
// src/action-file/duplicate-keys.ts): the cheap answer after a parse must be exact, because
// a false "no" loses a duplicate and a false "yes" costs a scan; the scan must find every
// repeat at its own key, naming the first. Checked on hand-picked escapes and on random
// nested objects written with and without repeated keys, as JSON and as JSON5.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { parseJson5, repeatsKeys, type KeyRepeats } from "../../src/text/json5-parse.js";
import { duplicateKeyOffence, repeatedKeys } from "../../src/action-file/duplicate-keys.js";

const jsonSays = (text: string): boolean => repeatsKeys(text, JSON.parse(text));
function json5Says(text: string): boolean {
  const repeats: KeyRepeats = { found: false };
  parseJson5(text, repeats);
  return repeats.found;
}

test("repeatsKeys: exact on strings that hold quotes, backslashes and escapes", () => {
  const cases: [string, boolean][] = [
    ['{"a": 1, "b": 2}', false],
    ['{"a": 1, "a": 2}', true],
    ['{"a\\"": "x\\"y", "a\\"": 1}', true],
    ['{"a\\"": "x\\"y", "b": 1}', false],
    ['{"a\\\\": "\\\\", "b\\\\": "\\\\\\""}', false],
    ['{"a\\\\": 1, "a\\\\": 2}', true],
    ['{"\\u0022": "\\u0022\\u0022", "x": "\\""}', false],
    ['{"\\u0022": 1, "\\"": 2}', true],
    ['{"a": {"b": [{"c": 1, "c": 2}]}}', true],
    ['[{"k": "v"}, {"k": "v"}]', false],
    ['"just a string"', false],
    ['{"__proto__": 1, "__proto__": 2}', true],
    ['{"a" : 1, "a"\n:\n2}', true],
  ];
  for (const [text, expected] of cases) assert.equal(jsonSays(text), expected, text);
});

test("repeatedKeys: each repeat at its own key, with the first occurrence and the object's path", () => {
  const text = '{\n  "a": {"x": 1, "y": [0, {"z": 1, "z": 2, "z": 3}]},\n  "a": {},\n  \'q\': 1\n}';
  assert.deepEqual(
    repeatedKeys(text).found.map(({ path, key, at, first }) => [path, key, [at.line, at.column], [first.line, first.column]]),
    [
      [["a", "y", 1], "z", [2, 35], [2, 27]],
      [["a", "y", 1], "z", [2, 43], [2, 27]],
      [[], "a", [3, 3], [2, 3]],
    ],
  );
  // JSON5: an unquoted key, a single-quoted one and a double-quoted one are the same key.
  assert.deepEqual(
    repeatedKeys("{a: 1, 'a': 2, \"a\": 3, b: [/* ] */ {c: '}'}]}").found.map((r) => [r.key, r.at.column]),
    [
      ["a", 8],
      ["a", 16],
    ],
  );
});

test("duplicateKeyOffence: the action, the enclosing object's path and the repeat's own position", () => {
  const [inside, action, schemaRef] = repeatedKeys('{"s": {"properties": {"q": {}, "q": {}}}, "s": {}, "$schema": "a", "$schema": "b"}').found.map((repeat) =>
    duplicateKeyOffence(repeat),
  );
  assert.deepEqual([inside?.action, inside?.path, inside?.severity, inside?.column], ["s", ["properties"], "error", 32]);
  assert.match(inside?.message ?? "", /^the key "q" appears again in the same object \(first at line 1, column 23\)/);
  assert.deepEqual([action?.action, action?.path, action?.location], ["s", [], ""]);
  assert.deepEqual([schemaRef?.action, schemaRef?.path], [null, []]);
});

// Random nested objects, written by hand so keys may repeat. Keys come from a small set
// with quotes, backslashes and escapes in them, so repeats are frequent and tricky.
type Tree = { entries: [string, Tree | string | number][] } | (Tree | string)[];
const KEYS = ["a", "b", 'q"', "\\", "a\\\\", "\u0022", ":", "__proto__", "é", "x y"];
const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small" },
    fc.record({ entries: fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), tie("node"))), { maxLength: 5 }) }),
    fc.array(fc.oneof(fc.string({ maxLength: 4 }), tie("node")), { maxLength: 3 }),
  ),
})).node;

function write(node: Tree | string | number, json5: boolean): string {
  if (typeof node !== "object") return JSON.stringify(node);
  if (Array.isArray(node)) return `[${node.map((n) => write(n, json5)).join(", ")}]`;
  const key = (k: string): string => (json5 && /^[a-z]+$/.test(k) ? k : JSON.stringify(k));
  const trailing = json5 ? `${node.entries.length > 0 ? "," : ""} /* , */` : "";
  return `{${node.entries.map(([k, v]) => `${key(k)}: ${write(v, json5)}`).join(", ")}${trailing}}`;
}

function repeats(node: Tree | string | number): number {
  if (typeof node !== "object") return 0;
  if (Array.isArray(node)) return node.reduce((n: number, child) => n + repeats(child), 0);
  const keys = node.entries.map(([k]) => k);
  return keys.length - new Set(keys).size + node.entries.reduce((n, [, v]) => n + repeats(v), 0);
}

test("random objects: the parse says 'repeats' exactly when a key repeats, and the scan finds each repeat", () => {
  fc.assert(
    fc.property(tree, (root) => {
      const expected = repeats(root);
      const json = write(root, false);
      assert.equal(jsonSays(json), expected > 0, json);
      assert.equal(repeatedKeys(json).found.length, expected, json);
      const json5 = write(root, true);
      assert.equal(json5Says(json5), expected > 0, json5);
      assert.equal(repeatedKeys(json5).found.length, expected, json5);
    }),
    { numRuns: 500 },
  );
});
