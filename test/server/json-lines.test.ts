// The framing of a stdio server's messages (src/server/json-lines.ts): lines split across
// chunks and several in one chunk, CRLF, and a line past the bound refused.

import assert from "node:assert/strict";
import { test } from "node:test";
import { JsonLines, LineTooLong } from "../../src/server/json-lines.js";

test("lines come whole whatever the chunks: split, several at once, CRLF", () => {
  const lines = new JsonLines();
  assert.deepEqual(lines.append(Buffer.from('{"a":')), []);
  assert.deepEqual(lines.append(Buffer.from('1}\r\n{"b":2}\n{"c"')), ['{"a":1}', '{"b":2}']);
  assert.deepEqual(lines.append(Buffer.from(":3}\n")), ['{"c":3}']);
});

test("a line past the bound is refused, and the next one is read", () => {
  const lines = new JsonLines(8);
  assert.throws(() => lines.append(Buffer.from("0123456789")), LineTooLong);
  assert.deepEqual(lines.append(Buffer.from("\n{}\n")), ["", "{}"]);
});
