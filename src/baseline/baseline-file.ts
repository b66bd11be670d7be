// The baseline file on disk: which file a run uses (--baseline, the config's "baseline",
// else wymcp-lint-baseline.json beside the config or in the current directory; none with
// --no-baseline, nor a default one with --no-config), reading it (a broken file, one that is
// not a regular file, or, when named explicitly, a missing one is a usage error) and writing
// it with the one atomic writer (src/files/write.ts: a symlink stays a link, the bytes are
// flushed), only when its bytes change. Called by step.ts.

import { mkdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Config } from "../config/config.js";
import { describeThrown } from "../core/escape.js";
import { writeFileIfChanged } from "../files/write.js";
import { inspectString } from "../text/escape.js";
import { fileState } from "../files/regular-file.js";
import { shownPath } from "../text/posix-path.js";
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

/**
 * The run's baseline file; null when the run has none: --no-baseline (flag false), or
 * --no-config without --baseline (docs/configuration.md, "Baseline": the default place comes from the config).
 */
export function baselineFile(flag: string | false | null, config: Config | null | false, cwd: string): BaselineFile | null {
  if (flag === false) return null;
  if (flag !== null) return { path: resolve(cwd, flag), explicit: true };
  if (config === false) return null;
  if (config?.baseline) return { path: config.baseline, explicit: true };
  return { path: resolve(config?.dir ?? cwd, DEFAULT_BASELINE), explicit: false };
}

/** The file as messages name it: relative to the run's directory when below it, else absolute. */
export function shownBaseline(file: BaselineFile, cwd: string): string {
  return shownPath(file.path, cwd);
}

/** What a broken baseline's message ends with: what works, since --update-baseline reads the file first. */
const REWRITE = "fix it, or delete it and run wymcp-lint --update-baseline to write a new one";

/** A usage error when the baseline exists but is no regular file (a FIFO would hang the read, a device never end it). */
function checkRegular(file: BaselineFile, cwd: string): boolean {
  const state = fileState(file.path);
  if (state === "absent") return false;
  if (state !== "file")
    throw new UsageError(`the baseline file ${inspectString(shownBaseline(file, cwd))} is ${state}, not a regular file; name a baseline file with --baseline FILE`);
  return true;
}

/** The baseline's entries; null when there is none (a default file that does not exist). */
export function readBaseline(file: BaselineFile, cwd: string): BaselineEntry[] | null {
  const shown = inspectString(shownBaseline(file, cwd));
  if (!checkRegular(file, cwd)) {
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
    throw new UsageError(`the baseline file ${shown} is unusable: ${why}; ${REWRITE}`);
  }
  const read = readEntries(value);
  if ("problem" in read) throw new UsageError(`the baseline file ${shown} is not a wymcp-lint baseline: ${read.problem}; ${REWRITE}`);
  return read.entries;
}

/** Whether the baseline file exists (as a regular file: anything else is a usage error). */
export function baselineExists(file: BaselineFile, cwd: string): boolean {
  return checkRegular(file, cwd);
}

/** Writes the entries atomically: readers see the old file or the new one, never a part; a file that holds them already is left as it is. The text written, null when it was there already. */
export function writeBaseline(file: BaselineFile, entries: readonly BaselineEntry[], cwd: string): string | null {
  const text = serializeBaseline(entries);
  try {
    mkdirSync(dirname(file.path), { recursive: true });
    return writeFileIfChanged(file.path, Buffer.from(text, "utf8")) ? text : null;
  } catch (error) {
    throw new UsageError(`the baseline file ${inspectString(shownBaseline(file, cwd))} cannot be written: ${describeThrown(error)}`);
  }
}
