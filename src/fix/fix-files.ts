// --fix and --fix-dry-run over a lint result. An action file is fixed in memory, pass after
// pass (each pass lints the new text again, so edits that overlapped one already applied
// are planned afresh), until no edit is left; then, for --fix, written atomically if it
// changed and still parses. A tool module is written and loaded again after each pass
// (fixModuleFile). Called by src/cli/run.ts, which lints everything again after writing;
// for --fix-dry-run the report is the last pass's lint (for modules, a prediction).

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { describeThrown } from "../core/escape.js";
import { inspectString } from "../text/escape.js";
import type { Offence, TextEdit } from "../core/offence.js";
import { sortOffences } from "../core/order.js";
import { kindOf } from "../files/kind.js";
import { summarize } from "../lint/lint-paths.js";
import { DEFAULT_RULES, type SeverityRules } from "../lint/severity.js";
import { toolNameOf } from "../action-file/lint.js";
import { lintText } from "../lint/lint-action-file.js";
import { locateToolModule } from "../locate/tool-module.js";
import type { FileResult, LintResult } from "../lint/result.js";
import { applyEdits } from "./apply-edits.js";
import { unifiedDiff } from "./diff.js";
import { textOf } from "../files/text.js";
import { WriteSkipped, writeAtomically } from "../files/write.js";

/** Passes over one file before giving up on edits that keep clashing (each pass applies at least one). */
const MAX_PASSES = 10;

/** Offences that depend on other files, which fixing one file cannot change: kept from the first lint. */
const CROSS_FILE: ReadonlySet<Offence["code"]> = new Set(["duplicate-tool"]);

export interface FixOptions {
  /** Write the fixed files (--fix); false only computes them (--fix-dry-run). */
  readonly write: boolean;
  readonly cwd: string;
  /** The bytes of standard input when the result is of --stdin (never written). */
  readonly stdin: Uint8Array | null;
  /** --load-timeout, for loading a fixed tool module again. */
  readonly loadTimeoutMs: number;
  /** The run's severity rules: an offence they set off is neither fixed nor reported. */
  readonly rules?: SeverityRules;
}

export interface FixOutcome {
  /** The result with each fixed file's lint after its last pass, and its diff (null when unchanged). */
  readonly result: LintResult;
  /** How many files were written. */
  readonly written: number;
  /** Why a file that had fixes was left unchanged: one line each, for stderr. */
  readonly notes: readonly string[];
}

const hasEdits = (offence: Offence): boolean => offence.edits !== undefined && offence.edits.length > 0;

interface FixedText {
  readonly text: string;
  readonly offences: readonly Offence[];
}

/** The text after every pass of fixes, and its lint; null when the result would not parse. */
function fixText(text: string, kind: "json" | "json5", file: string, rules: SeverityRules): FixedText | null {
  const toolName = toolNameOf(file);
  const reported = (offence: Offence): boolean => rules.severityOf(offence.code, file) !== "off";
  let current = text;
  let lint = lintText(current, kind, toolName);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const groups = groupsOf(lint.offences.filter(reported));
    if (groups.length === 0) break;
    const next = applyEdits(current, groups);
    if (next.applied.length === 0 || next.text === current) break;
    current = next.text;
    lint = lintText(current, kind, toolName);
  }
  if (lint.offences.some((offence) => offence.code === "parse-error")) return null;
  return { text: current, offences: lint.offences };
}

const groupsOf = (offences: readonly Offence[]): (readonly TextEdit[])[] => offences.filter(hasEdits).map((offence) => offence.edits as readonly TextEdit[]);

/** One file's outcome: its result (what is left, the diff), whether it was written, why not. */
interface FileOutcome {
  readonly file: FileResult;
  readonly written: boolean;
  readonly note?: string;
}

function notFixed(file: FileResult, why: string): FileOutcome {
  return { file: { ...file, diff: null }, written: false, note: `${inspectString(file.file)} was not fixed: ${why}` };
}

/** Writes `after` over the file, reporting why not; true when written. */
function write(path: string, original: Uint8Array, bom: Buffer, after: string): string | null {
  try {
    writeAtomically(path, original, Buffer.concat([bom, Buffer.from(after, "utf8")]));
    return null;
  } catch (error) {
    return error instanceof WriteSkipped ? error.message : describeThrown(error);
  }
}

function fixActionFile(file: FileResult, kind: "json" | "json5", path: string, options: FixOptions): FileOutcome {
  const bytes = options.stdin ?? readFileSync(path);
  const { text: before, bom } = textOf(bytes);
  const fixed = fixText(before, kind, file.file, options.rules ?? DEFAULT_RULES);
  if (fixed === null) return notFixed(file, "the fixed text would not parse (a wymcp-lint defect; please report it)");
  if (fixed.text === before) return { file: { ...file, diff: null }, written: false };
  if (options.write && options.stdin === null) {
    const failure = write(path, bytes, bom, fixed.text);
    if (failure !== null) return notFixed(file, failure);
  }
  const kept = file.offences.filter((offence) => CROSS_FILE.has(offence.code));
  const result = { ...file, offences: sortOffences([...kept, ...fixed.offences]), diff: unifiedDiff(file.file, before, fixed.text) };
  return { file: result, written: options.write && options.stdin === null };
}

/**
 * A tool module: each pass applies the edits, checks that the text still parses, writes it
 * and loads the module again for the next pass's edits. A dry run cannot load what it did
 * not write: it makes one pass, and what is left is the offences whose edits it did not apply.
 */
async function fixModuleFile(file: FileResult, path: string, options: FixOptions): Promise<FileOutcome> {
  const { parseModule } = await import("../locate/module-source.js");
  const findSyntaxError = async (text: string, file: string) => (await parseModule(text, file))?.syntaxErrorAt ?? null;
  const bytes = readFileSync(path);
  const { text: before, bom } = textOf(bytes);
  if ((await findSyntaxError(before, path)) !== null) return notFixed(file, "its source does not parse");
  let current = before;
  let onDisk: Uint8Array = bytes;
  let offences = file.offences;
  for (let pass = 0; pass < (options.write ? MAX_PASSES : 1); pass++) {
    const groups = groupsOf(offences);
    const next = applyEdits(current, groups);
    if (next.applied.length === 0 || next.text === current) break;
    if ((await findSyntaxError(next.text, path)) !== null) {
      if (current === before) return notFixed(file, "the fixed source would not parse (a wymcp-lint defect; please report it)");
      break; // keep the passes already written
    }
    if (!options.write) {
      const applied = new Set(next.applied.map((i) => groups[i]));
      offences = offences.filter((offence) => !applied.has(offence.edits as readonly TextEdit[]));
      current = next.text;
      break;
    }
    const failure = write(path, onDisk, bom, next.text);
    if (failure !== null) {
      if (current === before) return notFixed(file, failure);
      break;
    }
    onDisk = Buffer.concat([bom, Buffer.from(next.text, "utf8")]);
    current = next.text;
    const { lintToolModule } = await import("../modules/index.js");
    const rules = options.rules ?? DEFAULT_RULES;
    const loaded = await lintToolModule(path, { timeoutMs: options.loadTimeoutMs });
    const relinted = await locateToolModule(path, current, loaded.offences);
    offences = relinted.filter((offence) => rules.severityOf(offence.code, file.file) !== "off");
  }
  if (current === before) return { file: { ...file, diff: null }, written: false };
  return { file: { ...file, offences, diff: unifiedDiff(file.file, before, current) }, written: options.write };
}

/** Fixes the files of `result` that have edits; see the module comment. */
export async function fixFiles(result: LintResult, options: FixOptions): Promise<FixOutcome> {
  const outcomes: FileOutcome[] = [];
  for (const file of result.files) {
    const kind = kindOf(file.file);
    const path = resolve(options.cwd, file.file);
    if (!file.offences.some(hasEdits) || kind === null) outcomes.push({ file: { ...file, diff: null }, written: false });
    // A module read from standard input has no file to read its source from, nor to write.
    else if (kind === "module") outcomes.push(options.stdin === null ? await fixModuleFile(file, path, options) : { file: { ...file, diff: null }, written: false });
    else outcomes.push(fixActionFile(file, kind, path, options));
  }
  return {
    result: summarize(
      outcomes.map((o) => o.file),
      performance.now() - result.durationMs,
      options.rules ?? DEFAULT_RULES,
    ),
    written: outcomes.filter((o) => o.written).length,
    notes: outcomes.flatMap((o) => (o.note === undefined ? [] : [o.note])),
  };
}
