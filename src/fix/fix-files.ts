// --fix and --fix-dry-run over a lint result, one loop for every kind of file: the edits of
// what is reported are applied to the text in memory (apply-edits.ts), the new text is
// linted again through the run's pipeline as its file was (`relint`, the engine's: a tool
// module is loaded from the text as if it were the file), and so on, pass after pass, until
// no edit is left; then the file is written once, atomically (src/files/write.ts), or for
// --fix-dry-run only shown as a diff. A pass whose text would not parse, or whose module would
// not load, is not taken. Called by the engine (src/engine/engine.ts), whose report is the
// result given back: what is left in each file, and the diff of what was (or would be) written.

import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describeThrown } from "../core/escape.js";
import type { Offence, TextEdit } from "../core/offence.js";
import { kindOf, runsCode, type InputKindId } from "../files/kind.js";
import { textOf } from "../files/text.js";
import { sweepTemporaryFiles, WriteSkipped, writeAtomically } from "../files/write.js";
import { duplicateToolOffences } from "../lint/duplicate-tools.js";
import { totals, type FileResult, type LintResult } from "../lint/result.js";
import { inspectString } from "../text/escape.js";
import { applyEdits } from "./apply-edits.js";
import { unifiedDiff } from "./diff.js";

/** Passes over one file before giving up on edits that keep clashing (each pass applies at least one). */
const MAX_PASSES = 10;

/** Lints a text of the file `file` again through the run's pipeline, as the run linted that file; `across[i]` are its i-th tool's offences across files, which the run found. */
export type Relint = (file: string, text: string, across: readonly (readonly Offence[])[]) => Promise<readonly FileResult[]>;

export interface FixOptions {
  /** Write the fixed files (--fix); false only computes them (--fix-dry-run). */
  readonly write: boolean;
  readonly cwd: string;
  /** The bytes the result was linted from when it is of one text given in place of its file (never written); null for files on disk. */
  readonly given: Uint8Array | null;
  readonly relint: Relint;
}

export interface FixOutcome {
  /** The result with each fixed file's lint after its last pass, and its diff (null when unchanged). */
  readonly result: LintResult;
  /** Why a file that had fixes was left unchanged, or changed only in part: one line each, for stderr. */
  readonly notes: readonly string[];
  /** The fixed text of each file that changed (written or not), by its name in the result. */
  readonly texts: ReadonlyMap<string, string>;
}

const hasEdits = (offence: Offence): boolean => offence.edits !== undefined && offence.edits.length > 0;

/** A file's text linted again: its results (an Elixir file's one per tool module, every other file's one), or why that text must not be taken. */
type Relinted = { readonly files: readonly FileResult[] } | { readonly refused: string };

/** Why a relinted text must not be taken (it would not parse, or its module would not load); null when it may. */
function refusal(files: readonly FileResult[]): string | null {
  for (const offence of files.flatMap((file) => file.offences)) {
    if (offence.code === "parse-error" || (offence.code === "load-error" && offence.syntaxError !== undefined))
      return "the fixed text would not parse (a wymcp-lint defect; please report it)";
    if (offence.code === "load-error") return `the fixed module would not load (${offence.message})`;
  }
  return null;
}

/** How one file is linted again from a new text; `across[i]` are its i-th tool's offences across files. */
function relinter(file: string, across: readonly (readonly Offence[])[], relint: Relint): (text: string) => Promise<Relinted> {
  return async (text) => {
    const files = await relint(file, text, across);
    const refused = refusal(files);
    return refused === null ? { files } : { refused };
  };
}

/** One file's outcome: its results (what is left, the diff), and why it was not fixed, or only in part. */
interface FileOutcome {
  /** One per tool, as the run gave them (an Elixir file's one per tool module). */
  readonly files: readonly FileResult[];
  readonly note?: string;
  /** The fixed text, when it changed. */
  readonly text?: string;
}

function notFixed(files: readonly FileResult[], why: string): FileOutcome {
  return { files: files.map((file) => ({ ...file, diff: null })), note: `${inspectString((files[0] as FileResult).file)} was not fixed: ${why}` };
}

/** Writes `after` over the file; why not, or null when written. */
function write(path: string, original: Uint8Array, bom: Buffer, after: string): string | null {
  try {
    writeAtomically(path, original, Buffer.concat([bom, Buffer.from(after, "utf8")]));
    return null;
  } catch (error) {
    return error instanceof WriteSkipped ? error.message : describeThrown(error);
  }
}

/** A text after its fix passes: the text, its results after the last pass taken (an Elixir file's one per tool module), and why a pass was refused (null when none was). */
interface FixedText {
  readonly text: string;
  readonly files: readonly FileResult[];
  readonly refused: string | null;
}

/**
 * The fix passes over one text in memory: the edits of what `files` report (what the rules
 * set off is not reported) applied, the text linted again, until no edit is left or a pass is
 * refused.
 */
async function fixPasses(text: string, files: readonly FileResult[], relint: (text: string) => Promise<Relinted>): Promise<FixedText> {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const groups = files.flatMap((file) => file.offences.filter(hasEdits).map((offence) => offence.edits as readonly TextEdit[]));
    if (groups.length === 0) break;
    const next = applyEdits(text, groups);
    if (next.applied.length === 0 || next.text === text) break;
    const relinted = await relint(next.text);
    if ("refused" in relinted) return { text, files, refused: relinted.refused };
    text = next.text;
    files = relinted.files;
  }
  return { text, files, refused: null };
}

/** Fixes the file whose tools' results are `files` (one, or an Elixir file's one per tool module); `across[i]` are the i-th's offences across files. */
async function fixFile(files: readonly FileResult[], across: readonly (readonly Offence[])[], kind: InputKindId, options: FixOptions): Promise<FileOutcome> {
  const name = (files[0] as FileResult).file;
  const path = resolve(options.cwd, name);
  let bytes: Uint8Array;
  try {
    bytes = options.given ?? readFileSync(path);
  } catch (error) {
    return notFixed(files, `it cannot be read again: ${describeThrown(error)}`);
  }
  const { text: before, bom } = textOf(bytes);
  const relint = relinter(name, across, options.relint);
  // A file is linted again from the text read now, so that its edits are those of what is
  // there even if it changed since the run read it, unless reading it runs code: that is not
  // cheap, so its first edits are the run's (the write refuses a file changed since now).
  let current: readonly FileResult[] = files;
  if (!runsCode(kind)) {
    const now = await relint(before);
    if ("refused" in now) return notFixed(files, "it changed while it was being linted");
    current = now.files;
  }
  const { text, files: last, refused } = await fixPasses(before, current, relint);
  if (text === before) return refused === null ? { files: files.map((file) => ({ ...file, diff: null })) } : notFixed(files, refused);
  if (options.write && options.given === null) {
    const failure = write(path, bytes, bom, text);
    if (failure !== null) return notFixed(files, failure);
  }
  // The diff is of the bytes on disk: a byte order mark starts the first line, so the patch applies as is.
  const bomText = bom.length > 0 ? "\uFEFF" : "";
  const diff = unifiedDiff(name, bomText + before, bomText + text);
  // The file's diff goes with its first tool's result; the others' say none, so it is shown once.
  const fixed = last.map((file, i): FileResult => ({ ...file, diff: i === 0 ? diff : null }));
  return refused === null ? { files: fixed, text } : { files: fixed, text, note: `${inspectString(name)} was fixed only in part: ${refused}` };
}

/** The results in runs of the same file (an Elixir file's tools are next to each other), with their indexes. */
function byFile(files: readonly FileResult[]): { readonly files: FileResult[]; readonly at: number[] }[] {
  const runs: { files: FileResult[]; at: number[] }[] = [];
  for (const [i, file] of files.entries()) {
    const last = runs.at(-1);
    if (last !== undefined && last.files[0]?.file === file.file) {
      last.files.push(file);
      last.at.push(i);
    } else runs.push({ files: [file], at: [i] });
  }
  return runs;
}

/** Fixes the files of `result` that have edits; see the module comment. */
export async function fixFiles(result: LintResult, options: FixOptions): Promise<FixOutcome> {
  // Fixing one file changes no other: each keeps, across files, what the run found.
  const across = duplicateToolOffences(result.files.map((file) => ({ directory: dirname(resolve(options.cwd, file.file)), file: file.file, tool: file.tool })));
  // Temporary files an interrupted --fix left beside these files go first (src/files/write.ts).
  if (options.write && options.given === null) {
    for (const directory of new Set(result.files.map((file) => dirname(resolve(options.cwd, file.file))))) sweepTemporaryFiles(directory);
  }
  const outcomes: FileOutcome[] = [];
  for (const { files, at } of byFile(result.files)) {
    const kind = kindOf((files[0] as FileResult).file);
    const acrossOf = at.map((i) => {
      const offence = across[i] ?? null;
      return offence === null ? [] : [offence];
    });
    const fixable = kind !== null && files.some((file) => file.offences.some(hasEdits));
    outcomes.push(fixable ? await fixFile(files, acrossOf, kind, options) : { files: files.map((file) => ({ ...file, diff: null })) });
  }
  const files = outcomes.flatMap((o) => o.files);
  return {
    result: { ...result, files, summary: totals(files, result.server !== undefined) },
    notes: outcomes.flatMap((o) => (o.note === undefined ? [] : [o.note])),
    texts: new Map(outcomes.flatMap((o) => (o.text === undefined ? [] : [[(o.files[0] as FileResult).file, o.text] as const]))),
  };
}
