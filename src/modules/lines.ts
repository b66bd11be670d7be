// Line framing on the channel between the linter and a module process, for both ends: a line
// is one message's JSON text and "\n" (JSON text holds no raw newline). LineFramer takes bytes
// as they come and gives back complete lines; the module process reads through it
// synchronously (child/channel.ts), the linter from a stream (module-process.ts). It runs
// inside module processes, so it calls only built-ins captured when this file is evaluated.

const ReflectApply = Reflect.apply;
const BufferAlloc = Buffer.alloc;
const BufferCopy = Buffer.prototype.copy;
const BufferIndexOf = Buffer.prototype.indexOf;
const BufferSubarray = Buffer.prototype.subarray;
const BufferToString = Buffer.prototype.toString;

/** The byte that ends a line. */
export const NEWLINE = 10;

// Bytes of room kept once everything has been read: more is let go, so one large answer does
// not hold its buffer for the rest of the run.
const KEPT_ROOM = 1024 * 1024;

/**
 * Complete lines out of chunks of bytes. The bytes given are copied, so a reader may reuse its
 * buffer; they are held in one buffer that grows by doubling, so a line of any length costs
 * time in proportion to its bytes.
 */
export class LineFramer {
  #bytes: Buffer = BufferAlloc(0);
  // Lengths are kept here, not read from the buffer (a module can replace the getter).
  #room = 0;
  /** The first byte not yet given back in a line. */
  #start = 0;
  /** One past the last byte taken. */
  #end = 0;
  /** No newline lies in [#start, #scanned). */
  #scanned = 0;

  /** Takes `bytes[0, length)`. */
  push(bytes: Buffer, length: number): void {
    if (length <= 0) return;
    if (this.#end + length > this.#room) this.#makeRoom(length);
    ReflectApply(BufferCopy, bytes, [this.#bytes, this.#end, 0, length]);
    this.#end += length;
  }

  /** The next complete line, without its newline, decoded as UTF-8; null until more bytes come. */
  next(): string | null {
    const taken = ReflectApply(BufferSubarray, this.#bytes, [0, this.#end]) as Buffer;
    const at = ReflectApply(BufferIndexOf, taken, [NEWLINE, this.#scanned]) as number;
    if (at < 0) {
      this.#scanned = this.#end;
      return null;
    }
    const line = ReflectApply(BufferToString, this.#bytes, ["utf8", this.#start, at]) as string;
    this.#start = at + 1;
    this.#scanned = at + 1;
    if (this.#start === this.#end) this.#empty();
    return line;
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
    this.#start = 0;
    this.#end = unread;
  }

  #empty(): void {
    this.#start = 0;
    this.#end = 0;
    this.#scanned = 0;
    if (this.#room > KEPT_ROOM) {
      this.#bytes = BufferAlloc(0);
      this.#room = 0;
    }
  }
}
