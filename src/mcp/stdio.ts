// The MCP server's stdio (docs/mcp.md, "Limits"): JSON-RPC messages one a line, read from
// stdin by text/line-framer.ts and written to stdout as the SDK writes them. It takes the SDK's
// StdioServerTransport's place for what that one does not do: a message over the size limit
// is answered with an error naming the limit (to the request's id, read from the message's
// ends), never a session ended without a word; a line that is no JSON-RPC message is answered
// with a parse error; and the session ends quietly when stdin ends or stdout closes.

import type { Readable, Writable } from "node:stream";
import { deserializeMessage, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { LineFramer, LineTooLong } from "../text/line-framer.js";

type JSONRPCMessage = Parameters<Transport["send"]>[0];
type RequestId = string | number;

/**
 * The longest message read or written, 10 MiB: the SDK's own stdio limit, so an answer any SDK
 * client reads, and a text to lint far larger than any declaration.
 */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Bytes kept of each end of a line: enough for the members a request names before or after its params. */
const END_BYTES = 256;

// The id of a request as the first member after "jsonrpc" and "method", or as the last member.
const ID_FIRST = /^\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"[^"\\]*"\s*,)*\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/;
const ID_LAST = /[{,]\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/;

/** The id of the request a line too long to read holds, from its first and last bytes; undefined when neither end shows one. */
export function requestIdOf(head: string, tail: string): RequestId | undefined {
  const found = ID_FIRST.exec(head)?.[1] ?? ID_LAST.exec(tail)?.[1];
  if (found === undefined) return undefined;
  try {
    return JSON.parse(found) as RequestId;
  } catch {
    return undefined;
  }
}

/** The first and last bytes and the length of the line being read: what answers a line the framer drops. */
class LineEnds {
  #head = Buffer.alloc(0);
  #tail = Buffer.alloc(0);
  #length = 0;

  /** Takes `chunk`; `over(head, tail, length)` for each line it ends that is longer than `limit` bytes. */
  push(chunk: Buffer, limit: number, over: (head: string, tail: string, length: number) => void): void {
    let from = 0;
    for (;;) {
      const at = chunk.indexOf(10, from);
      this.#add(chunk.subarray(from, at < 0 ? chunk.length : at));
      if (at < 0) return;
      if (this.#length > limit) over(this.#head.toString("utf8"), this.#tail.toString("utf8"), this.#length);
      this.#head = Buffer.alloc(0);
      this.#tail = Buffer.alloc(0);
      this.#length = 0;
      from = at + 1;
    }
  }

  #add(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.#length += bytes.length;
    if (this.#head.length < END_BYTES) this.#head = Buffer.concat([this.#head, bytes.subarray(0, END_BYTES - this.#head.length)]);
    this.#tail = Buffer.from(bytes.length >= END_BYTES ? bytes.subarray(bytes.length - END_BYTES) : Buffer.concat([this.#tail, bytes]).subarray(-END_BYTES));
  }
}

const MIB = 1024 * 1024;
const shownSize = (bytes: number): string => `${(bytes / MIB).toFixed(1)} MiB`;

/** The SDK's Transport on a pair of streams (stdin and stdout by default). */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #input: Readable;
  readonly #output: Writable;
  readonly #limit: number;
  readonly #lines: LineFramer;
  readonly #ends = new LineEnds();
  #closed = false;
  readonly #onData = (chunk: Buffer): void => this.#read(chunk);
  readonly #onEnd = (): void => void this.close();

  constructor(input: Readable = process.stdin, output: Writable = process.stdout, limit = MAX_MESSAGE_BYTES) {
    this.#input = input;
    this.#output = output;
    this.#limit = limit;
    this.#lines = new LineFramer(limit);
  }

  async start(): Promise<void> {
    this.#input.on("data", this.#onData);
    this.#input.once("end", this.#onEnd);
    this.#input.once("error", this.#onEnd);
    // A client that closes our stdout (EPIPE at the next write) has gone: the session ends, quietly.
    this.#output.on("error", this.#onEnd);
  }

  #read(chunk: Buffer): void {
    this.#ends.push(chunk, this.#limit, (head, tail, length) => {
      const id = requestIdOf(head, tail);
      const message = `The message (${shownSize(length)}) is over the server's limit of ${shownSize(this.#limit)} a message, and was not read: send less (lint a large file on disk with lint_files).`;
      this.#answerError(id, ErrorCode.InvalidRequest, message);
    });
    this.#lines.push(chunk, chunk.length);
    for (;;) {
      let line: string | null;
      try {
        line = this.#lines.next();
      } catch (error) {
        // Answered above, once the line has ended.
        if (error instanceof LineTooLong) continue;
        throw error;
      }
      if (line === null) return;
      if (line.trim() === "") continue;
      let message: JSONRPCMessage;
      try {
        message = deserializeMessage(line);
      } catch {
        this.#answerError(undefined, ErrorCode.ParseError, "The line is not a JSON-RPC message: each line must be one JSON-RPC request, notification or response.");
        continue;
      }
      this.onmessage?.(message);
    }
  }

  #answerError(id: RequestId | undefined, code: number, message: string): void {
    void this.send({ jsonrpc: "2.0", ...(id === undefined ? {} : { id }), error: { code, message } } as JSONRPCMessage);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed || this.#output.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      // A write that fails ends the session (the "error" listener); the caller has nothing to retry.
      this.#output.write(serializeMessage(message), () => resolve());
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#input.off("data", this.#onData);
    this.#input.off("end", this.#onEnd);
    this.#input.off("error", this.#onEnd);
    this.#input.pause();
    this.onclose?.();
  }
}
