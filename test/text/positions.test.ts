// positionsAt (src/text/positions.ts): lines end at LF, CR, CRLF, U+2028 and U+2029, and a
// text whose only breaks are LF is searched apart from one with any other: both ways give the
// positions a reading of the text character by character gives.

import assert from "node:assert/strict";
import { test } from "node:test";
import { positionsAt, type Position } from "../../src/text/positions.js";

/** The position of every offset of `text`, one character at a time: what positionsAt must give. */
function everyPosition(text: string): Position[] {
  const out: Position[] = [];
  let line = 1;
  let column = 1;
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let i = 0; i <= text.length; i++) {
    // The LF of a CRLF is on the line the CRLF starts, at column 1 as its first character is.
    out.push({ line, column: Math.max(1, column) });
    if (i < start) continue;
    const c = text[i];
    if (c === "\r" && text[i + 1] === "\n") {
      line++;
      column = 0;
    } else if (c === "\n" && text[i - 1] === "\r") {
      column = 1;
    } else if (c === "\n" || c === "\r" || c === "\u2028" || c === "\u2029") {
      line++;
      column = 1;
    } else column++;
  }
  return out;
}

const TEXTS: Readonly<Record<string, string>> = {
  "LF only": '{\n  "a": 1,\n\n  "b": "x"\n}\n',
  "LF only, no break at the end": '{\n  "a": 1\n}',
  "no break": '{"a": 1}',
  CRLF: '{\r\n  "a": 1,\r\n\r\n  "b": "x"\r\n}\r\n',
  "CR alone": '{\r  "a": 1\r}',
  "LF and U+2028": '{\n  "a": "x\u2028y",\n  "b": 2\n}',
  "LF and U+2029": '{\n  "a": "x\u2029y"\n}\n',
  "a byte order mark, LF": '\ufeff{\n  "a": 1\n}\n',
  "a byte order mark, CRLF": '\ufeff{\r\n  "a": 1\r\n}',
};

for (const [name, text] of Object.entries(TEXTS)) {
  test(`positionsAt gives every offset's line and column: ${name}`, () => {
    const offsets = Array.from({ length: text.length + 1 }, (_, i) => i);
    const expected = everyPosition(text);
    assert.deepEqual(positionsAt(text, offsets), expected);
    // A few offsets far apart, as a file's offences ask, give the same.
    const some = offsets.filter((offset) => offset % 5 === 3);
    assert.deepEqual(
      positionsAt(text, some),
      some.map((offset) => expected[offset]),
    );
  });
}
