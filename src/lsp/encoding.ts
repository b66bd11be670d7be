// Positions as the client counts them (docs/editors.md): the position encoding agreed at
// initialize (UTF-16 unless the client offers UTF-8) and the client's lines, which end at
// LF, CR and CRLF only. The linter's own positions (src/text/positions.ts) count U+2028 and
// U+2029 as line ends too and never count a byte order mark, so every place crosses over
// as a UTF-16 offset into the document's text, the one measure both sides agree on.

import { LINE_BREAK } from "../text/positions.js";

export type Encoding = "utf-16" | "utf-8";

/** A place as LSP sends it: a 0-based line and a 0-based character in the agreed encoding. */
export interface LspPosition {
  readonly line: number;
  readonly character: number;
}

/** UTF-8 when the client lists it among the encodings it supports, UTF-16 (LSP's default) otherwise. */
export function negotiateEncoding(offered: readonly string[] | undefined): Encoding {
  return offered?.includes("utf-8") === true ? "utf-8" : "utf-16";
}

/** The UTF-8 length of text[from, to): a surrogate pair is one 4-byte character, a lone surrogate 3 bytes (U+FFFD). */
function utf8Length(text: string, from: number, to: number): number {
  let bytes = 0;
  for (let i = from; i < to; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < to && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** One document's text as the client addresses it: offsets to positions and back. */
export class PositionMap {
  readonly #text: string;
  readonly #encoding: Encoding;
  /** Where each of the client's lines starts, and where its content ends (before the break). */
  readonly #starts: number[] = [0];
  readonly #ends: number[] = [];

  constructor(text: string, encoding: Encoding) {
    this.#text = text;
    this.#encoding = encoding;
    for (const match of text.matchAll(/\r\n?|\n/g)) {
      this.#ends.push(match.index);
      this.#starts.push(match.index + match[0].length);
    }
    this.#ends.push(text.length);
  }

  get text(): string {
    return this.#text;
  }

  /** Another text's map in the same encoding (a file a diagnostic names beside its own). */
  other(text: string): PositionMap {
    return new PositionMap(text, this.#encoding);
  }

  /** The client's position of a UTF-16 offset (clamped to the text; inside a CRLF, the line's end). */
  position(offset: number): LspPosition {
    const at = Math.max(0, Math.min(offset, this.#text.length));
    let low = 0;
    let high = this.#starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.#starts[mid] as number) <= at) low = mid;
      else high = mid - 1;
    }
    const start = this.#starts[low] as number;
    const end = Math.min(at, this.#ends[low] as number);
    return { line: low, character: this.#encoding === "utf-16" ? end - start : utf8Length(this.#text, start, end) };
  }

  /** The UTF-16 offset of a client's position (a line or character past the end is clamped). */
  offset(position: LspPosition): number {
    if (position.line >= this.#starts.length) return this.#text.length;
    const line = Math.max(0, position.line);
    const start = this.#starts[line] as number;
    const end = this.#ends[line] as number;
    if (this.#encoding === "utf-16") return Math.min(start + Math.max(0, position.character), end);
    let bytes = 0;
    let i = start;
    while (i < end && bytes < position.character) {
      const pair = (this.#text.charCodeAt(i) & 0xfc00) === 0xd800 && i + 1 < end && (this.#text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      const width = pair ? 2 : 1;
      bytes += utf8Length(this.#text, i, i + width);
      i += width;
    }
    return i;
  }

  /** The 0-based line of an offset, as the client counts lines. */
  lineOf(offset: number): number {
    return this.position(offset).line;
  }

  /** The text of the client's line `line`, without its break. */
  lineText(line: number): string {
    return this.#text.slice(this.#starts[line] ?? this.#text.length, this.#ends[line] ?? this.#text.length);
  }

  /** The offset where the client's line `line` starts. */
  lineStart(line: number): number {
    return this.#starts[Math.min(line, this.#starts.length - 1)] as number;
  }
}

/**
 * The linter's lines of `text` (as src/text/positions.ts counts them: U+2028 and U+2029 end
 * lines too; a leading byte order mark is not counted), to find the UTF-16 offset of the
 * 1-based line and column an offence gives.
 */
export class LinterLines {
  readonly #starts: number[];
  readonly #length: number;

  constructor(text: string) {
    this.#starts = [text.charCodeAt(0) === 0xfeff ? 1 : 0];
    for (const match of text.matchAll(new RegExp(LINE_BREAK))) this.#starts.push(match.index + match[0].length);
    this.#length = text.length;
  }

  offset(line: number, column: number): number {
    const start = this.#starts[Math.max(0, Math.min(line, this.#starts.length) - 1)] as number;
    return Math.min(this.#length, start + Math.max(0, column - 1));
  }
}
