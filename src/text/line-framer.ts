// Newline-delimited framing, for both process protocols: the channel between the linter and
// a module process (modules/module-process.ts, modules/child/channel.ts: one message's JSON
// text a line) and a started MCP server's stdout (server/process-transport.ts: one JSON-RPC
// message a line, "\r\n" allowed). LineFramer takes bytes as they come and gives back
// complete lines, decoded as UTF-8. A line longer than its cap is an error the caller
// reports (LineTooLong), never an unbounded buffer or a string past V8's limit: the bytes of
// such a line are dropped as they come, and the lines after it are read as usual. It runs
// inside module processes too, so it calls only built-ins captured when this file is evaluated.

const ReflectApply = Reflect.apply;
const BufferAlloc = Buffer.alloc;
const BufferCopy = Buffer.prototype.copy;
const BufferIndexOf = Buffer.prototype.indexOf;
const BufferLastIndexOf = Buffer.prototype.lastIndexOf;
const BufferSubarray = Buffer.prototype.subarray;
const BufferToString = Buffer.prototype.toString;

const NEWLINE = 10;
const CARRIAGE_RETURN = 13;

/**
 * The longest line read, 64 MiB. A line is one declaration's snapshot or one tools/list
 * answer, which a model reads whole: the largest context windows hold a few MB of text, so
 * no real declaration comes near, while a tools/list of thousands of tools (tens of MB) still
 * passes. It keeps one line's string an eighth of V8's longest (2^29 - 24 characters) and its
 * JSON.parse within the memory of a run.
 */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** The cap in the units people read: "64 MiB". */
function shownBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** A line longer than the framer's cap; thrown by next() where that line comes. */
export class LineTooLong extends Error {
  override readonly name = "LineTooLong";

  constructor(readonly maxLineBytes: number) {
    super(`a line longer than ${shownBytes(maxLineBytes)}`);
  }
}

// Bytes of room kept once everything has been read: more is let go, so one large line does
// not hold its buffer for the rest of the run.
const KEPT_ROOM = 1024 * 1024;

/**
 * Complete lines out of chunks of bytes. The bytes given are copied, so a reader may reuse its
 * buffer; they are held in one buffer that grows by doubling, so a line of any length up to
 * the cap costs time in proportion to its bytes.
 */
export class LineFramer {
  readonly #maxLineBytes: number;
  #bytes: Buffer = BufferAlloc(0);
  // Lengths are kept here, not read from the buffer (a module can replace the getter).
  #room = 0;
  /** The first byte not yet given back in a line. */
  #start = 0;
  /** One past the last byte taken. */
  #end = 0;
  /** No newline lies in [#start, #scanned). */
  #scanned = 0;
  /** Where the line being taken starts: one past the last newline taken. */
  #lineStart = 0;
  /** The line after the bytes held is over the cap: next() says so once it has given back the lines before it. */
  #overLong = false;
  /** The bytes of a line over the cap are being dropped, up to its newline. */
  #dropping = false;

  constructor(maxLineBytes = MAX_LINE_BYTES) {
    this.#maxLineBytes = maxLineBytes;
  }

  /** Takes `bytes[0, length)`. */
  push(bytes: Buffer, length: number): void {
    let from = 0;
    if (this.#dropping) {
      const at = ReflectApply(BufferIndexOf, bytes, [NEWLINE, 0]) as number;
      if (at < 0 || at >= length) return;
      this.#dropping = false;
      from = at + 1;
    }
    if (length <= from) return;
    const last = ReflectApply(BufferLastIndexOf, bytes, [NEWLINE, length - 1]) as number;
    // The line still open after these bytes: the held part of it and what these add.
    const open = last >= from ? length - last - 1 : this.#end - this.#lineStart + length - from;
    if (open > this.#maxLineBytes) {
      // Keep the lines these bytes end, drop the open one: its bytes to come are dropped too.
      if (last < from) {
        this.#end = this.#lineStart;
        if (this.#scanned > this.#end) this.#scanned = this.#end;
      } else this.#take(bytes, from, last + 1);
      this.#lineStart = this.#end;
      this.#overLong = true;
      this.#dropping = true;
      return;
    }
    this.#take(bytes, from, length);
    if (last >= from) this.#lineStart = this.#end - (length - last - 1);
  }

  /**
   * The next complete line, without its "\n" or "\r\n", decoded as UTF-8; null until more bytes
   * come. Throws LineTooLong where a line over the cap comes (the lines before it first); the
   * lines after it follow.
   */
  next(): string | null {
    const taken = ReflectApply(BufferSubarray, this.#bytes, [0, this.#end]) as Buffer;
    const at = ReflectApply(BufferIndexOf, taken, [NEWLINE, this.#scanned]) as number;
    if (at < 0) {
      this.#scanned = this.#end;
      if (this.#overLong) {
        this.#overLong = false;
        if (this.#start === this.#end) this.#empty();
        throw new LineTooLong(this.#maxLineBytes);
      }
      return null;
    }
    const start = this.#start;
    this.#start = at + 1;
    this.#scanned = at + 1;
    const end = at > start && this.#bytes[at - 1] === CARRIAGE_RETURN ? at - 1 : at;
    // A line inside one large chunk is measured here.
    const line = at - start > this.#maxLineBytes ? null : (ReflectApply(BufferToString, this.#bytes, ["utf8", start, end]) as string);
    if (this.#start === this.#end) this.#empty();
    if (line === null) throw new LineTooLong(this.#maxLineBytes);
    return line;
  }

  /** Copies `bytes[from, to)` after the bytes held. */
  #take(bytes: Buffer, from: number, to: number): void {
    if (to <= from) return;
    if (this.#end + (to - from) > this.#room) this.#makeRoom(to - from);
    ReflectApply(BufferCopy, bytes, [this.#bytes, this.#end, from, to]);
    this.#end += to - from;
  }

  /** Room for `length` more bytes after the unread ones, which move to the front. */
  #makeRoom(length: number): void {
    const unread = this.#end - this.#start;
    const needed = unread + length;
    let bytes = this.#bytes;
    if (needed > this.#room) {
      this.#room = needed > 2 * this.#room ? needed : 2 * this.#room;
      bytes = BufferAlloc(this.#room);
    }
    // Copying within one buffer moves the bytes as memmove does.
    ReflectApply(BufferCopy, this.#bytes, [bytes, 0, this.#start, this.#end]);
    this.#bytes = bytes;
    this.#scanned -= this.#start;
    this.#lineStart -= this.#start;
    this.#start = 0;
    this.#end = unread;
  }

  #empty(): void {
    this.#start = 0;
    this.#end = 0;
    this.#scanned = 0;
    this.#lineStart = 0;
    if (this.#room > KEPT_ROOM) {
      this.#bytes = BufferAlloc(0);
      this.#room = 0;
    }
  }
}
