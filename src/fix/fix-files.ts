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

/** A file's text linted again: its lints (an Elixir file's one per tool module, every other file's one), or why that text must not be taken. */
type Relinted = { readonly lints: readonly ToolLint[] } | { readonly refused: string };

/** What linting a fixed text again needs: the module processes and their load timeout. */
export type RelintOptions = Pick<FixOptions, "loadTimeoutMs" | "pool">;

/** How one file is linted again from a new text, the way the run lints it; `across[i]` are its i-th tool's offences across files. */
function relinter(file: string, path: string, across: readonly (readonly Offence[])[], options: RelintOptions): (text: string) => Promise<Relinted> {
  const own = across[0] ?? [];
  const kind = kindOf(file);
  if (kind === "module") {
    return async (text) => {
      const parsed = await parseModule(text, path);
      if (parsed !== null && parsed.syntaxErrorAt !== null) return { refused: "the fixed source would not parse (a wymcp-lint defect; please report it)" };
      const lint = await lintModuleText(path, text, { timeoutMs: options.loadTimeoutMs, pool: options.pool }, own, parsed);
      const failed = lint.offences.find((offence) => offence.code === "load-error");
      return failed === undefined ? { lints: [lint] } : { refused: `the fixed module would not load (${failed.message})` };
    };
  }
  if (kind === "elixir") {
    return async (text) => {
      // A fix renames no tool: each keeps the offences across files the run gave it.
      const lints = await lintElixirModuleText(path, text, () => across);
      return lints.some((lint) => lint.offences.some((offence) => offence.code === "parse-error"))
        ? { refused: "the fixed text would not parse (a wymcp-lint defect; please report it)" }
        : { lints };
    };
  }
  return async (text) => {
    const lint = lintActionFileText(text, kind as "json" | "json5", file, own);
    return lint.offences.some((offence) => offence.code === "parse-error")
      ? { refused: "the fixed text would not parse (a wymcp-lint defect; please report it)" }
      : { lints: [lint] };
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

/** A text after its fix passes: the text, its lints after the last pass taken (an Elixir file's one per tool module), and why a pass was refused (null when none was). */
interface FixedText {
  readonly text: string;
  readonly lints: readonly ToolLint[];
  readonly refused: string | null;
}

/**
 * The fix passes over one text in memory: the edits of what `lints` report (and `rules` do
 * not set off) applied, the text linted again, until no edit is left or a pass is refused.
 */
async function fixPasses(file: string, text: string, lints: readonly ToolLint[], relint: (text: string) => Promise<Relinted>, rules: SeverityRules): Promise<FixedText> {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const groups = lints.flatMap((lint) =>
      lint.offences.filter((offence) => hasEdits(offence) && rules.severityOf(offence.code, file) !== "off").map((offence) => offence.edits as readonly TextEdit[]),
    );
    if (groups.length === 0) break;
    const next = applyEdits(text, groups);
    if (next.applied.length === 0 || next.text === text) break;
    const relinted = await relint(next.text);
    if ("refused" in relinted) return { text, lints, refused: relinted.refused };
    text = next.text;
    lints = relinted.lints;
  }
  return { text, lints, refused: null };
}

/** Fixes the file whose tools' results are `files` (one, or an Elixir file's one per tool module); `across[i]` are the i-th's offences across files. */
async function fixFile(files: readonly FileResult[], across: readonly (readonly Offence[])[], options: FixOptions): Promise<FileOutcome> {
  const name = (files[0] as FileResult).file;
  const path = resolve(options.cwd, name);
  let bytes: Uint8Array;
  try {
    bytes = options.stdin ?? readFileSync(path);
  } catch (error) {
    return notFixed(files, `it cannot be read again: ${describeThrown(error)}`);
  }
  const { text: before, bom } = textOf(bytes);
  const rules = options.rules ?? DEFAULT_RULES;
  const relint = relinter(name, path, across, options);
  // An action file is linted again from the text read now (that is cheap), so that its edits
  // are those of what is there even if it changed since the run read it. A module's load is
  // not cheap: its first edits are the run's (the write refuses a file changed since now).
  let lints: readonly ToolLint[] = files;
  if (kindOf(name) !== "module") {
    const now = await relint(before);
    if ("refused" in now) return notFixed(files, "it changed while it was being linted");
    lints = now.lints;
  }
  const { text, lints: last, refused } = await fixPasses(name, before, lints, relint, rules);
  if (text === before) return refused === null ? { files: files.map((file) => ({ ...file, diff: null })) } : notFixed(files, refused);
  if (options.write && options.stdin === null) {
    const failure = write(path, bytes, bom, text);
    if (failure !== null) return notFixed(files, failure);
  }
  // The diff is of the bytes on disk: a byte order mark starts the first line, so the patch applies as is.
  const bomText = bom.length > 0 ? "\uFEFF" : "";
  const diff = unifiedDiff(name, bomText + before, bomText + text);
  // The file's diff goes with its first tool's result; the others' say none, so it is shown once.
  const fixed = last.map((lint, i): FileResult => ({ file: name, tool: lint.tool, actions: lint.actions, offences: lint.offences, diff: i === 0 ? diff : null }));
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
  if (options.write && options.stdin === null) {
    for (const directory of new Set(result.files.map((file) => dirname(resolve(options.cwd, file.file))))) sweepTemporaryFiles(directory);
  }
  const outcomes: FileOutcome[] = [];
  for (const { files, at } of byFile(result.files)) {
    const fixable = kindOf((files[0] as FileResult).file) !== null && files.some((file) => file.offences.some(hasEdits));
    const acrossOf = at.map((i) => {
      const offence = across[i] ?? null;
      return offence === null ? [] : [offence];
    });
    outcomes.push(fixable ? await fixFile(files, acrossOf, options) : { files: files.map((file) => ({ ...file, diff: null })) });
  }
  return {
    result: summarize(
      outcomes.flatMap((o) => o.files),
      performance.now() - result.durationMs,
      options.rules ?? DEFAULT_RULES,
      result.server !== undefined,
    ),
    notes: outcomes.flatMap((o) => (o.note === undefined ? [] : [o.note])),
    texts: new Map(outcomes.flatMap((o) => (o.text === undefined ? [] : [[(o.files[0] as FileResult).file, o.text] as const]))),
  };
}
