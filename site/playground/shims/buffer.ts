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
