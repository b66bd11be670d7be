// The module process's end of its private channel to the linter: messages (protocol.ts), one a
// line (text/line-framer.ts), written and read synchronously on file descriptors the linter opened for
// it (never stdout or stderr, which carry only what modules print). Built-ins are captured
// when this file is evaluated, before any module is imported. Used by main.ts and, for
// TypeScript, by ts-hooks.ts on the loader-hooks thread (with its own pair of descriptors).

import { readSync, writeSync } from "node:fs";
import type { ModuleFormat } from "../module-format.js";
import { LineFramer } from "../../text/line-framer.js";
import { decodeLinterMessage, encodeTranspileRequest, type JsonText, type LinterMessage } from "../protocol.js";

// Copies, not the live bindings of node:fs, which a module's syncBuiltinESMExports() would change.
const fsReadSync = readSync;
const fsWriteSync = writeSync;
const BufferAlloc = Buffer.alloc;
const BufferFrom = Buffer.from;
const BufferByteLength = Buffer.byteLength;
const AtomicsWait = Atomics.wait;
const pause = new Int32Array(new SharedArrayBuffer(4));
const CHUNK = 64 * 1024;

export interface MessageReader {
  /** The next message from the linter; null at the end of the channel. */
  next(): LinterMessage | null;
}

/** Reads the linter's messages from `fd`, blocking until each has come whole. */
export function messageReader(fd: number): MessageReader {
  const lines = new LineFramer();
  const chunk = BufferAlloc(CHUNK);
  return {
    next(): LinterMessage | null {
      let line = lines.next();
      for (; line === null; line = lines.next()) {
        let n: number;
        try {
          n = fsReadSync(fd, chunk, 0, CHUNK, null);
        } catch (error) {
          // A descriptor some runtime made non-blocking: wait a moment and read again.
          if ((error as { code?: unknown }).code !== "EAGAIN") throw error;
          AtomicsWait(pause, 0, 0, 2);
          continue;
        }
        if (n === 0) return null;
        lines.push(chunk, n);
      }
      return decodeLinterMessage(line);
    },
  };
}

/** Writes one message as a line, whole. */
export function send(fd: number, message: JsonText<unknown>): void {
  const line = `${message}\n`;
  const bytes = BufferFrom(line, "utf8");
  let done = 0;
  for (let left = BufferByteLength(line, "utf8"); left > 0; ) {
    try {
      const n = fsWriteSync(fd, bytes, done, left);
      done += n;
      left -= n;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "EAGAIN") throw error;
      AtomicsWait(pause, 0, 0, 2);
    }
  }
}

/** Asks the linter to transpile TypeScript (one transformer for the whole run) and waits for the answer. */
export function transpileRequest(out: number, reader: MessageReader, file: string, source: string, format: ModuleFormat): string {
  send(out, encodeTranspileRequest(file, source, format));
  const answer = reader.next();
  if (answer === null) throw new Error("the linter closed the channel");
  if (answer.kind === "transpiled") return answer.code;
  const failed = answer.kind === "transpile-failed" ? answer : null;
  const error = new Error(failed !== null ? failed.error : "the linter answered a transpile request with a job");
  error.name = "TransformError";
  // The error's place as data, for the import's answer (main.ts): an own property survives
  // the way from the loader-hooks thread, where the ES module loader throws it.
  (error as { syntaxError?: unknown }).syntaxError = { at: failed?.at ?? null };
  throw error;
}
