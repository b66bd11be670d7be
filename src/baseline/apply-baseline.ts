// Matches a run's reported offences against the baseline (docs/configuration.md, "Baseline"): each entry
// absorbs up to its count of offences with its fingerprint, in report order; the rest are
// new and counted as usual. An entry left with a count is stale (the offences it recorded
// are gone) when its file was linted in this run or no longer exists; entries of files this
// run did not lint are not judged. Also builds the entries --update-baseline writes. Pure
// but for `exists`.

import { resolve } from "node:path";
import { relativePosixPath } from "../text/posix-path.js";
import type { FileResult } from "../lint/result.js";
import { entryOf, mergeEntries } from "./baseline.js";
import type { BaselineEntry } from "../lint/result.js";

/** Where the run's files are and how a baseline names them. */
export interface BaselineContext {
  /** The baseline file's directory: entries' files are relative to it. */
  readonly dir: string;
  /** The run's directory: results' file names are relative to it. */
  readonly cwd: string;
  /** Whether a file (absolute) exists, for entries of deleted files. */
  readonly exists: (path: string) => boolean;
}

function identity(file: string, context: BaselineContext): string {
  const absolute = resolve(context.cwd, file);
  return relativePosixPath(absolute, context.dir) ?? absolute;
}

export interface Baselined {
  /** The files with the offences the baseline absorbed removed. */
  readonly files: readonly FileResult[];
  readonly baselined: number;
  readonly stale: readonly BaselineEntry[];
}

export function applyBaseline(files: readonly FileResult[], entries: readonly BaselineEntry[], context: BaselineContext): Baselined {
  const remaining = new Map(entries.map((e) => [e.fingerprint, e.count]));
  const linted = new Set<string>();
  let baselined = 0;
  const kept = files.map((file): FileResult => {
    const id = identity(file.file, context);
    linted.add(id);
    const offences = file.offences.filter((offence) => {
      const fingerprint = entryOf(id, file.tool, offence).fingerprint;
      const left = remaining.get(fingerprint) ?? 0;
      if (left === 0) return true;
      remaining.set(fingerprint, left - 1);
      baselined++;
      return false;
    });
    return offences.length === file.offences.length ? file : { ...file, offences };
  });
  const stale = entries.flatMap((entry) => {
    const left = remaining.get(entry.fingerprint) ?? 0;
    // One fingerprint's count is judged once, on its first entry.
    remaining.delete(entry.fingerprint);
    const judged = linted.has(entry.file) || !context.exists(resolve(context.dir, entry.file));
    return left > 0 && judged ? [{ ...entry, count: left }] : [];
  });
  return { files: kept, baselined, stale };
}

/**
 * The baseline --update-baseline writes: every reported offence of this run, plus the
 * entries of files this run did not lint that still exist (so updating from a subset of the
 * files keeps the rest of the baseline).
 */
export function updatedEntries(files: readonly FileResult[], previous: readonly BaselineEntry[], context: BaselineContext): BaselineEntry[] {
  const linted = new Set<string>();
  const current: BaselineEntry[] = [];
  for (const file of files) {
    const id = identity(file.file, context);
    linted.add(id);
    for (const offence of file.offences) current.push(entryOf(id, file.tool, offence));
  }
  const kept = previous.filter((entry) => !linted.has(entry.file) && context.exists(resolve(context.dir, entry.file)));
  return mergeEntries([...kept, ...current]);
}
