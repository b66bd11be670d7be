// Locations in Elixir access syntax and the escaping every output relies on (docs/locations.md).

import assert from "node:assert/strict";
import { test } from "node:test";
import { renderLocation } from "../../src/index.js";
import { escapeText, inspectAtom, inspectString } from "../../src/text/escape.js";
import { comparePaths } from "../../src/core/path.js";

test("paths render as Elixir access syntax", () => {
  assert.equal(renderLocation([]), "");
  assert.equal(renderLocation(["notes"]), ":notes");
  assert.equal(renderLocation(["properties", "o", "items"]), ':properties["o"]["items"]');
  assert.equal(renderLocation(["defaults", "list", 1]), ':defaults["list"][1]');
  assert.equal(renderLocation(["required_one_of"]), ":required_one_of");
  assert.equal(renderLocation(["foo bar"]), ':"foo bar"');
  assert.equal(renderLocation(["ok?"]), ":ok?");
  assert.equal(renderLocation(["a@b!"]), ":a@b!");
  assert.equal(renderLocation(["9lives"]), ':"9lives"');
});

test("atoms are bare only when Elixir would write them bare", () => {
  for (const bare of ["example", "_x", "A1", "x@y", "ok?", "go!"]) assert.equal(inspectAtom(bare), `:${bare}`);
  for (const quoted of ["", "a-b", "a b", "?x", "x?y", "é", "1a"]) assert.equal(inspectAtom(quoted), `:${inspectString(quoted)}`);
});

test("quoted strings escape quotes, backslashes, interpolation and every control", () => {
  assert.equal(inspectString('a"b\\c#{d}'), '"a\\"b\\\\c\\#{d}"');
  assert.equal(inspectString("\n\t\r"), '"\\n\\t\\r"');
  assert.equal(inspectString("\u0000\u001b[2J\u007f\u0085\u009f"), '"\\u{0}\\u{1B}[2J\\u{7F}\\u{85}\\u{9F}"');
  assert.equal(inspectString("\u2028\u2029"), '"\\u{2028}\\u{2029}"');
  assert.equal(inspectString("\u202a\u202e\u2066\u2069"), '"\\u{202A}\\u{202E}\\u{2066}\\u{2069}"');
  assert.equal(inspectString("#"), '"#"');
  assert.equal(inspectString("é ✓ 😀"), '"é ✓ 😀"');
});

test("a hostile key cannot reach a location raw", () => {
  const location = renderLocation(["properties", "\u001b[2J::error::x\n"]);
  assert.equal(location, ':properties["\\u{1B}[2J::error::x\\n"]');
  assert.doesNotMatch(location, /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
});

test("free text is escaped without quotes", () => {
  assert.equal(escapeText("plain"), "plain");
  assert.equal(escapeText("a\nb\u001b"), "a\\nb\\u{1B}");
});

test("paths compare segment by segment: integers first, UTF-16 order, prefix first", () => {
  const sorted = [["b"], ["a", "x"], ["a"], ["a", 2], ["a", 10], ["B"], ["a", "é"], ["a", "\uffff"], ["a", "😀"]].sort(comparePaths);
  assert.deepEqual(sorted, [["B"], ["a"], ["a", 2], ["a", 10], ["a", "x"], ["a", "é"], ["a", "😀"], ["a", "\uffff"], ["b"]]);
});
