// The last lines a server wrote on its stderr, kept so that an error about the server can
// show why it failed ("the server's stderr ended with: …"). Bounded, whatever the server
// writes; shown escaped, like every other text that is not ours.

import { escapeText } from "../text/escape.js";

const KEPT_BYTES = 4096;
const SHOWN_LINES = 10;

export class StderrTail {
  private kept: Buffer = Buffer.alloc(0);

  append(chunk: Buffer): void {
    const joined = Buffer.concat([this.kept, chunk]);
    this.kept = joined.length > KEPT_BYTES ? joined.subarray(joined.length - KEPT_BYTES) : joined;
  }

  /** The last lines, each escaped (so a server cannot write terminal escapes through us); [] when it wrote nothing. */
  lines(): string[] {
    const lines = this.kept
      .toString("utf8")
      .split(/\r?\n/)
      .filter((line) => line.trim() !== "");
    return lines.slice(-SHOWN_LINES).map(escapeText);
  }
}
