// A file's bytes as the text the linter reads and edits: UTF-8, without the byte order mark,
// which is kept apart so that --fix writes it back. Offsets of positions and edits count in
// this text. Used for tool modules (read by the run and by --fix) and by --fix for every file.

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The bytes as text without a leading byte order mark, and the mark to put back (empty when there was none). */
export function textOf(bytes: Uint8Array): { text: string; bom: Buffer } {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return {
    text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      .subarray(bom ? 3 : 0)
      .toString("utf8"),
    bom: bom ? BOM : Buffer.alloc(0),
  };
}
