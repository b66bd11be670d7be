// The line framer both process protocols read through (src/text/line-framer.ts): whatever the
// chunks, the lines that come out are the lines that went in, each whole, without "\n" or
// "\r\n", and nothing is a line before its newline; a line over the cap is one LineTooLong,
// in its place, its bytes never held, and the lines after it come out as usual.

import assert from "node:assert/strict";
import { test } from "node:test";
import { LineFramer, LineTooLong, MAX_LINE_BYTES } from "../../src/text/line-framer.js";

/** What `chunks` make, pushed one by one, reading after each: each line, or TOO LONG. */
function framed(chunks: readonly Buffer[], framer = new LineFramer()): string[] {
  const out: string[] = [];
  for (const chunk of chunks) {
    framer.push(chunk, chunk.length);
    for (;;) {
      try {
        const line = framer.next();
        if (line === null) break;
        out.push(line);
      } catch (error) {
        assert.ok(error instanceof LineTooLong);
        out.push("TOO LONG");
      }
    }
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

test("nothing is a line until its newline comes; CRLF ends a line as LF does", () => {
  const lines = new LineFramer();
  lines.push(Buffer.from("one\ntw"), 6);
  assert.equal(lines.next(), "one");
  assert.equal(lines.next(), null);
  lines.push(Buffer.from("o\r"), 2);
  assert.equal(lines.next(), null);
  lines.push(Buffer.from("\n"), 1);
  assert.equal(lines.next(), "two");
  assert.equal(lines.next(), null);
  assert.deepEqual(framed([Buffer.from('{"a":'), Buffer.from('1}\r\n{"b":2}\n{"c"'), Buffer.from(":3}\n\r\n")]), ['{"a":1}', '{"b":2}', '{"c":3}', ""]);
  // Only a CR right before the newline is part of the line ending.
  assert.deepEqual(framed([Buffer.from("a\rb\n\r\r\n")]), ["a\rb", "\r"]);
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

test("a line over the cap is one LineTooLong in its place, whether it arrives in pieces or in one chunk; the lines around it come out", () => {
  const cap = 8;
  for (const size of [1, 3, 5, 100]) {
    const text = "short\n0123456789\nok\n12345678\n\n123456789abcdef";
    assert.deepEqual(framed(chunked(text, size), new LineFramer(cap)), ["short", "TOO LONG", "ok", "12345678", "", "TOO LONG"], `chunks of ${size} bytes`);
  }
  // Reported once the open line passes the cap, before its newline comes; its rest is dropped.
  const lines = new LineFramer(cap);
  lines.push(Buffer.from("a\n0123456789"), 12);
  assert.equal(lines.next(), "a");
  assert.throws(
    () => lines.next(),
    (error: unknown) => error instanceof LineTooLong && error.message === "a line longer than 8 bytes",
  );
  assert.equal(lines.next(), null);
  lines.push(Buffer.from("more bytes of it"), 16);
  assert.equal(lines.next(), null);
  lines.push(Buffer.from("\n{}\n"), 4);
  assert.deepEqual([lines.next(), lines.next()], ["{}", null]);
  // At the cap exactly, a line is read, whole or in pieces.
  assert.deepEqual(framed([Buffer.from("12345678\n")], new LineFramer(cap)), ["12345678"]);
  assert.deepEqual(framed(chunked("1234\n12345678\n", 3), new LineFramer(cap)), ["1234", "12345678"]);
});

test("600 MB with no newline: no string too long and no buffer of it, one LineTooLong at the default cap of 64 MiB", () => {
  assert.equal(MAX_LINE_BYTES, 64 * 1024 * 1024);
  const lines = new LineFramer();
  // One 1 MiB buffer, reused as a reader would: 600 pushes.
  const chunk = Buffer.alloc(1024 * 1024, 0x61);
  let thrown = 0;
  let pushed = 0;
  const heapBefore = process.memoryUsage().arrayBuffers;
  let largest = 0;
  for (let i = 0; i < 600; i++) {
    lines.push(chunk, chunk.length);
    pushed += chunk.length;
    try {
      assert.equal(lines.next(), null);
    } catch (error) {
      assert.ok(error instanceof LineTooLong, String(error));
      assert.equal(error.message, "a line longer than 64 MiB");
      // Said as soon as the line passed the cap.
      assert.equal(pushed, MAX_LINE_BYTES + chunk.length);
      thrown++;
    }
    largest = Math.max(largest, process.memoryUsage().arrayBuffers - heapBefore);
  }
  assert.equal(thrown, 1);
  // What it holds is bounded by the cap, never the 600 MB sent (buffers it let go may await the collector).
  assert.ok(largest < 300 * 1024 * 1024, `${largest} bytes held`);
  lines.push(Buffer.from("\nafter\n"), 7);
  assert.deepEqual([lines.next(), lines.next()], ["after", null]);
});
