// --fix and --fix-dry-run over a lint result, one loop for every kind of file: the edits of
// what is reported are applied to the text in memory (apply-edits.ts), the new text is
// linted again as the run lints that file (src/lint/lint-text.ts: a tool module is loaded
// from the text as if it were the file), and so on, pass after pass, until no edit is left;
// then the file is written once, atomically (src/files/write.ts), or for --fix-dry-run only
// shown as a diff. A pass whose text would not parse, or whose module would not load, is not
// taken. Called by src/cli/run.ts, whose report is the result given back: what is left in
// each file, and the diff of what was (or would be) written.

import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { describeThrown } from "../core/escape.js";
import type { ToolLint } from "../core/tool-lint.js";
import type { Offence, TextEdit } from "../core/offence.js";
import { kindOf } from "../files/kind.js";
import { textOf } from "../files/text.js";
import { sweepTemporaryFiles, WriteSkipped, writeAtomically } from "../files/write.js";
import { duplicateToolOffences } from "../lint/duplicate-tools.js";
import { summarize } from "../lint/lint-paths.js";
import { lintActionFileText, lintElixirModuleText, lintModuleText } from "../lint/lint-text.js";
import type { ModulePool } from "../modules/pool.js";
import type { FileResult, LintResult } from "../lint/result.js";
import { DEFAULT_RULES, type SeverityRules } from "../lint/severity.js";
import { parseModule } from "../locate/module-source.js";
import { inspectString } from "../text/escape.js";
import { applyEdits } from "./apply-edits.js";
import { unifiedDiff } from "./diff.js";

/** Passes over one file before giving up on edits that keep clashing (each pass applies at least one). */
const MAX_PASSES = 10;

export interface FixOptions {
  /** Write the fixed files (--fix); false only computes them (--fix-dry-run). */
  readonly write: boolean;
  readonly cwd: string;
  /** The bytes of standard input when the result is of --stdin (never written). */
  readonly stdin: Uint8Array | null;
  /** --load-timeout, for loading a fixed tool module's text. */
  readonly loadTimeoutMs: number;
  /** The run's severity rules: an offence they set off is neither fixed nor reported. */
  readonly rules?: SeverityRules;
  /** The run's module processes, for loading a fixed tool module's text (src/modules/pool.ts). */
  readonly pool?: ModulePool;
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

/** A file's text linted again: its lint, or why that text must not be taken. */
export type Relinted = { readonly lint: ToolLint } | { readonly refused: string };

/** What linting a fixed text again needs: the module processes and their load timeout. */
export type RelintOptions = Pick<FixOptions, "loadTimeoutMs" | "pool">;

/** How one file is linted again from a new text, the way the run lints it; `across` are its offences across files. */
export function relinter(file: string, path: string, across: readonly Offence[], options: RelintOptions): (text: string) => Promise<Relinted> {
  const kind = kindOf(file);
  if (kind === "module") {
    return async (text) => {
      const parsed = await parseModule(text, path);
      if (parsed !== null && parsed.syntaxErrorAt !== null) return { refused: "the fixed source would not parse (a wymcp-lint defect; please report it)" };
      const lint = await lintModuleText(path, text, { timeoutMs: options.loadTimeoutMs, pool: options.pool }, across, parsed);
      const failed = lint.offences.find((offence) => offence.code === "load-error");
      return failed === undefined ? { lint } : { refused: `the fixed module would not load (${failed.message})` };
    };
  }
  if (kind === "elixir") {
    return async (text) => {
      const lint = await lintElixirModuleText(path, text, across);
      return lint.offences.some((offence) => offence.code === "parse-error") ? { refused: "the fixed text would not parse (a wymcp-lint defect; please report it)" } : { lint };
    };
  }
  return async (text) => {
    const lint = lintActionFileText(text, kind as "json" | "json5", file, across);
    return lint.offences.some((offence) => offence.code === "parse-error") ? { refused: "the fixed text would not parse (a wymcp-lint defect; please report it)" } : { lint };
  };
}

/** One file's outcome: its result (what is left, the diff), and why it was not fixed, or only in part. */
interface FileOutcome {
  readonly file: FileResult;
  readonly note?: string;
  /** The fixed text, when it changed. */
  readonly text?: string;
}

function notFixed(file: FileResult, why: string): FileOutcome {
  return { file: { ...file, diff: null }, note: `${inspectString(file.file)} was not fixed: ${why}` };
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

/** A text after its fix passes: the text, its lint after the last pass taken, and why a pass was refused (null when none was). */
export interface FixedText {
  readonly text: string;
  readonly lint: ToolLint;
  readonly refused: string | null;
}

/**
 * The fix passes over one text in memory: the edits of what `lint` reports (and `rules` do
 * not set off) applied, the text linted again, until no edit is left or a pass is refused.
 */
export async function fixPasses(file: string, text: string, lint: ToolLint, relint: (text: string) => Promise<Relinted>, rules: SeverityRules): Promise<FixedText> {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const groups = lint.offences.filter((offence) => hasEdits(offence) && rules.severityOf(offence.code, file) !== "off").map((offence) => offence.edits as readonly TextEdit[]);
    if (groups.length === 0) break;
    const next = applyEdits(text, groups);
    if (next.applied.length === 0 || next.text === text) break;
    const relinted = await relint(next.text);
    if ("refused" in relinted) return { text, lint, refused: relinted.refused };
    text = next.text;
    lint = relinted.lint;
  }
  return { text, lint, refused: null };
}

async function fixFile(file: FileResult, across: readonly Offence[], options: FixOptions): Promise<FileOutcome> {
  const path = resolve(options.cwd, file.file);
  let bytes: Uint8Array;
  try {
    bytes = options.stdin ?? readFileSync(path);
  } catch (error) {
    return notFixed(file, `it cannot be read again: ${describeThrown(error)}`);
  }
  const { text: before, bom } = textOf(bytes);
  const rules = options.rules ?? DEFAULT_RULES;
  const relint = relinter(file.file, path, across, options);
  // An action file is linted again from the text read now (that is cheap), so that its edits
  // are those of what is there even if it changed since the run read it. A module's load is
  // not cheap: its first edits are the run's (the write refuses a file changed since now).
  let lint: ToolLint = file;
  if (kindOf(file.file) !== "module") {
    const now = await relint(before);
    if ("refused" in now) return notFixed(file, "it changed while it was being linted");
    lint = now.lint;
  }
  const { text, lint: last, refused } = await fixPasses(file.file, before, lint, relint, rules);
  if (text === before) return refused === null ? { file: { ...file, diff: null } } : notFixed(file, refused);
  if (options.write && options.stdin === null) {
    const failure = write(path, bytes, bom, text);
    if (failure !== null) return notFixed(file, failure);
  }
  // The diff is of the bytes on disk: a byte order mark starts the first line, so the patch applies as is.
  const bomText = bom.length > 0 ? "\uFEFF" : "";
  const fixed: FileResult = { file: file.file, tool: last.tool, actions: last.actions, offences: last.offences, diff: unifiedDiff(file.file, bomText + before, bomText + text) };
  return refused === null ? { file: fixed, text } : { file: fixed, text, note: `${inspectString(file.file)} was fixed only in part: ${refused}` };
}

/** Fixes the files of `result` that have edits; see the module comment. */
export async function fixFiles(result: LintResult, options: FixOptions): Promise<FixOutcome> {
  // Fixing one file changes no other: each keeps, across files, what the run found.
  const across = duplicateToolOffences(result.files.map((file) => ({ directory: dirname(resolve(options.cwd, file.file)), file: file.file, tool: file.tool })));
  // Temporary files an interrupted --fix left beside these files go first (src/files/write.ts).
  if (options.write && options.stdin === null) {
    for (const directory of new Set(result.files.map((file) => dirname(resolve(options.cwd, file.file))))) sweepTemporaryFiles(directory);
  }
  const outcomes: FileOutcome[] = [];
  for (const [i, file] of result.files.entries()) {
    const fixable = kindOf(file.file) !== null && file.offences.some(hasEdits);
    const offence = across[i];
    outcomes.push(fixable ? await fixFile(file, offence ? [offence] : [], options) : { file: { ...file, diff: null } });
  }
  return {
    result: summarize(
      outcomes.map((o) => o.file),
      performance.now() - result.durationMs,
      options.rules ?? DEFAULT_RULES,
    ),
    notes: outcomes.flatMap((o) => (o.note === undefined ? [] : [o.note])),
    texts: new Map(outcomes.flatMap((o) => (o.text === undefined ? [] : [[o.file.file, o.text] as const]))),
  };
}
