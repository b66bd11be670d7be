// The line framer both ends of a module process's channel read through (src/modules/lines.ts):
// whatever the chunks, the lines that come out are the lines that went in, each whole, and
// nothing is a line before its newline.

import assert from "node:assert/strict";
import { test } from "node:test";
import { LineFramer } from "../../src/modules/lines.js";

/** Every line `chunks` make, pushed one by one, reading after each. */
function framed(chunks: readonly Buffer[]): string[] {
  const lines = new LineFramer();
  const out: string[] = [];
  for (const chunk of chunks) {
    lines.push(chunk, chunk.length);
    for (let line = lines.next(); line !== null; line = lines.next()) out.push(line);
  }
  return out;
}

/** `text` cut into chunks of `size` bytes. */
function chunked(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text, "utf8");
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

test("whatever the chunk size, the lines come out whole, a character cut between chunks included", () => {
  const lines = ['{"kind":"ready"}', "", "é — 𝄞 ✓", '{"kind":"result","id":12}', "x".repeat(10_000)];
  const text = lines.map((line) => `${line}\n`).join("");
  for (const size of [1, 2, 3, 7, 64, 4096, text.length]) assert.deepEqual(framed(chunked(text, size)), lines, `chunks of ${size} bytes`);
});

test("nothing is a line until its newline comes", () => {
  const lines = new LineFramer();
  lines.push(Buffer.from("one\ntw"), 6);
  assert.equal(lines.next(), "one");
  assert.equal(lines.next(), null);
  lines.push(Buffer.from("o"), 1);
  assert.equal(lines.next(), null);
  lines.push(Buffer.from("\n"), 1);
  assert.equal(lines.next(), "two");
  assert.equal(lines.next(), null);
});

test("only the bytes given are taken, and copied: a reader may reuse its buffer", () => {
  const lines = new LineFramer();
  const buffer = Buffer.from("abc\ndef");
  lines.push(buffer, 5);
  buffer.fill(0x21);
  buffer.write("ef\n", 0);
  lines.push(buffer, 3);
  assert.deepEqual([lines.next(), lines.next(), lines.next()], ["abc", "def", null]);
});

test("a line of many megabytes in small chunks comes out whole", () => {
  const line = "0123456789".repeat(500_000);
  assert.deepEqual(framed(chunked(`${line}\nnext\n`, 64 * 1024)), [line, "next"]);
});
