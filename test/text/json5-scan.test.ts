// The one scan of parsed JSON and JSON5 text (src/text/json5-scan.ts): asked for entries,
// repeated keys and comments at once, it finds what the writer of a random text recorded, and
// what each question asked alone finds (the locator, duplicate-key's scan, the directive
// reader), on generated texts and on every JSON and JSON5 fixture; at any depth; and on text
// that does not parse it ends, its comments those a lexer reading the whole text finds.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { REPEATED_KEYS, repeatedKeys, repeatedKeysOf } from "../../src/action-file/duplicate-keys.js";
import { locatedEntries, locateJsonEntries } from "../../src/locate/json-entries.js";
import { json5Comments, scannedComments } from "../../src/suppress/comments.js";
import { parseJson5 } from "../../src/text/json5-parse.js";
import { scanJson, type ScanPath } from "../../src/text/json5-scan.js";
import { missingPaths, writtenTextArb, type WrittenText } from "../support/json5-texts.js";
import { repoPath } from "../support/paths.js";

const ALL = (paths: readonly ScanPath[]) => ({ paths, repeats: REPEATED_KEYS, comments: true });

function parses(written: WrittenText): void {
  if (written.json5) parseJson5(written.text);
  else JSON.parse(written.text);
}

test("generated texts: one scan asked everything finds what the writer wrote", () => {
  fc.assert(
    fc.property(writtenTextArb, (written) => {
      parses(written);
      const found = [...written.entries.values()];
      const missing = missingPaths(written);
      const scan = scanJson(written.text, ALL([...found.map((f) => f.path), ...missing]));
      assert.deepStrictEqual(scan.entries, [...found.map((f) => f.entry), ...missing.map(() => null)], written.text);
      assert.deepStrictEqual(scan.repeats, written.repeats, written.text);
      assert.equal(scan.omittedRepeats, 0);
      assert.deepStrictEqual(scan.comments, written.comments, written.text);
    }),
    { numRuns: 400 },
  );
});

test("generated texts: one scan asked everything answers as each question asked alone", () => {
  fc.assert(
    fc.property(writtenTextArb, (written) => {
      const { text } = written;
      const paths = [...[...written.entries.values()].map((f) => f.path), ...missingPaths(written)];
      const scan = scanJson(text, ALL(paths));
      assert.deepStrictEqual(scan.entries, scanJson(text, { paths }).entries, text);
      assert.deepStrictEqual(scan.repeats, scanJson(text, { repeats: REPEATED_KEYS }).repeats, text);
      assert.deepStrictEqual(scan.comments, scanJson(text, { comments: true }).comments, text);
    }),
    { numRuns: 400 },
  );
});

// Every path into a parsed value, up to `cap` of them, parents before children.
function pathsOf(value: unknown, cap = 2000): ScanPath[] {
  const out: ScanPath[] = [];
  const pending: [ScanPath, unknown][] = [[[], value]];
  for (let next = pending.shift(); next !== undefined && out.length < cap; next = pending.shift()) {
    const [path, at] = next;
    out.push(path);
    if (Array.isArray(at)) at.forEach((item, i) => pending.push([[...path, i], item]));
    else if (typeof at === "object" && at !== null) for (const key of Object.keys(at)) pending.push([[...path, key], (at as Record<string, unknown>)[key]]);
  }
  return out;
}

function fixtureTexts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = join(dir, e.name);
    if (e.isDirectory()) return fixtureTexts(file);
    return /\.json5?$/.test(e.name) ? [file] : [];
  });
}

test("every JSON and JSON5 fixture: one scan asked everything answers as the locator, duplicate-key's scan and the directive reader each do", () => {
  let compared = 0;
  for (const file of fixtureTexts(repoPath("test/fixtures"))) {
    const text = readFileSync(file, "utf8");
    let value: unknown;
    try {
      value = parseJson5(text);
    } catch {
      continue; // a fixture broken on purpose
    }
    const paths = [...pathsOf(value), ["no such key"], [0, 0]];
    const scan = scanJson(text, ALL(paths));
    assert.deepStrictEqual(locatedEntries(scan), locateJsonEntries(text, paths), file);
    assert.deepStrictEqual(repeatedKeysOf(text, scan), repeatedKeys(text), file);
    assert.deepStrictEqual(scannedComments(text, scan), json5Comments(text), file);
    compared++;
  }
  assert.ok(compared > 300, `${compared} fixtures compared`);
});

test("repeats past the limit are counted, not listed", () => {
  const scan = scanJson("{a: 1, a: 2, b: {a: 3, a: 4, a: 5}}", { repeats: { limit: 2, segments: 100 } });
  assert.deepStrictEqual(
    scan.repeats.map((r) => [r.path, r.key, r.at, r.first]),
    [
      [[], "a", 7, 1],
      [["b"], "a", 23, 17],
    ],
  );
  assert.equal(scan.omittedRepeats, 1);
});

test("what is not asked is not answered", () => {
  const text = "{a: 1, a: 2} // c";
  assert.deepStrictEqual(scanJson(text, {}), { entries: [], repeats: [], omittedRepeats: 0, comments: [] });
  assert.deepStrictEqual(scanJson(text, { paths: [["a"]] }).comments, []);
  assert.deepStrictEqual(scanJson(text, { comments: true }).repeats, []);
});

test("asked only for paths, a subtree no path enters is skipped, not lexed; asked for comments, every string is", () => {
  // A raw line break in a string does not lex: lexing the skipped subtree would fail the scan.
  const text = '{skipped: {deep: ["a\nb"]}, target: 1}';
  const [entry] = scanJson(text, { paths: [["target"]] }).entries;
  assert.deepStrictEqual(
    [entry?.key, entry?.value].map((span) => span && text.slice(span.start, span.end)),
    ["target", "1"],
  );
  assert.deepStrictEqual(scanJson(text, { paths: [["target"]], comments: true }).entries, [null]);
});

const LEVELS = 100_000;

test(`${LEVELS} levels deep, everything at once`, () => {
  const text = "{a: /* c */ ".repeat(LEVELS) + "{b: 1, b: 2}" + "}".repeat(LEVELS);
  const path = Array.from({ length: LEVELS }, () => "a");
  const scan = scanJson(text, ALL([[...path, "b"]]));
  const at = 12 * LEVELS;
  assert.deepStrictEqual(scan.entries, [{ key: { start: at + 7, end: at + 8 }, value: { start: at + 10, end: at + 11 } }]);
  assert.equal(scan.repeats.length, 1);
  assert.deepStrictEqual([scan.repeats[0]?.path.length, scan.repeats[0]?.at, scan.repeats[0]?.first], [LEVELS, at + 7, at + 1]);
  assert.equal(scan.comments.length, LEVELS);
  assert.deepStrictEqual(scan.comments[LEVELS - 1], { start: at - 8, end: at - 1 });
});

test("text that does not parse: the comments a lexer of the whole text finds, wherever the structure breaks", () => {
  const cases: [string, string[]][] = [
    ["{1 /* after a number where a key should be */}", ["/* after a number where a key should be */"]],
    ["{a /* no colon */ 1, /* on */}", ["/* no colon */", "/* on */"]],
    ['{a "b" /* a string where the colon should be */}', ["/* a string where the colon should be */"]],
    ["{a\\x: 1 /* after a key that does not lex */}", ["/* after a key that does not lex */"]],
    ['{a: "x\n" /* after a string that does not lex */}', []],
    ["{} /* after the top level */ ] // and more", ["/* after the top level */", "// and more"]],
    ["// first\n{a: /* unterminated", ["// first"]],
    ["{a: / 1} /* lost */", []],
    ["@@ /* after a stray character */", ["/* after a stray character */"]],
  ];
  for (const [text, expected] of cases) {
    const found = scanJson(text, ALL([["a"]]));
    assert.deepStrictEqual(
      found.comments.map(({ start, end }) => text.slice(start, end)),
      expected,
      text,
    );
    assert.equal(found.entries.length, 1);
  }
});

test("text the lexer fails on before the top level closes: no entry is trusted; after it closes, the entries stand", () => {
  for (const text of ["{a: 1, b\\x: 2}", '{a: 1, "never closed', "{a: 1, /* never closed"]) {
    assert.deepStrictEqual(scanJson(text, { paths: [["a"]] }).entries, [null], text);
    assert.deepStrictEqual(scanJson(text, ALL([["a"]])).entries, [null], text);
  }
  assert.deepStrictEqual(scanJson("{a: 1} /* never closed", ALL([["a"]])).entries, [{ key: { start: 1, end: 2 }, value: { start: 4, end: 5 } }]);
});

test("any text: the scan ends without throwing, one entry per path asked", () => {
  const json5ish = fc.string({ unit: fc.constantFrom(..."{}[]:,'\"\\/*\n ab1.-xu"), maxLength: 40 });
  fc.assert(
    fc.property(json5ish, (text) => {
      const found = scanJson(text, ALL([["a"], [0], []]));
      assert.equal(found.entries.length, 3);
      for (const { start, end } of found.comments) assert.ok(start >= 0 && end <= text.length && start < end);
    }),
    { numRuns: 2000 },
  );
});
