// Scanning one string against the pattern table (patterns.ts) and for encoded blobs. The
// table's cues are found in one pass (a lookahead alternation, so cues that overlap are all
// seen); only the rows of cues found are tried. A long base64 or hex run that decodes to text
// is a finding of its own, and the decoded text is scanned again, so what it hides is named.

import { Buffer } from "node:buffer";
import { inspectString } from "../../text/escape.js";
import { findHidden, NOT_PLAIN } from "./hidden.js";
import {
  CLAUSE_BREAK,
  CONTENTS,
  CREATED,
  EXAMPLE_MARK,
  FLAG_BEFORE,
  FORBIDDING,
  HANDLING,
  NAMED_TAG,
  PATTERNS,
  REFUSED,
  SEARCHING,
  STORED_INTO,
  type InjectionCode,
  type PatternRow,
} from "./patterns.js";

/** What one string was found to hold: a code, why, and the text that matched. */
export interface Finding {
  readonly code: InjectionCode | "encoded-blob";
  readonly reason: string;
  readonly match: string;
}

interface CompiledRow {
  readonly row: PatternRow;
  /** Global for a row whose matches may be excused, tried one by one. */
  readonly regex: RegExp;
}

/** Whether a row's matches may be passed over (PatternRow: refusable, storable, mentionable). */
const excusable = (row: PatternRow): boolean => row.refusable === true || row.storable === true || row.mentionable === true;

const COMPILED: readonly CompiledRow[] = PATTERNS.map((row) => ({ row, regex: new RegExp(row.pattern, excusable(row) ? "gi" : "i") }));
const REFUSED_IN = new RegExp(REFUSED, "i");
const HANDLING_IN = new RegExp(HANDLING, "i");
const STORED_INTO_BEFORE = new RegExp(STORED_INTO, "i");
const CREATED_BEFORE = new RegExp(CREATED, "i");
const CONTENTS_IN = new RegExp(CONTENTS, "i");
const FORBIDDING_IN = new RegExp(FORBIDDING, "gi");
const CLAUSE_BREAK_IN = new RegExp(CLAUSE_BREAK, "i");
const EXAMPLE_MARK_IN = new RegExp(EXAMPLE_MARK, "i");
const SEARCHING_IN = new RegExp(SEARCHING, "i");
const NAMED_TAG_AFTER = new RegExp(NAMED_TAG, "i");
const FLAG_BEFORE_IN = new RegExp(FLAG_BEFORE);
// A sentence ends at . ! or ? before white space, or at a line break; ".ssh" and "mcp.json" do
// not end one, nor do the abbreviations "e.g." and "i.e.", which lead into an example.
const SENTENCE_END = /(?<!\b(?:e\.g|i\.e|eg|cf|vs))[.!?](?=\s)|\n/g;

/** The sentence around [start, end): from after the last end before it to the first end after it. */
function sentenceAround(text: string, start: number, end: number): { readonly from: number; readonly to: number } {
  let from = 0;
  let to = text.length;
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(text); m !== null; m = SENTENCE_END.exec(text)) {
    if (m.index < start) from = m.index + 1;
    else if (m.index >= end) {
      to = m.index;
      break;
    }
  }
  return { from, to };
}

/**
 * Whether the sentence forbids what it names at its end: a negation and its verbs ("Do NOT
 * read, open, or echo any"), then no verb that handles and no break of the clause up to the
 * path, and no verb that handles after it.
 */
function forbids(before: string, after: string): boolean {
  let governed: string | null = null;
  FORBIDDING_IN.lastIndex = 0;
  for (let m = FORBIDDING_IN.exec(before); m !== null; m = FORBIDDING_IN.exec(before)) governed = before.slice(m.index + m[0].length);
  return governed !== null && !HANDLING_IN.test(governed) && !CLAUSE_BREAK_IN.test(governed) && !HANDLING_IN.test(after);
}

/**
 * Whether a path at [start, end) is passed over: its sentence forbids touching it, or refuses
 * it after naming it (PatternRow.refusable); gives it as an example of what to search for; or
 * stores something into it or creates it (PatternRow.storable); and asks for no handling.
 */
function pathExcused(row: PatternRow, text: string, start: number, end: number): boolean {
  const { from, to } = sentenceAround(text, start, end);
  const before = text.slice(from, start);
  const after = text.slice(end, to);
  if (row.refusable === true && forbids(before, after)) return true;
  const sentence = text.slice(from, to);
  if (HANDLING_IN.test(sentence)) return false;
  if (row.refusable === true && (REFUSED_IN.test(after) || (EXAMPLE_MARK_IN.test(before) && SEARCHING_IN.test(sentence)))) return true;
  return row.storable === true && (STORED_INTO_BEFORE.test(before) || CREATED_BEFORE.test(before)) && !CONTENTS_IN.test(sentence);
}

/** Whether a tag at [start, end) is written about, not used: a command line's placeholder, a tag named as a tag, a tag in backticks. */
function tagMentioned(text: string, start: number, end: number): boolean {
  if (FLAG_BEFORE_IN.test(text.slice(Math.max(0, start - 40), start))) return true;
  if (NAMED_TAG_AFTER.test(text.slice(end, end + 20))) return true;
  return text[start - 1] === "`" && text[end] === "`";
}

/** Whether the match at [start, end) is passed over, by what its row allows (PatternRow). */
function excused(row: PatternRow, text: string, start: number, end: number): boolean {
  if (row.mentionable === true && tagMentioned(text, start, end)) return true;
  return (row.refusable === true || row.storable === true) && pathExcused(row, text, start, end);
}

/** The first match of `compiled` in `text`, passing over excused ones where the row allows it. */
function firstMatch({ row, regex }: CompiledRow, text: string): RegExpExecArray | null {
  if (!excusable(row)) return regex.exec(text);
  regex.lastIndex = 0;
  for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
    if (!excused(row, text, m.index, m.index + m[0].length)) return m;
    if (m[0] === "") regex.lastIndex++;
  }
  return null;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const alternation = (cues: readonly string[]): string => cues.map(escapeRegExp).join("|");

const CUES = [...new Set(PATTERNS.flatMap((row) => row.cues))].sort((a, b) => b.length - a.length);
// A lookahead at each position, longest cue first: overlapping cues are all seen, and a cue
// that starts where a longer one does is implied by it (IMPLIED).
const CUE_SCAN = new RegExp(`(?=(${alternation(CUES)}))`, "gi");
// The test that most strings fail first: a cue that begins with a letter begins a word in every
// match (patterns.ts), so it is looked for only where a word begins, which fails inside words
// at once (bench/README.md, the model-text checks' cost).
const startsWord = (cue: string): boolean => /^[a-z]/.test(cue);
const ANY_CUE = new RegExp(`\\b(?:${alternation(CUES.filter(startsWord))})|${alternation(CUES.filter((cue) => !startsWord(cue)))}`, "i");
const IMPLIED: ReadonlyMap<string, readonly string[]> = new Map(CUES.map((cue) => [cue, CUES.filter((other) => cue.includes(other))]));
const ROWS_OF: ReadonlyMap<string, readonly CompiledRow[]> = new Map(CUES.map((cue) => [cue, COMPILED.filter(({ row }) => row.cues.includes(cue))]));

/** The cues `text` holds (lower case). */
function cuesIn(text: string): Set<string> {
  const found = new Set<string>();
  CUE_SCAN.lastIndex = 0;
  for (let m = CUE_SCAN.exec(text); m !== null; m = CUE_SCAN.exec(text)) {
    for (const cue of IMPLIED.get((m[1] as string).toLowerCase()) ?? []) found.add(cue);
    CUE_SCAN.lastIndex = m.index + 1;
  }
  return found;
}

const MAX_MATCH = 60;
const clip = (s: string): string => (s.length > MAX_MATCH ? `${s.slice(0, MAX_MATCH)}…` : s);

/** The table's findings in `text`: the first match of each code, in the table's order. */
export function scanPatterns(text: string): Finding[] {
  if (!ANY_CUE.test(text)) return [];
  const cues = cuesIn(text);
  if (cues.size === 0) return [];
  const tried = new Set<CompiledRow>();
  const byCode = new Map<InjectionCode, Finding>();
  for (const cue of cues) for (const row of ROWS_OF.get(cue) ?? []) tried.add(row);
  for (const compiled of COMPILED) {
    if (!tried.has(compiled) || byCode.has(compiled.row.code)) continue;
    const m = firstMatch(compiled, text);
    if (m !== null) byCode.set(compiled.row.code, { code: compiled.row.code, reason: compiled.row.reason, match: clip(m[0]) });
  }
  return [...byCode.values()];
}

// Long enough that ordinary words and identifiers are not blobs: 40 base64 characters are 30
// bytes; 40 hex digits are 20 bytes (a SHA-1; hashes decode to bytes that are no text).
const MIN_RUN = 38;
// Whether a string holds a run at all: a short pattern, so no run's length costs it anything.
const ANY_BLOB = /(?:^|[^A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{38}/;
const MIN_BLOB = 40;
const HEX = /^(?:[0-9a-fA-F]{2})+$/;
const MIN_TEXT = 16;

/** `bytes` as text when they read as text (printable ASCII or UTF-8, tabs and line breaks): else null. */
function asText(bytes: Buffer): string | null {
  if (bytes.length < MIN_TEXT) return null;
  const text = bytes.toString("utf8");
  if (text.includes("\uFFFD")) return null;
  let printable = 0;
  for (const ch of text) if (/[\p{L}\p{N}\p{P}\p{S}\p{Zs}\t\n\r]/u.test(ch)) printable++;
  return printable >= text.length * 0.95 && /[\p{L}]{3}/u.test(text) && /\s/.test(text) ? text : null;
}

function decodeBlob(blob: string): string | null {
  if (HEX.test(blob)) return asText(Buffer.from(blob, "hex"));
  return asText(Buffer.from(blob.replace(/-/g, "+").replace(/_/g, "/"), "base64"));
}

/** Whether a UTF-16 code unit is of the base64, base64url or hex alphabet. */
function inRun(unit: number): boolean {
  return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x30 && unit <= 0x39) || unit === 0x2b || unit === 0x2f || unit === 0x5f || unit === 0x2d;
}

const EQUALS = 0x3d;

/**
 * Each whole run of the alphabet at least MIN_RUN long, with up to two "=" after it, found by a
 * loop over the code units: a regular expression's backtracking overflows V8's stack on a run
 * of millions of characters, and a run is never read again from each of its letters.
 */
function blobRuns(text: string): string[] {
  const runs: string[] = [];
  for (let i = 0; i < text.length; ) {
    if (!inRun(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && inRun(text.charCodeAt(i))) i++;
    if (i - start < MIN_RUN) continue;
    for (let padding = 0; padding < 2 && text.charCodeAt(i) === EQUALS; padding++) i++;
    runs.push(text.slice(start, i));
  }
  return runs;
}

// The first tests of the three checks of a string value (ANY_CUE, NOT_PLAIN, ANY_BLOB) as one
// expression: nearly every value fails all three, and is then read once, not three times
// (bench/README.md). None of the three changes under the "i" flag: NOT_PLAIN's and ANY_BLOB's
// classes hold both cases of each letter they hold.
const ANY_FINDING = new RegExp(`${ANY_CUE.source}|${NOT_PLAIN.source}|${ANY_BLOB.source}`, "i");

/** Whether a string value may hold a hidden character, a cue of the table or a blob run; false: it holds none. */
export function mayHoldFinding(text: string): boolean {
  return ANY_FINDING.test(text);
}

/** Each long base64 or hex run of `text` that decodes to text, with what the decoded text holds. */
export function scanBlobs(text: string): Finding[] {
  // Most strings hold no run at all.
  if (text.length < MIN_BLOB || !ANY_BLOB.test(text)) return [];
  const findings: Finding[] = [];
  for (const run of blobRuns(text)) {
    const decoded = run.length >= MIN_BLOB ? decodeBlob(run) : null;
    if (decoded === null) continue;
    const inside: string[] = scanPatterns(decoded).map((f) => f.code);
    if (findHidden(decoded) !== null) inside.push("hidden-character");
    const holding = inside.length > 0 ? ` and holds what ${inside.join(", ")} reports` : "";
    findings.push({ code: "encoded-blob", reason: `an encoded blob that decodes to text${holding}: ${inspectString(clip(decoded))}`, match: clip(run) });
  }
  return findings;
}
