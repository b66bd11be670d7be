// Source positions (src/locate/json-entries.ts): exact line and column of keys and values in JSON5 and JSON text, through
// comments, trailing commas, unquoted and escaped keys, multi-line strings, CRLF, non-BMP
// characters and duplicate keys; null for paths that do not resolve; 100,000 levels deep.

import assert from "node:assert/strict";
import { test } from "node:test";
import { parseJson5 } from "../../src/text/json5-parse.js";
import type { Target } from "../../src/core/offence.js";
import { sourcePositions } from "../../src/locate/json-entries.js";
import type { Position } from "../../src/text/positions.js";

const LINES = [
  "// Action file for the locator", // 1
  "{", // 2
  "  /* a block comment with { [ \" ' } ] */", // 3
  "  list_items: {", // 4
  "    description: 'Lists \\", // 5: a string continued on the next line
  "the items.',", // 6
  "    properties: {", // 7
  "      items: {type: \"array\", items: {type: 'string',},},", // 8
  "      properties: {", // 9
  "        \"type\": {enum: ['a', \"b\", 'c',],},", // 10
  "      }, // a comment with } and ]", // 11
  "    },", // 12
  "    required: ['items', \"properties\",],", // 13
  "  },", // 14
  "  '😀 key': {description: '😀😀', x: [10, 20, {y: 30}]},", // 15
  "  dup: {a: 1, b: {c: 2}},", // 16
  "  dup: {a: 3},", // 17
  "}", // 18
];

// [path, part, line, column, what the text holds there]
type Case = readonly [Target["path"], Target["part"], number, number, string];
const FOUND: readonly Case[] = [
  [[], "value", 2, 1, "{"],
  [[], "key", 2, 1, "{"],
  [["list_items"], "key", 4, 3, "list_items"],
  [["list_items"], "value", 4, 15, "{"],
  [["list_items", "description"], "key", 5, 5, "description"],
  [["list_items", "description"], "value", 5, 18, "'Lists"],
  [["list_items", "properties"], "key", 7, 5, "properties"],
  [["list_items", "properties"], "value", 7, 17, "{"],
  [["list_items", "properties", "items"], "key", 8, 7, "items"],
  [["list_items", "properties", "items"], "value", 8, 14, "{type"],
  [["list_items", "properties", "items", "type"], "value", 8, 21, '"array"'],
  [["list_items", "properties", "items", "items"], "key", 8, 30, "items"],
  [["list_items", "properties", "items", "items"], "value", 8, 37, "{type"],
  [["list_items", "properties", "items", "items", "type"], "value", 8, 44, "'string'"],
  [["list_items", "properties", "properties"], "key", 9, 7, "properties"],
  [["list_items", "properties", "properties"], "value", 9, 19, "{"],
  [["list_items", "properties", "properties", "type"], "key", 10, 9, '"type"'],
  [["list_items", "properties", "properties", "type"], "value", 10, 17, "{enum"],
  [["list_items", "properties", "properties", "type", "enum"], "value", 10, 24, "['a'"],
  [["list_items", "properties", "properties", "type", "enum", 0], "value", 10, 25, "'a'"],
  [["list_items", "properties", "properties", "type", "enum", 1], "value", 10, 30, '"b"'],
  [["list_items", "properties", "properties", "type", "enum", 2], "key", 10, 35, "'c'"],
  [["list_items", "required"], "value", 13, 15, "["],
  [["list_items", "required", 0], "value", 13, 16, "'items'"],
  [["list_items", "required", 1], "key", 13, 25, '"properties"'],
  [["😀 key"], "key", 15, 3, "'😀 key'"],
  [["😀 key"], "value", 15, 13, "{description"],
  [["😀 key", "description"], "value", 15, 27, "'😀😀'"],
  [["😀 key", "x", 0], "value", 15, 39, "10"],
  [["😀 key", "x", 2], "value", 15, 47, "{y"],
  [["😀 key", "x", 2, "y"], "key", 15, 48, "y"],
  [["😀 key", "x", 2, "y"], "value", 15, 51, "30"],
  // the last of two "dup" keys wins, as in the parsed value
  [["dup"], "key", 17, 3, "dup"],
  [["dup"], "value", 17, 8, "{a: 3}"],
  [["dup", "a"], "value", 17, 12, "3"],
];
const MISSING: readonly Target["path"][] = [
  ["nope"],
  ["nope", "a"],
  ["list_items", "nope"],
  ["list_items", "required", 2], // past the end (the trailing comma adds nothing)
  ["list_items", "required", "0"], // a string into a list
  ["list_items", 0], // a number into an object
  ["list_items", "description", "x"], // into a string
  ["list_items", "description", 0],
  ["list_items", "properties", "items", "type", "x"],
  ["dup", "b"], // only in the first "dup", which the second replaces
  ["dup", "b", "c"],
  ["😀 key", "x", -1],
  ["😀 key", "x", 1.5],
  ["😀 key", "x", 3],
  ["😀 key", "x", 0, "y"],
  ["😀", "x"],
];

// The text at a position: the check that each expected position is where it should be.
function textAt(text: string, { line, column }: Position): string {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const lines = text.slice(start).split("\n");
  return (lines[line - 1] ?? "").slice(column - 1);
}

function check(text: string): void {
  const targets: Target[] = [
    ...FOUND.map(([path, part]) => ({ path, part })),
    ...MISSING.map((path) => ({ path, part: "value" as const })),
    ...MISSING.map((path) => ({ path, part: "key" as const })),
  ];
  const positions = sourcePositions(text, targets);
  assert.equal(positions.length, targets.length);
  FOUND.forEach(([path, part, line, column, there], i) => {
    const position = positions[i];
    assert.deepStrictEqual(position, { line, column }, `${JSON.stringify(path)} ${part}`);
    assert.ok(textAt(text, { line, column }).startsWith(there), `${JSON.stringify(path)}: ${textAt(text, { line, column })}`);
  });
  positions.slice(FOUND.length).forEach((position, i) => {
    assert.equal(position, null, JSON.stringify(targets[FOUND.length + i]));
  });
}

test("the file parses as expected (the premise of source positions)", () => {
  const value = parseJson5(LINES.join("\n")) as Record<string, Record<string, unknown>>;
  assert.deepStrictEqual(value["dup"], { a: 3 });
  assert.equal(value["list_items"]?.["description"], "Lists the items.");
});

test("positions in a JSON5 file with LF line endings", () => {
  check(LINES.join("\n"));
});

test("positions are the same with CRLF line endings", () => {
  check(LINES.join("\r\n"));
});

test("positions are the same behind a byte order mark", () => {
  check("\ufeff" + LINES.join("\r\n"));
});

test("the positions come back in the order of the targets, shared and repeated paths included", () => {
  const text = '{"a": {"b": [1, 2]}, "c": 3}';
  assert.deepStrictEqual(
    sourcePositions(text, [
      { path: ["c"], part: "value" },
      { path: ["a", "b", 1], part: "value" },
      { path: ["a"], part: "key" },
      { path: ["c"], part: "value" },
      { path: ["a", "b"], part: "key" },
      { path: ["x"], part: "key" },
    ]),
    [{ line: 1, column: 27 }, { line: 1, column: 17 }, { line: 1, column: 2 }, { line: 1, column: 27 }, { line: 1, column: 8 }, null],
  );
  assert.deepStrictEqual(sourcePositions(text, []), []);
});

test("positions in JSON text as JSON.stringify writes it", () => {
  const value = { items: { properties: { items: [1, { type: "x" }] } }, "a b": "c" };
  const text = JSON.stringify(value, null, 2);
  assert.deepStrictEqual(
    sourcePositions(text, [
      { path: ["items", "properties", "items", 1, "type"], part: "key" },
      { path: ["items", "properties", "items", 1, "type"], part: "value" },
      { path: ["a b"], part: "key" },
      { path: ["items", "properties", "items", 0], part: "value" },
    ]),
    [
      { line: 7, column: 11 },
      { line: 7, column: 19 },
      { line: 12, column: 3 },
      { line: 5, column: 9 },
    ],
  );
});

test("skipped values may hold brackets, quotes and comment marks in strings and comments", () => {
  const text = [
    "{",
    '  a: "x\\\\", b: \'it\\\'s ]}\', c: "\\"}]", d: "// no", e: \'/* no\',',
    '  f: ["]", {g: \'}\'}, /* ] } */ [["["]], // ] }',
    '  ], h: {i: "\\\\\\""}, j: \'a\\',
    "b', k: -0x1F, l: +Infinity, m: .5, n: NaN, o: null,",
    "  target: 1,",
    "}",
  ].join("\n");
  assert.ok(parseJson5(text));
  assert.deepStrictEqual(
    sourcePositions(text, [
      { path: ["target"], part: "key" },
      { path: ["target"], part: "value" },
      { path: ["o"], part: "value" },
      { path: ["f", 2, 0, 0], part: "value" },
    ]),
    [
      { line: 6, column: 3 },
      { line: 6, column: 11 },
      { line: 5, column: 47 },
      { line: 3, column: 34 },
    ],
  );
});

test("escaped keys are matched by their decoded text", () => {
  const text = '{"a\\u0062": 1, \\u0063d: 2, \'e\\\'f\': 3, "\\\\": 4}';
  assert.deepStrictEqual(
    sourcePositions(text, [
      { path: ["ab"], part: "key" },
      { path: ["cd"], part: "value" },
      { path: ["e'f"], part: "value" },
      { path: ["\\"], part: "key" },
      { path: ["a\\u0062"], part: "key" },
    ]),
    [{ line: 1, column: 2 }, { line: 1, column: 25 }, { line: 1, column: 36 }, { line: 1, column: 39 }, null],
  );
});

test("a scalar root, and an empty container root", () => {
  assert.deepStrictEqual(
    sourcePositions("  // c\n  42 ", [
      { path: [], part: "value" },
      { path: [0], part: "value" },
    ]),
    [{ line: 2, column: 3 }, null],
  );
  assert.deepStrictEqual(
    sourcePositions("[]", [
      { path: [0], part: "value" },
      { path: [], part: "key" },
    ]),
    [null, { line: 1, column: 1 }],
  );
});

test("a duplicate key replaces everything found under the first one", () => {
  const text = "{a: {b: {c: 1}}, x: 0, a: {b: 2}}";
  assert.deepStrictEqual(
    sourcePositions(text, [
      { path: ["a", "b", "c"], part: "value" },
      { path: ["a", "b"], part: "value" },
      { path: ["a"], part: "key" },
    ]),
    [null, { line: 1, column: 31 }, { line: 1, column: 24 }],
  );
  const back = "{a: {b: 2}, a: {b: {c: 1}}}";
  assert.deepStrictEqual(sourcePositions(back, [{ path: ["a", "b", "c"], part: "value" }]), [{ line: 1, column: 24 }]);
});

test("text that does not parse ends the scan, with nulls where the lexer fails", () => {
  for (const text of ["", "{a: ", "{a: 1", "[1, @@@ 2", '{"a": "never closed', "{a: {b: [1, }", "}}}", "{/* x", ":::"]) {
    const positions = sourcePositions(text, [
      { path: ["a", "b"], part: "value" },
      { path: ["b"], part: "value" },
      { path: [1], part: "value" },
    ]);
    assert.equal(positions.length, 3);
    for (const position of positions) {
      if (position !== null) assert.ok(position.line >= 1 && position.column >= 1);
    }
  }
  assert.deepStrictEqual(sourcePositions('{"a": 1, "b', [{ path: ["a"], part: "value" }]), [null]);
});

const LEVELS = 100_000;

test(`a path ${LEVELS} levels deep is located`, () => {
  const text = "{a: ".repeat(LEVELS) + "1" + "}".repeat(LEVELS);
  const path = Array.from({ length: LEVELS }, () => "a");
  assert.deepStrictEqual(
    sourcePositions(text, [
      { path, part: "value" },
      { path, part: "key" },
      { path: [...path, "a"], part: "value" },
      { path: path.slice(0, LEVELS - 1), part: "value" },
    ]),
    [{ line: 1, column: 4 * LEVELS + 1 }, { line: 1, column: 4 * LEVELS - 2 }, null, { line: 1, column: 4 * LEVELS - 3 }],
  );
  const arrays = "[".repeat(LEVELS) + "7" + "]".repeat(LEVELS);
  assert.deepStrictEqual(sourcePositions(arrays, [{ path: Array.from({ length: LEVELS }, () => 0), part: "value" }]), [{ line: 1, column: LEVELS + 1 }]);
});

test(`a subtree ${LEVELS} levels deep is skipped`, () => {
  const text = "{\n  deep: " + "[{a: ".repeat(LEVELS) + "0" + "}]".repeat(LEVELS) + ",\n  after: 1,\n}";
  assert.deepStrictEqual(
    sourcePositions(text, [
      { path: ["after"], part: "key" },
      { path: ["deep", 0, "a", 0], part: "key" },
    ]),
    [
      { line: 3, column: 3 },
      { line: 2, column: 15 },
    ],
  );
});
