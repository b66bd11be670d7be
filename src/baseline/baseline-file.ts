// The baseline file on disk: which file a run uses (--baseline, the config's "baseline",
// else wymcp-lint-baseline.json beside the config or in the current directory), reading it
// (a broken or, when named explicitly, missing file is a usage error) and writing it
// atomically (a temporary file renamed over it). Called by src/cli/run.ts.

import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import type { Config } from "../config/config.js";
import { describeThrown } from "../core/escape.js";
import { inspectString } from "../text/escape.js";
import { UsageError } from "../usage-error.js";
import { parseJson } from "../text/json5-parse.js";
import { ParseError } from "../text/json5-lexer.js";
import { readEntries, serializeBaseline } from "./baseline.js";
import type { BaselineEntry } from "../lint/result.js";

export const DEFAULT_BASELINE = "wymcp-lint-baseline.json";

export interface BaselineFile {
  readonly path: string;
  /** Named by --baseline or the config: then it must exist unless being written. */
  readonly explicit: boolean;
}

export function baselineFile(flag: string | null, config: Config | null, cwd: string): BaselineFile {
  if (flag !== null) return { path: resolve(cwd, flag), explicit: true };
  if (config?.baseline) return { path: config.baseline, explicit: true };
  return { path: resolve(config?.dir ?? cwd, DEFAULT_BASELINE), explicit: false };
}

/** The file as messages name it: relative to the run's directory. */
export function shownBaseline(file: BaselineFile, cwd: string): string {
  return relative(cwd, file.path) || file.path;
}

/** The baseline's entries; null when there is none (a default file that does not exist). */
export function readBaseline(file: BaselineFile, cwd: string): BaselineEntry[] | null {
  const shown = inspectString(shownBaseline(file, cwd));
  if (!existsSync(file.path)) {
    if (!file.explicit) return null;
    throw new UsageError(`the baseline file ${shown} does not exist; create it with --update-baseline`);
  }
  let value: unknown;
  try {
    const text = readFileSync(file.path, "utf8");
    try {
      value = JSON.parse(text);
    } catch {
      value = parseJson(text); // for the line and column of the mistake
    }
  } catch (error) {
    const why = error instanceof ParseError ? `it is not valid JSON: ${error.message}` : `it cannot be read: ${describeThrown(error)}`;
    throw new UsageError(`the baseline file ${shown} is unusable: ${why}; fix it or write it again with --update-baseline`);
  }
  const read = readEntries(value);
  if ("problem" in read) throw new UsageError(`the baseline file ${shown} is not a wymcp-lint baseline: ${read.problem}; write it again with --update-baseline`);
  return read.entries;
}

/** Writes the entries atomically: readers see the old file or the new one, never a part. */
export function writeBaseline(file: BaselineFile, entries: readonly BaselineEntry[]): void {
  const temporary = resolve(dirname(file.path), `.${DEFAULT_BASELINE}.${process.pid}.tmp`);
  try {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(temporary, serializeBaseline(entries));
    renameSync(temporary, file.path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new UsageError(`the baseline file ${inspectString(file.path)} cannot be written: ${describeThrown(error)}`);
  }
}
