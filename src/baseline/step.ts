// The baseline's step in a run (docs/configuration.md, "Baseline"), after severities are resolved:
// with --update-baseline, the run's offences are written to the baseline file first; then,
// when a baseline exists, the offences it records are taken out of the result and its
// totals, and the result says how many were baselined and which entries are stale. Stale
// entries are a warning, not a failure: fixing an offence must not break the build; the
// team prunes them with --update-baseline. Called by src/cli/run.ts.

import { existsSync } from "node:fs";
import { dirname } from "node:path";
import type { Config } from "../config/config.js";
import { totals } from "../lint/result.js";
import type { LintResult } from "../lint/result.js";
import { applyBaseline, updatedEntries, type BaselineContext } from "./apply-baseline.js";
import { baselineExists, baselineFile, readBaseline, shownBaseline, writeBaseline } from "./baseline-file.js";

export interface BaselineStepOptions {
  /** --baseline FILE, false for --no-baseline, or null. */
  readonly flag: string | false | null;
  readonly update: boolean;
  /** The run's config; false for --no-config, which applies no default baseline. */
  readonly config: Config | null | false;
  readonly cwd: string;
  /** Told what --update-baseline wrote. */
  readonly note: (message: string) => void;
  /** Told of the baseline file when --update-baseline changed it: its path and the text written. */
  readonly wrote: (path: string, text: string) => void;
}

export function baselineStep(result: LintResult, options: BaselineStepOptions): LintResult {
  const file = baselineFile(options.flag, options.config, options.cwd);
  if (file === null) return result;
  const context: BaselineContext = { dir: dirname(file.path), cwd: options.cwd, exists: existsSync };
  let entries = options.update && !baselineExists(file, options.cwd) ? [] : readBaseline(file, options.cwd);
  if (options.update) {
    entries = updatedEntries(result.files, entries ?? [], context);
    const text = writeBaseline(file, entries, options.cwd);
    if (text !== null) options.wrote(file.path, text);
    const count = entries.reduce((sum, e) => sum + e.count, 0);
    options.note(`wrote ${count} ${count === 1 ? "offence" : "offences"} to the baseline ${shownBaseline(file, options.cwd)}`);
  }
  if (entries === null) return result;
  const { files, baselined, stale } = applyBaseline(result.files, entries, context);
  return { ...result, files, summary: totals(files, result.server !== undefined), baseline: { file: shownBaseline(file, options.cwd), baselined, stale } };
}
