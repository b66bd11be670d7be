// decode (src/action-file/decode.ts): valid UTF-8 becomes the string Node's own decoding gives,
// whichever way it is decoded (ASCII, or transcoded to UTF-16 for any other character), with a
// byte order mark stripped; what is no UTF-8 text is the file's parse-error.

import assert from "node:assert/strict";
import { test } from "node:test";
import { decode } from "../../src/action-file/decode.js";

const TEXTS: Readonly<Record<string, string>> = {
  ASCII: '{"search": {"description": "Search the catalogue", "properties": {}}}\n',
  "Latin-1 letters": '{"recherche": {"description": "Cherche un café", "properties": {}}}',
  "dashes and arrows": '{"a": {"description": "one — two – three → four…", "properties": {}}}',
  "astral characters": '{"a": {"description": "💡 tip: 𝒳 and 🧪", "properties": {}}}',
  "line and paragraph separators": '{"a": {"description": "x\u2028y\u2029z", "properties": {}}}',
  "CJK at the very end": '{"a": {"description": "検索"}}',
  empty: "",
};

for (const [name, text] of Object.entries(TEXTS)) {
  test(`decode gives the text of valid UTF-8: ${name}`, () => {
    const bytes = Buffer.from(text, "utf8");
    assert.deepEqual(decode(bytes), { text });
    assert.deepEqual(decode(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes])), { text });
  });
}

test("decode gives a parse-error for bytes that are no UTF-8 text", () => {
  for (const bytes of [Buffer.from([0x7b, 0xc3, 0x28, 0x7d]), Buffer.from([0x7b, 0x00, 0x7d]), Buffer.from([0xff, 0xfe, 0x7b, 0x00])]) {
    const decoded = decode(bytes);
    assert.ok("offence" in decoded);
    assert.equal(decoded.offence.code, "parse-error");
  }
});
