// What the model reads: the checks of the strings a tool declares that reach a model
// (docs/codes/: hidden-character, hidden-instruction, concealment, instruction-override,
// tool-shadowing, sensitive-path, exfiltration-parameter, encoded-blob, suspicious-url,
// shell-pipeline).
// strings.ts finds the strings, hidden.ts the hidden characters, patterns.ts is the table
// of injected-instruction patterns and scan.ts applies it. Each string is read once per
// check. The chain runs them on every action schema that is a map, whatever else it found
// there (chain.ts), and lint-tool.ts on a tool's own name and description.

import { inspectString } from "../../text/escape.js";
import { isList, type MapLike, type MapReader } from "../map.js";
import type { Draft, Target } from "../offence.js";
import { materialize, type Path } from "../path.js";
import { findHidden, type HiddenFinding } from "./hidden.js";
import { FREE_TEXT_NAMES, PASS_AS, PASS_VERB, SECRET_SOURCES } from "./patterns.js";
import { mayHoldFinding, scanBlobs, scanPatterns, type Finding } from "./scan.js";
import { visitStrings } from "./strings.js";

const MAX_LISTED = 3;
const hex = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;

/** What the hidden characters of one string are, for the message. */
function describeHidden(finding: HiddenFinding): string {
  const listed = finding.runs.slice(0, MAX_LISTED).map((run) => {
    const what = run.count > 1 ? `${run.count} ${run.kind === "tag characters" ? run.kind : `${run.kind}s`} from` : run.kind === "tag characters" ? "tag character" : `${run.kind}`;
    return `${what} ${hex(run.codePoint)} at index ${run.start}`;
  });
  const more = finding.runs.length > MAX_LISTED ? `, and ${finding.runs.length - MAX_LISTED} more` : "";
  const tags = finding.tagText === "" ? "" : `; the tag characters spell ${inspectString(finding.tagText)}`;
  return `${listed.join(", ")}${more}${tags}`;
}

const AROUND = 24;

/** The string around its first hidden run, quoted, each hidden code point written as an escape so it can be seen. */
function showHidden(text: string, finding: HiddenFinding): string {
  const first = finding.runs[0] as HiddenFinding["runs"][number];
  const from = Math.max(0, first.start - AROUND);
  const to = Math.min(text.length, first.end + AROUND);
  let out = "";
  let at = from;
  for (const run of finding.runs) {
    if (run.end <= from) continue;
    if (run.start >= to) break;
    out += inspectString(text.slice(at, Math.max(at, run.start))).slice(1, -1);
    // An escape sequence's own characters after ESC are visible: only ESC is written as an escape.
    const hidden = text.slice(Math.max(run.start, from), Math.min(run.end, to));
    const escaped = run.kind === "ANSI escape sequence" ? [...hidden].slice(0, 1) : [...hidden];
    for (const ch of escaped) out += `\\u{${(ch.codePointAt(0) as number).toString(16).toUpperCase()}}`;
    if (run.kind === "ANSI escape sequence") out += inspectString(hidden.slice(1)).slice(1, -1);
    at = Math.min(run.end, to);
  }
  out += inspectString(text.slice(at, to)).slice(1, -1);
  return `${from > 0 ? "…" : ""}"${out}"${to < text.length ? "…" : ""}`;
}

const HIDDEN_FIX = "Delete the hidden characters (wymcp-lint --fix does); write what the model should read as visible text.";

/** The hidden-character draft of one string, null when it has none; `repairable` says whether --fix may delete them there. */
export function hiddenDraft(text: string, path: Path, target: Target, repairable: boolean, taken: (name: string) => boolean = () => false): Draft | null {
  const finding = findHidden(text);
  return finding === null ? null : hiddenFindingDraft(text, finding, path, target, repairable, taken);
}

function hiddenFindingDraft(text: string, finding: HiddenFinding, path: Path, target: Target, repairable: boolean, taken: (name: string) => boolean = () => false): Draft {
  const draft: Draft = {
    code: "hidden-character",
    path,
    target,
    message: `${showHidden(text, finding)} holds characters a model reads and a reviewer does not see: ${describeHidden(finding)}`,
    fix: HIDDEN_FIX,
  };
  if (!repairable) return draft;
  if (target.part === "value") return { ...draft, repair: { kind: "delete-hidden", to: finding.cleaned } };
  // A name: renamed without them, unless that leaves nothing, a name already taken, or a name
  // that still holds a line break or control character (the author's to rename).
  if (finding.cleaned === "" || taken(finding.cleaned) || /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(finding.cleaned)) return draft;
  return { ...draft, repair: { kind: "rename-key", to: finding.cleaned } };
}

function findingDraft(finding: Finding, path: Path, target: Target): Draft {
  return {
    code: finding.code,
    path,
    target,
    message: `${inspectString(finding.match)} is ${finding.reason}`,
    fix: FIXES[finding.code],
  };
}

const FIXES: Readonly<Record<Finding["code"], string>> = {
  "hidden-instruction": "Write the text as plain documentation for the caller; nothing in a tool's text should be set apart as orders for the model.",
  concealment: "Remove the order; a tool's text must never ask the model to keep anything from the user.",
  "instruction-override": "Remove the order; a tool's text describes the tool and never overrides the model's instructions.",
  "tool-shadowing": "Describe only this tool; what another tool or server does is not this tool's to say.",
  "sensitive-path": "Remove the path, or if the tool really works on it, say so plainly and disable this code for the line.",
  "encoded-blob": "Write the text out in plain words, or remove it; a model decodes what a reviewer skims past.",
  "suspicious-url": "Use a named https:// address, or remove the URL.",
  "shell-pipeline": "Remove the command; a tool's text never asks the model to fetch and run a script. Name the package to install instead.",
};

const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

/** The pattern-table findings of one string value, then its blob findings. */
function textFindings(text: string): readonly Finding[] {
  const patterns = scanPatterns(text);
  const blobs = scanBlobs(text);
  return blobs.length === 0 ? patterns : [...patterns, ...blobs];
}

/** The pattern-table and blob findings of one string value, as drafts. */
export function textDrafts(text: string, path: Path, target: Target): Draft[] {
  return textFindings(text).map((f) => findingDraft(f, path, target));
}

const SECRET_REGEXES = SECRET_SOURCES.map((s) => ({ regex: new RegExp(s.pattern, "i"), reason: s.reason }));
const PASS_AS_REGEX = new RegExp(PASS_AS, "gi");
const PASS_VERB_REGEX = new RegExp(PASS_VERB, "i");

/** What secret `text` asks for, or null. */
const ASKS = /\b(?:pass|put|send|include|provide|add|place|insert|copy|paste|attach|fill|enter|share|dump|list|give|supply)\b/i;

function secretAsked(text: string): string | null {
  for (const { regex, reason } of SECRET_REGEXES) if (regex.test(text)) return reason;
  return null;
}

function exfiltrationDraft(name: string, why: string): Draft {
  return {
    code: "exfiltration-parameter",
    path: ["properties"],
    target: { path: ["properties", name], part: "key" },
    message: `the argument ${inspectString(name)} is free text the model is asked to fill with ${why}`,
    fix: `Remove ${inspectString(name)}, or describe exactly the value the tool needs; never ask for files, conversation or credentials.`,
  };
}

/**
 * exfiltration-parameter: a free-text argument whose own description asks for secrets, or
 * that the action's description or notes tell the model to put secrets into.
 */
export function exfiltrationDrafts(schema: MapLike, read: MapReader): Draft[] {
  const properties = read.get(schema, "properties");
  if (!read.isMap(properties)) return [];
  const flagged = new Map<string, string>();
  for (const name of read.keys(properties)) {
    const property = read.get(properties, name);
    if (!FREE_TEXT_NAMES.has(name.toLowerCase()) || !read.isMap(property)) continue;
    const type = read.get(property, "type");
    if (type !== undefined && type !== "string" && !(isList(type) && type.includes("string"))) continue;
    const description = read.get(property, "description");
    const why = typeof description === "string" ? secretAsked(description) : null;
    // Naming credentials is no request for them ("the metadata of the secret"): it takes a verb that asks.
    if (why !== null && (why !== "credentials" || ASKS.test(description as string))) flagged.set(name, why);
  }
  for (const key of ["description", "notes"]) {
    const text = read.get(schema, key);
    // Most texts have none of the verbs: then no sentence of theirs has one.
    if (typeof text !== "string" || !PASS_VERB_REGEX.test(text)) continue;
    for (const sentence of text.split(/(?<=[.;!?])\s+|\n/)) {
      for (const m of sentence.matchAll(PASS_AS_REGEX)) {
        const name = m[1] as string;
        if (flagged.has(name) || !read.has(properties, name)) continue;
        const why = secretAsked(sentence);
        if (why !== null) flagged.set(name, why);
      }
    }
  }
  return [...flagged].map(([name, why]) => exfiltrationDraft(name, why));
}

/**
 * The offence's path for a string at `target` (docs/locations.md): the map that holds it, or
 * the map above the list that does; a key of the action schema itself, or its string value,
 * is its own path, as the chain's offences of a top-level key are.
 */
function holderPath(target: Path): Path {
  if (target.length === 1) return target;
  // The string's own segment, and while it is a list index, the list's own segment.
  let own = target.length - 1;
  while (own > 0 && typeof target[own] === "number") own--;
  return target.slice(0, own);
}

/** Every model-text draft of one action schema and its name. */
export function modelTextDrafts(name: string, schema: MapLike, read: MapReader, actionNames: ReadonlySet<string>): Draft[] {
  const drafts: Draft[] = [];
  const named = hiddenDraft(name, [], { path: [], part: "key" }, true, (other) => actionNames.has(other));
  if (named !== null) drafts.push(named);
  for (const draft of visibleTextDrafts(schema, read)) drafts.push(draft);
  for (const draft of exfiltrationDrafts(schema, read)) drafts.push(draft);
  return drafts;
}

// Keys and short strings repeat across a schema and across files (names, types, formats, enum
// values), and V8 interns an object's keys and the short strings JSON.parse returns, so those
// found clean are remembered: one set lookup instead of the scans (bench/README.md); a key of
// any length ("description", "additionalProperties"). Bounded, for a long-lived process.
const REMEMBERED_LENGTH = 10;
const REMEMBERED_COUNT = 4096;
const cleanKeys = new Set<string>();
const cleanValues = new Set<string>();

function remember(clean: Set<string>, text: string): void {
  if (clean.size >= REMEMBERED_COUNT) clean.clear();
  clean.add(text);
}

/** What one string holds: its hidden characters, and for a string value its pattern and blob findings. */
interface Judged {
  readonly hidden: HiddenFinding | null;
  readonly findings: readonly Finding[];
}

const CLEAN: Judged = Object.freeze({ hidden: null, findings: NO_FINDINGS });

/** What one key or string value holds, read now. */
function judge(text: string, part: "key" | "value"): Judged {
  // A value's three checks share one first test, which nearly every value fails.
  if (part === "value" && !mayHoldFinding(text)) return CLEAN;
  const hidden = findHidden(text);
  const findings = part === "value" ? textFindings(text) : NO_FINDINGS;
  return hidden === null && findings.length === 0 ? CLEAN : { hidden, findings };
}

/**
 * What the strings of one tools/list hold, by their text, so each text is judged once: a
 * server repeats its parameters' texts in every tool that takes them (a 344-tool tools/list
 * holds 1.8 M characters of keys and strings, 0.26 M of them distinct). Kept for one list
 * only: across a run's many action files, which repeat less, keeping every text cost more
 * than the scans it saved (bench/README.md).
 */
export class TextMemo {
  readonly #keys = new Map<string, Judged>();
  readonly #values = new Map<string, Judged>();

  judged(text: string, part: "key" | "value"): Judged {
    const memo = part === "key" ? this.#keys : this.#values;
    let judgement = memo.get(text);
    if (judgement === undefined) {
      judgement = judge(text, part);
      memo.set(text, judgement);
    }
    return judgement;
  }
}

/** The hidden-character and pattern drafts of every key and string value of `value` (an action schema, a tools/list entry); `memo`: a tools/list's. */
export function visibleTextDrafts(value: MapLike, read: MapReader, memo?: TextMemo): Draft[] {
  const drafts: Draft[] = [];
  visitStrings(value, read, (text, parent, segment, part, holder) => {
    const clean = part === "key" ? cleanKeys : text.length > REMEMBERED_LENGTH ? null : cleanValues;
    if (clean?.has(text) === true) return;
    const { hidden, findings } = memo === undefined ? judge(text, part) : memo.judged(text, part);
    if (hidden === null && findings.length === 0) {
      if (clean !== null) remember(clean, text);
      return;
    }
    // Where the string is, as arrays, only for one that is reported.
    const target: Target = { path: [...materialize(parent), segment], part };
    if (hidden !== null) {
      const taken = holder === null ? undefined : (name: string): boolean => read.has(holder, name);
      drafts.push(hiddenFindingDraft(text, hidden, holderPath(target.path), target, true, taken));
    }
    for (const finding of findings) drafts.push(findingDraft(finding, holderPath(target.path), target));
  });
  return drafts;
}
