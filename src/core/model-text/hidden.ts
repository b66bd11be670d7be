// Hidden characters: what a model reads in a string and a person reviewing it does not see
// (docs/codes/hidden-character.md). Bidi controls, zero-width and filler characters, Unicode
// tag characters (decoded: they spell invisible ASCII), stray variation selectors, and control
// characters with the ANSI escape sequences they start. Legitimate uses are left alone: a
// flag emoji's tag sequence, a zero-width joiner inside an emoji sequence or between letters
// of a script that needs it, one variation selector after a visible character. One pass over
// each string, after a single test that clean strings fail.

/** What kind of hidden character a run is, as messages name it. */
export type HiddenKind = "bidi control" | "zero-width character" | "filler character" | "tag characters" | "variation selector" | "control character" | "ANSI escape sequence";

/** One stretch of hidden characters of one kind: [start, end) in UTF-16 code units. */
export interface HiddenRun {
  readonly start: number;
  readonly end: number;
  readonly kind: HiddenKind;
  /** The first code point of the run. */
  readonly codePoint: number;
  /** How many code points the run has. */
  readonly count: number;
}

export interface HiddenFinding {
  readonly runs: readonly HiddenRun[];
  /** The ASCII that the tag characters outside a flag spell, in order ("" when there are none). */
  readonly tagText: string;
  /** The string with every run deleted. */
  readonly cleaned: string;
}

// Every code unit that can start a hidden run; a string without one is clean (the common case).
const SUSPECT =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb]|\udb40[\udc00-\uddef]/;

// Every code unit SUSPECT matches is outside printable ASCII, tab and line breaks: this one
// range test, cheaper than SUSPECT's many ranges, clears most strings first (bench/README.md);
// scan.ts folds it into the one first test of a string value.
export const NOT_PLAIN = /[^\t\n\r\x20-\x7e]/;

const EXTENDED_PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const SCRIPT_LETTER = /[\p{L}\p{M}]/u;
const WAVING_BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

const isTag = (cp: number): boolean => cp >= 0xe0000 && cp <= 0xe007f;
const isVariationSelector = (cp: number): boolean => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
const isEmojiModifier = (cp: number): boolean => cp >= 0x1f3fb && cp <= 0x1f3ff;

function kindOf(cp: number): HiddenKind | null {
  if (cp === 0x1b) return "ANSI escape sequence";
  if (cp <= 0x08 || cp === 0x0b || cp === 0x0c || (cp >= 0x0e && cp <= 0x1f) || (cp >= 0x7f && cp <= 0x9f)) return "control character";
  if (cp === 0x061c || cp === 0x200e || cp === 0x200f || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return "bidi control";
  if ((cp >= 0x200b && cp <= 0x200d) || cp === 0x2060 || cp === 0xfeff || cp === 0x180e || (cp >= 0x2061 && cp <= 0x2064)) return "zero-width character";
  if (isTag(cp)) return "tag characters";
  if (isVariationSelector(cp)) return "variation selector";
  if (
    cp === 0x00ad ||
    cp === 0x034f ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x17b4 ||
    cp === 0x17b5 ||
    (cp >= 0x180b && cp <= 0x180f) ||
    (cp >= 0x206a && cp <= 0x206f) ||
    cp === 0x2800 ||
    cp === 0x3164 ||
    cp === 0xffa0 ||
    (cp >= 0xfff9 && cp <= 0xfffb)
  ) {
    return "filler character";
  }
  return null;
}

const codePointAt = (s: string, i: number): number => s.codePointAt(i) as number;
const width = (cp: number): number => (cp > 0xffff ? 2 : 1);

/** The code point before index i (past emoji modifiers and variation selectors when `skipModifiers`), or -1. */
function before(s: string, i: number, skipModifiers: boolean): number {
  let j = i;
  while (j > 0) {
    const low = s.charCodeAt(j - 1);
    const start = low >= 0xdc00 && low <= 0xdfff && j >= 2 ? j - 2 : j - 1;
    const cp = codePointAt(s, start);
    if (!(skipModifiers && (isEmojiModifier(cp) || isVariationSelector(cp)))) return cp;
    j = start;
  }
  return -1;
}

/** A joiner that does its job: inside an emoji sequence, or between letters of a script that uses it. */
function joinsLegitimately(s: string, i: number, cp: number): boolean {
  if (cp !== 0x200c && cp !== 0x200d) return false;
  const next = i + 1 < s.length ? codePointAt(s, i + 1) : -1;
  if (next < 0) return false;
  const previous = before(s, i, true);
  if (cp === 0x200d && previous >= 0 && EXTENDED_PICTOGRAPHIC.test(String.fromCodePoint(previous)) && EXTENDED_PICTOGRAPHIC.test(String.fromCodePoint(next))) return true;
  const letter = (c: number): boolean => c > 0xff && SCRIPT_LETTER.test(String.fromCodePoint(c));
  return previous >= 0 && letter(previous) && letter(next);
}

/** The end of a flag's tag sequence starting at i (U+1F3F4, tags, CANCEL TAG), or -1 when none starts there. */
function flagEnd(s: string, i: number): number {
  if (codePointAt(s, i) !== WAVING_BLACK_FLAG) return -1;
  let j = i + 2;
  let tags = 0;
  while (j < s.length) {
    const cp = codePointAt(s, j);
    if (cp === CANCEL_TAG) return tags > 0 ? j + 2 : -1;
    if (!(cp >= 0xe0020 && cp <= 0xe007e)) return -1;
    tags++;
    j += 2;
  }
  return -1;
}

/** Where an escape sequence starting with ESC at i ends: CSI and OSC in full, else ESC and the character after it. */
function escapeEnd(s: string, i: number): number {
  const next = s[i + 1];
  if (next === "[") {
    let j = i + 2;
    while (j < s.length && /[0-?]/.test(s[j] as string)) j++;
    while (j < s.length && /[ -/]/.test(s[j] as string)) j++;
    return j < s.length && /[@-~]/.test(s[j] as string) ? j + 1 : j;
  }
  if (next === "]") {
    for (let j = i + 2; j < s.length; j++) {
      if (s[j] === "\u0007") return j + 1;
      if (s[j] === "\u001b" && s[j + 1] === "\\") return j + 2;
    }
    return s.length;
  }
  return next === undefined ? i + 1 : i + 1 + width(codePointAt(s, i + 1));
}

/** The hidden characters of `s`; null when it has none (most strings, after one regular-expression test). */
export function findHidden(s: string): HiddenFinding | null {
  if (!NOT_PLAIN.test(s) || !SUSPECT.test(s)) return null;
  const runs: HiddenRun[] = [];
  let tagText = "";
  let cleaned = "";
  let kept = 0;
  const add = (start: number, end: number, kind: HiddenKind, codePoint: number): void => {
    const last = runs[runs.length - 1];
    const count = kind === "ANSI escape sequence" ? 1 : end - start > 1 && codePoint > 0xffff ? 1 : end - start;
    if (last !== undefined && last.end === start && last.kind === kind) runs[runs.length - 1] = { ...last, end, count: last.count + count };
    else runs.push({ start, end, kind, codePoint, count });
    cleaned += s.slice(kept, start);
    kept = end;
  };
  for (let i = 0; i < s.length; ) {
    const cp = codePointAt(s, i);
    const flag = cp === WAVING_BLACK_FLAG ? flagEnd(s, i) : -1;
    if (flag > 0) {
      i = flag;
      continue;
    }
    const kind = kindOf(cp);
    if (kind === null || joinsLegitimately(s, i, cp) || (kind === "variation selector" && followsVisible(s, i))) {
      i += width(cp);
      continue;
    }
    const end = kind === "ANSI escape sequence" ? escapeEnd(s, i) : i + width(cp);
    if (kind === "tag characters" && cp >= 0xe0020 && cp <= 0xe007e) tagText += String.fromCharCode(cp - 0xe0000);
    add(i, end, kind, cp);
    i = end;
  }
  if (runs.length === 0) return null;
  return { runs, tagText, cleaned: cleaned + s.slice(kept) };
}

/** One variation selector right after a visible character (not after another selector, a hidden character or nothing). */
function followsVisible(s: string, i: number): boolean {
  const previous = before(s, i, false);
  return previous >= 0 && !isVariationSelector(previous) && kindOf(previous) === null;
}
