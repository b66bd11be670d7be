// node:buffer in the playground, and the global Buffer the core's text scanning uses: the
// buffer package, the browser's well-kept port of Node's Buffer.
import { Buffer } from "buffer";

(globalThis as { Buffer?: unknown }).Buffer ??= Buffer;
export { Buffer };

/** Whether `bytes` are well-formed UTF-8, as node:buffer's isUtf8 answers: the browser's fatal decoder. */
export function isUtf8(bytes: ArrayBufferView | ArrayBuffer): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Whether `bytes` are all ASCII, as node:buffer's isAscii answers. */
export function isAscii(bytes: ArrayBufferView | ArrayBuffer): boolean {
  const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const byte of view) if (byte >= 0x80) return false;
  return true;
}

/** The browser has no transcode (Node has it with ICU): the core then decodes with the Buffer's own UTF-8. */
export const transcode: undefined = undefined;
