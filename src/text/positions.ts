// A place in text, for every kind of file the linter reads: a 1-based line and column
// (Position), a range of UTF-16 offsets (Span), and positionsAt, which turns offsets into
// positions in one pass. The one home of how lines are counted.

/**
 * A place in the text: 1-based line and column. Lines end where editors end them: at LF, CR
 * or CRLF (one break), and at U+2028 and U+2029, which JSON5 counts as line terminators (in
 * JSON they can stand only inside strings);
 * columns count UTF-16 code units. A byte order mark at the very start is not counted,
 * as editors do not show it: positions are the same whether or not the caller stripped it.
 */
export interface Position {
  line: number;
  column: number;
}

/** A range of UTF-16 offsets into a text, the end exclusive. */
export interface Span {
  start: number;
  end: number;
}

/** Where lines end: LF, CR, CRLF (one break), and U+2028 and U+2029. */
export const LINE_BREAK = /\r\n?|[\n\u2028\u2029]/g;

/** Where the line break that ends at `end` starts: CRLF is two code units, every other break one. */
const breakStart = (text: string, end: number): number => (text.charCodeAt(end - 1) === 0x0a && text.charCodeAt(end - 2) === 0x0d ? end - 2 : end - 1);

/**
 * The ends of `text`'s line breaks, one a call, in order; -1 past the last (and no call after).
 * A text whose only breaks are LF, as most are, is searched with indexOf, at a third of the
 * instructions of a regular expression's call a line (a 3.6 MB file of 82,000 lines,
 * bench/README.md); any other by `test`, which makes no match object.
 */
function breakEnds(text: string): () => number {
  if (!text.includes("\r") && !text.includes("\u2028") && !text.includes("\u2029")) {
    let from = 0;
    return () => {
      const at = text.indexOf("\n", from);
      from = at + 1;
      return at < 0 ? -1 : from;
    };
  }
  const breaks = new RegExp(LINE_BREAK);
  return () => (breaks.test(text) ? breaks.lastIndex : -1);
}

/** The positions of ascending offsets into text, in one pass: a file's report may take every line of it. */
export function positionsAt(text: string, offsets: readonly number[]): Position[] {
  const out: Position[] = [];
  let line = 1;
  let lineStart = text.charCodeAt(0) === 0xfeff ? 1 : 0; // the BOM is not counted
  const nextBreak = breakEnds(text);
  // The end of the next break, -1 past the last.
  let next = nextBreak();
  for (const offset of offsets) {
    while (next >= 0 && breakStart(text, next) < offset) {
      line++;
      lineStart = next;
      next = nextBreak();
    }
    out.push({ line, column: Math.max(1, offset - lineStart + 1) });
  }
  return out;
}
