// The module process's side of its private channel to the linter: one JSON text per line,
// written and read synchronously on file descriptors the linter opened for it (never
// stdout or stderr, which carry only what modules print). Built-ins are captured when this
// file is evaluated, before any module is imported. Used by module-process.ts and, for
// TypeScript, by ts-hooks.ts on the loader-hooks thread (with its own pair of descriptors).

import { readSync, writeSync } from "node:fs";
import type { TranspileAnswer } from "../protocol.js";

const ReflectApply = Reflect.apply;
const BufferAlloc = Buffer.alloc;
const BufferConcat = Buffer.concat;
const BufferIndexOf = Buffer.prototype.indexOf;
const BufferSubarray = Buffer.prototype.subarray;
const BufferToString = Buffer.prototype.toString;
const BufferFrom = Buffer.from;
const JSONParse = JSON.parse;
const stringify = JSON.stringify;
const AtomicsWait = Atomics.wait;
const pause = new Int32Array(new SharedArrayBuffer(4));

export interface LineReader {
  /** The next line, parsed; null at the end of the channel. */
  next(): unknown;
}

export function lineReader(fd: number): LineReader {
  let held: Buffer = BufferAlloc(0);
  const chunk = BufferAlloc(64 * 1024);
  return {
    next(): unknown {
      for (;;) {
        const end = ReflectApply(BufferIndexOf, held, [10]) as number;
        if (end >= 0) {
          const line = ReflectApply(BufferToString, ReflectApply(BufferSubarray, held, [0, end]), ["utf8"]) as string;
          held = ReflectApply(BufferSubarray, held, [end + 1]) as Buffer;
          return JSONParse(line);
        }
        let n: number;
        try {
          n = readSync(fd, chunk, 0, chunk.length, null);
        } catch (error) {
          // A descriptor some runtime made non-blocking: wait a moment and read again.
          if ((error as { code?: unknown }).code !== "EAGAIN") throw error;
          AtomicsWait(pause, 0, 0, 2);
          continue;
        }
        if (n === 0) return null;
        held = BufferConcat([held, ReflectApply(BufferSubarray, chunk, [0, n]) as Buffer]);
      }
    },
  };
}

/** Writes one line (JSON text without raw newlines) whole. */
export function writeLine(fd: number, json: string): void {
  const bytes = BufferFrom(`${json}\n`, "utf8");
  let done = 0;
  while (done < bytes.length) {
    try {
      done += writeSync(fd, bytes, done, bytes.length - done);
    } catch (error) {
      if ((error as { code?: unknown }).code !== "EAGAIN") throw error;
      AtomicsWait(pause, 0, 0, 2);
    }
  }
}

/** Asks the linter to transpile TypeScript (one transformer for the whole run) and waits for the answer. */
export function transpileRequest(out: number, reader: LineReader, file: string, source: string, format: "esm" | "cjs"): string {
  writeLine(out, `{"transpile":{"file":${stringify(file)},"source":${stringify(source)},"format":"${format}"}}`);
  const answer = reader.next() as TranspileAnswer | null;
  if (answer === null) throw new Error("the linter closed the channel");
  if (typeof answer.code === "string") return answer.code;
  const error = new Error(typeof answer.error === "string" ? answer.error : "transpiling failed");
  error.name = "TransformError";
  // The error's place as data, for the import's answer (main.ts): an own property survives
  // the way from the loader-hooks thread, where the ES module loader throws it.
  (error as { syntaxError?: unknown }).syntaxError = { at: answer.at ?? null };
  throw error;
}
