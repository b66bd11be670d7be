// --fix and --fix-dry-run over a lint result: each file with planned edits is fixed in
// memory, pass after pass (each pass lints the new text again, so edits that overlapped
// one already applied are planned afresh), until no edit is left; then, for --fix, written
// atomically if it changed and still parses. Called by src/cli/run.ts, which lints the
// written files again for the report; for --fix-dry-run the report is the last pass's lint.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { inspectString, errorText } from "../core/escape.js";
import type { Offence } from "../core/offence.js";
import { sortOffences } from "../core/order.js";
import { kindOf } from "../lint/discover.js";
import { lintText, summarize, toolNameOf } from "../lint/lint-files.js";
import type { FileResult, LintResult } from "../lint/result.js";
import { applyEdits } from "./apply.js";
import { unifiedDiff } from "./diff.js";
import { WriteSkipped, writeAtomically } from "./write.js";

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
function fixText(text: string, kind: "json" | "json5", toolName: string): FixedText | null {
  let current = text;
  let lint = lintText(current, kind, toolName);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const groups = lint.offences.filter(hasEdits).map((offence) => offence.edits as NonNullable<Offence["edits"]>);
    if (groups.length === 0) break;
    const next = applyEdits(current, groups);
    if (next.applied === 0 || next.text === current) break;
    current = next.text;
    lint = lintText(current, kind, toolName);
  }
  if (lint.offences.some((offence) => offence.code === "parse-error")) return null;
  return { text: current, offences: lint.offences };
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Fixes the files of `result` that have edits; see the module comment. */
export function fixFiles(result: LintResult, options: FixOptions): FixOutcome {
  const notes: string[] = [];
  let written = 0;
  const files = result.files.map((file): FileResult => {
    const unchanged: FileResult = { ...file, diff: null };
    if (!file.offences.some(hasEdits)) return unchanged;
    const kind = kindOf(file.file);
    if (kind !== "json" && kind !== "json5") return unchanged;
    const path = resolve(options.cwd, file.file);
    const bytes = options.stdin ?? readFileSync(path);
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    const before = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(bom ? 3 : 0).toString("utf8");
    const fixed = fixText(before, kind, toolNameOf(file.file));
    if (fixed === null) {
      notes.push(`${inspectString(file.file)} was not fixed: the fixed text would not parse (a wymcp-lint defect; please report it)`);
      return unchanged;
    }
    if (fixed.text === before) return unchanged;
    if (options.write && options.stdin === null) {
      try {
        writeAtomically(path, bytes, Buffer.concat([bom ? BOM : Buffer.alloc(0), Buffer.from(fixed.text, "utf8")]));
        written++;
      } catch (error) {
        const why = error instanceof WriteSkipped ? error.message : errorText(error);
        notes.push(`${inspectString(file.file)} was not fixed: ${why}`);
        return unchanged;
      }
    }
    const kept = file.offences.filter((offence) => CROSS_FILE.has(offence.code));
    return { ...file, offences: sortOffences([...kept, ...fixed.offences]), diff: unifiedDiff(file.file, before, fixed.text) };
  });
  return { result: summarize(files, performance.now() - result.durationMs), written, notes };
}
