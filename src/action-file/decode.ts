// An action file's bytes as text: UTF-8 with the byte order mark stripped, no NUL byte.
// Every way it can fail (UTF-16, a binary file, invalid UTF-8, a file that cannot be read)
// is the file's parse-error, with the position of the first bad byte where there is one.

import { isAscii, isUtf8, transcode } from "node:buffer";
import { readFileSync } from "node:fs";
import { describeThrown } from "../core/escape.js";
import type { Offence } from "../core/offence.js";
import { positionsAt, type Position } from "../text/positions.js";
import { parseError } from "./parse-error.js";

/** Line and column (UTF-16 units, 1-based) of a byte offset, for the rare failure paths. */
function bytePosition(bytes: Uint8Array, offset: number): Position {
  const before = Buffer.from(bytes.buffer, bytes.byteOffset, offset).toString("utf8");
  return positionsAt(before, [before.length])[0] as Position;
}

/** Offset of the first byte that does not start a well-formed UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    const extra = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
    if (extra === 0) return i;
    // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
    const low = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const high = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k <= extra; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += extra + 1;
  }
  return -1;
}

const UTF8_FIX = "Save the file as UTF-8 text.";

// Past this size a file is decoded by V8 itself: transcoding holds a UTF-16 copy of the whole
// file beside its string, twice its size in bytes, which would raise the peak memory of a run
// on one large file.
const TRANSCODED_BYTES = 16 * 1024 * 1024;

/**
 * Valid UTF-8 as a string. V8 decodes text with any non-ASCII character at about 25
 * instructions a byte; Node's transcode to UTF-16 (simdutf, where Node has ICU) and the copy
 * into a string cost a small fraction of that (bench/README.md). Both give the same string.
 */
function utf8Text(body: Buffer): string {
  if (isAscii(body) || body.length > TRANSCODED_BYTES || typeof transcode !== "function") return body.toString("utf8");
  return transcode(body, "utf8", "utf16le").toString("utf16le");
}

/** The file's text: UTF-8, BOM stripped, no NUL byte. */
export function decode(bytes: Buffer): { text: string } | { offence: Offence } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return parseError("is encoded as UTF-16, not UTF-8", UTF8_FIX, { line: 1, column: 1 });
  }
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  const nul = body.indexOf(0);
  if (nul >= 0) {
    return parseError("is not text: it holds a NUL byte (a binary file?)", "Lint the action file itself, saved as UTF-8 JSON or JSON5.", bytePosition(body, nul));
  }
  if (!isUtf8(body)) {
    const at = firstInvalidUtf8(body);
    const shown = `0x${(body[at] ?? 0).toString(16).toUpperCase().padStart(2, "0")}`;
    return parseError(`is not valid UTF-8 (byte ${shown})`, UTF8_FIX, bytePosition(body, at < 0 ? 0 : at));
  }
  return { text: utf8Text(body) };
}

/** The file's text, decoded (see decode); a file that cannot be read is a parse-error. */
export function readText(path: string | Buffer): { text: string } | { offence: Offence } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const reason =
      code === "EACCES" || code === "EPERM" ? "permission denied" : code === "EISDIR" ? "it is a directory" : code === "ENOENT" ? "it no longer exists" : describeThrown(error);
    return parseError(`cannot be read: ${reason}`, "Make the file readable by the user running wymcp-lint.");
  }
  return decode(bytes);
}
