// The checksum of the code cache and the build identity (src/engine/checksum.ts): FNV-1a's
// offset basis for nothing, FNV-1a itself for fewer than four bytes, a change of any one byte
// seen, the same sum wherever the bytes sit in memory, and a sum continued over parts.

import assert from "node:assert/strict";
import { test } from "node:test";
import { checksum } from "../../src/engine/checksum.js";

test("no bytes give FNV-1a's offset basis; fewer than four give FNV-1a's own sum", () => {
  assert.equal(checksum(new Uint8Array()), 0x811c9dc5);
  // Published FNV-1a 32-bit test vectors.
  assert.equal(checksum(Buffer.from("a")), 0xe40c292c);
  assert.equal(checksum(Buffer.from("foo")), 0xa9f37ed7);
});

test("changing any one byte of a chunk-sized text changes its sum", () => {
  const bytes = Buffer.from("(function (exports, require) { module.exports = 42; });\n".repeat(40));
  const sum = checksum(bytes);
  for (let i = 0; i < bytes.length; i++) {
    const changed = Buffer.from(bytes);
    changed[i] = (changed[i] as number) ^ 1;
    assert.notEqual(checksum(changed), sum, `byte ${i}`);
  }
});

test("the same bytes give the same sum at an aligned and an unaligned place in memory", () => {
  const text = Buffer.from("an action file's bytes, of no length in particular");
  const unaligned = new Uint8Array(text.length + 1).subarray(1);
  unaligned.set(text);
  assert.equal(unaligned.byteOffset % 4, 1);
  assert.equal(checksum(unaligned), checksum(new Uint8Array(text)));
});

test("a sum continued from another's differs from each part's own and is the same each time", () => {
  const first = Buffer.from("dist/bundle/cli.cjs");
  const second = Buffer.from("module.exports = {};");
  const continued = checksum(second, checksum(first));
  assert.equal(checksum(second, checksum(first)), continued);
  assert.notEqual(continued, checksum(second));
  assert.notEqual(continued, checksum(first));
});
