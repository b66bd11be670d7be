// The pieces of --fix one by one: which offences carry a repair (the core's decision), the
// edits planned for each layout (src/locate/repair-edits.ts, through the real lint of a text), how
// overlapping edits are deferred (apply.ts) and the unified diff (diff.ts), checked by
// applying it back.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { lintActionFile } from "../../src/core/lint-tool.js";
import { applyEdits } from "../../src/fix/apply-edits.js";
import { unifiedDiff } from "../../src/fix/diff.js";
import { readJson } from "../support/lint.js";

/** The text after one pass of every planned edit. */
function fixOnce(text: string, kind: "json" | "json5" = "json5"): string {
  const { offences } = readJson(text, `t.actions.${kind}`);
  return applyEdits(
    text,
    offences.flatMap((o) => (o.edits ? [o.edits] : [])),
  ).text;
}

/** The codes of the offences that carry edits. */
function fixable(text: string, kind: "json" | "json5" = "json5"): string[] {
  return readJson(text, `t.actions.${kind}`)
    .offences.filter((o) => o.edits)
    .map((o) => o.code);
}

test("the core repairs only what has one reading", () => {
  const repairs = (schema: Record<string, unknown>) =>
    lintActionFile({ a: { description: "A", properties: { q: {} }, ...schema } }, "t").offences.map((o) => [o.code, o.repair?.kind ?? null]);
  assert.deepEqual(repairs({ exmples: [] }), [["unknown-key", "rename-key"]]);
  // The match is already there: renaming would write the key twice.
  assert.deepEqual(repairs({ requird: ["q"], required: ["q"] }), [["unknown-key", null]]);
  // Two unknown keys that both mean "examples": neither is renamed.
  assert.deepEqual(repairs({ exmples: [], exampels: [] }), [
    ["unknown-key", null],
    ["unknown-key", null],
  ]);
  // No close key at all.
  assert.deepEqual(repairs({ zz_custom: 1 }), [["unknown-key", null]]);
  // A description split needs a first line and no notes; a rename to notes and a split clash.
  assert.deepEqual(repairs({ description: "A\nB" }), [["newline", "split-to-notes"]]);
  assert.deepEqual(repairs({ description: "A\nB", notes: "N" }), [["newline", null]]);
  assert.deepEqual(repairs({ description: "\nB" }), [["newline", null]]);
  assert.deepEqual(repairs({ description: "A\nB", nots: "N" }), [
    ["newline", null],
    ["unknown-key", null],
  ]);
  // Removals: a repeated required entry, an empty, repeated or superset group.
  assert.deepEqual(repairs({ required: ["q", "q"] }), [["duplicate", "remove-entry"]]);
  assert.deepEqual(
    repairs({ required_one_of: [["q"], [], ["q"], ["q", "r"]] })
      .map(([c, r]) => `${c}:${r}`)
      .sort(),
    ["duplicate:remove-entry", "empty-group:remove-entry", "superset-group:remove-entry", "undeclared:null"],
  );
});

test("a renamed key keeps its quoting, its value and everything around it", () => {
  assert.equal(fixOnce(`{"a": {"description": "A", "properties": {}, "exmples": [1, /* c */ 2]}}`), `{"a": {"description": "A", "properties": {}, "examples": [1, /* c */ 2]}}`);
  assert.equal(fixOnce(`{a: {description: 'A', properties: {}, 'exmples': []}}`), `{a: {description: 'A', properties: {}, 'examples': []}}`);
  assert.equal(fixOnce(`{a: {description: 'A', properties: {}, exmples: []}}`), `{a: {description: 'A', properties: {}, examples: []}}`);
  // An escaped key is still that key.
  assert.equal(fixOnce(`{"a": {"description": "A", "properties": {}, "exm\\u0070les": []}}`, "json"), `{"a": {"description": "A", "properties": {}, "examples": []}}`);
});

test("an entry goes with one comma beside it, whatever the layout", () => {
  const cases: [string, string][] = [
    [`["q", "q"]`, `["q"]`],
    [`["q", "q", "q"]`, `["q"]`],
    [`["q", "q",]`, `["q",]`],
    [`[\n      "q",\n      "q"\n    ]`, `[\n      "q"\n    ]`],
    [`[\n      "q",\n      "q",\n    ]`, `[\n      "q",\n    ]`],
    [`["q","q","r"]`, `["q","r"]`],
  ];
  for (const [list, fixed] of cases) {
    const text = (l: string) => `{a: {description: 'A', properties: {q: {}, r: {}}, required: ${l}}}`;
    assert.equal(fixOnce(text(list)), text(fixed), list);
  }
  const groups = (l: string) => `{a: {description: 'A', properties: {q: {}, r: {}}, required_one_of: ${l}}}`;
  assert.equal(fixOnce(groups(`[[]]`)), groups(`[]`));
  assert.equal(fixOnce(groups(`[\n  []\n]`)), groups(`[]`));
  assert.equal(fixOnce(groups(`[[], ["q"]]`)), groups(`[["q"]]`));
  assert.equal(fixOnce(groups(`[\n  ["q", "r"],\n  ["q"]\n]`)), groups(`[\n  ["q"]\n]`));
});

test("a comment beside an entry leaves its removal to the author", () => {
  const text = (l: string) => `{a: {description: 'A', properties: {q: {}}, required: ${l}}}`;
  for (const list of [`["q", /* again */ "q"]`, `["q", "q" // again\n]`, `["q", // first\n "q"]`, `[ /* none */ [] ]`]) {
    const whole = list.startsWith("[ /*") ? `{a: {description: 'A', properties: {q: {}}, required_one_of: ${list}}}` : text(list);
    const codes = readJson(whole, "t.actions.json5").offences.map((o) => o.code);
    assert.ok(codes.includes("duplicate") || codes.includes("empty-group"), `${list}: ${codes.join(", ")}`);
    assert.deepEqual(fixable(whole), [], list);
  }
});

test("a description keeps its first line as written; the rest becomes notes beside it", () => {
  const one = (d: string, after = ", properties: {}") => `{a: {description: ${d}${after}}}`;
  assert.equal(fixOnce(one(`"A\\nB"`)), `{a: {description: "A", notes: "B", properties: {}}}`);
  assert.equal(fixOnce(one(`'A \\u00e9\\r\\nB \\'b\\''`)), `{a: {description: 'A \\u00e9', notes: 'B \\'b\\'', properties: {}}}`);
  assert.equal(fixOnce(one(`"A\\u000aB"`)), `{a: {description: "A", notes: "B", properties: {}}}`);
  assert.equal(fixOnce(one(`"A\\n"`)), `{a: {description: "A", properties: {}}}`);
  // On lines of their own: the new member follows the line's comment, with its indentation
  // and line ending, and takes a comma as the others do.
  assert.equal(
    fixOnce(`{\r\n  a: {\r\n    properties: {},\r\n    description: "A\\nB" // summary\r\n  },\r\n}`),
    `{\r\n  a: {\r\n    properties: {},\r\n    description: "A", // summary\r\n    notes: "B"\r\n  },\r\n}`,
  );
  assert.equal(
    fixOnce(`{\n  "a": {\n    "description": "A\\nB",\n    "properties": {}\n  }\n}`, "json"),
    `{\n  "a": {\n    "description": "A",\n    "notes": "B",\n    "properties": {}\n  }\n}`,
  );
});

test("fixes that overlap wait for the next pass", () => {
  const applied = applyEdits("abcdef", [
    [{ start: 1, end: 3, text: "X" }],
    [{ start: 2, end: 4, text: "Y" }],
    [{ start: 3, end: 3, text: "Z" }],
    [
      { start: 4, end: 4, text: "W" },
      { start: 5, end: 6, text: "" },
    ],
    [{ start: 4, end: 4, text: "V" }],
  ]);
  assert.deepEqual(applied, { text: "aXZdWe", applied: [0, 2, 3] });
});

/** Applies a unified diff to `before` (the test's own reading of the format). */
function patch(before: string, diff: string): string {
  const lines = before.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const rows = diff.match(/[^\n]*\n/g) ?? [];
  const out: string[] = [];
  let next = 0;
  for (let i = 2; i < rows.length; i++) {
    const header = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@\n$/.exec(rows[i] as string);
    assert.ok(header, rows[i]);
    const start = Number(header[1]) - (header[2] === "0" ? 0 : 1);
    out.push(...lines.slice(next, start));
    next = start;
    for (i++; i < rows.length && !(rows[i] as string).startsWith("@@"); i++) {
      const row = rows[i] as string;
      const body = row.slice(1);
      const noEol = rows[i + 1] === "\\ No newline at end of file\n";
      const line = noEol ? body.slice(0, -1) : body;
      if (noEol) i++;
      if (row[0] === " " || row[0] === "-") {
        assert.equal(lines[next], line, "context and removed lines match the old text");
        next++;
      }
      if (row[0] === " " || row[0] === "+") out.push(line);
    }
    i--;
  }
  return out.concat(lines.slice(next)).join("");
}

test("thousands of removed entries: one pass, and a diff that still applies (the block shown whole)", () => {
  const text = `{\n  "a": {\n    "description": "A",\n    "properties": {"q": {}},\n    "required": [\n${'      "q",\n'.repeat(3000)}      "q"\n    ]\n  }\n}\n`;
  const fixed = fixOnce(text, "json");
  assert.equal(fixed, `{\n  "a": {\n    "description": "A",\n    "properties": {"q": {}},\n    "required": [\n      "q"\n    ]\n  }\n}\n`);
  const diff = unifiedDiff("big.actions.json", text, fixed);
  assert.equal(patch(text, diff), fixed);
  assert.equal(diff.split("\n").filter((line) => line.startsWith("-") && !line.startsWith("---")).length, 3000);
  // Past the searched number of differences, the block is replaced whole, still exactly.
  const [many, others] = ["a\nx\n".repeat(1200), "a\ny\n".repeat(1200)];
  assert.equal(patch(many, unifiedDiff("f", many, others)), others);
});

test("the unified diff applies back to the new text, with three lines of context", () => {
  const before = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n";
  const after = "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm";
  const diff = unifiedDiff("x.json", before, after);
  assert.equal(diff, "--- x.json\n+++ x.json\n@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n e\n@@ -10,4 +10,4 @@\n j\n k\n l\n-m\n+m\n\\ No newline at end of file\n");
  assert.equal(patch(before, diff), after);
  assert.equal(unifiedDiff("x", before, before), "");
  fc.assert(
    fc.property(fc.array(fc.constantFrom("x\n", "y\n", "z\r\n", "w"), { maxLength: 30 }), fc.array(fc.constantFrom("x\n", "y\n", "z\r\n", "w"), { maxLength: 30 }), (a, b) => {
      const [from, to] = [a.join(""), b.join("")];
      assert.equal(patch(from, unifiedDiff("f", from, to)), to);
    }),
    { numRuns: 300 },
  );
});

test("the diff of a hunk of 300,000 lines is made, not a stack overflow", () => {
  const before = "keep\n".repeat(3) + "gone\n".repeat(300_000) + "keep\n";
  const diff = unifiedDiff("big.json", before, "keep\n".repeat(4));
  assert.ok(diff.startsWith("--- big.json\n+++ big.json\n@@ -1,300004 +1,4 @@\n keep\n"));
  assert.equal(diff.split("\n").filter((line) => line === "-gone").length, 300_000);
});
