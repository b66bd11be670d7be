// The framing of a stdio server's stdout: one JSON-RPC message per line. Kept here rather than
// in the SDK's ReadBuffer, which refuses a message over 10 MB by throwing out of the data
// handler and copies its whole buffer on every chunk: a server with a few thousand tools
// answers tools/list in one line of tens of megabytes. Chunks are kept as they came and
// joined once a line ends, so a message costs time linear in its size. Above a bound a line
// is refused, so a server that never ends a line cannot exhaust our memory. Used by
// process-transport.ts.

/** The longest line read: far beyond any real tools/list, well below a JavaScript string's limit. */
export const MAX_LINE_BYTES = 256 * 1024 * 1024;

export class JsonLines {
  private chunks: Buffer[] = [];
  private pending = 0;

  constructor(private readonly maxLineBytes = MAX_LINE_BYTES) {}

  /**
   * The complete lines `chunk` ends (without "\r\n" or "\n"), in order; throws LineTooLong
   * when the line being read grows past the bound (the buffer is then emptied).
   */
  append(chunk: Buffer): string[] {
    const lines: string[] = [];
    let from = 0;
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, from)) {
      this.keep(chunk.subarray(from, at));
      const line = Buffer.concat(this.chunks, this.pending).toString("utf8");
      lines.push(line.endsWith("\r") ? line.slice(0, -1) : line);
      this.clear();
      from = at + 1;
    }
    if (from < chunk.length) this.keep(chunk.subarray(from));
    return lines;
  }

  clear(): void {
    this.chunks = [];
    this.pending = 0;
  }

  private keep(part: Buffer): void {
    if (this.pending + part.length > this.maxLineBytes) {
      this.clear();
      throw new LineTooLong(this.maxLineBytes);
    }
    if (part.length > 0) this.chunks.push(part);
    this.pending += part.length;
  }
}

export class LineTooLong extends Error {
  override readonly name = "LineTooLong";

  constructor(readonly maxLineBytes: number) {
    super(`the server wrote a message longer than ${maxLineBytes / (1024 * 1024)} MB`);
  }
}
