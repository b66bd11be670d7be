// The result of a run over files: what the formatters render and what the exit code is
// derived from. Plain data; files in path order, each file's offences sorted.

import type { ToolLint } from "../core/tool-lint.js";
import type { SurfaceHashes } from "../core/surface.js";

/** Token estimates of one file's tools and actions, by name. */
export interface TokenEstimates {
  readonly tools: Readonly<Record<string, number>>;
  /** A Wymcp tool's actions, each as help gives it. */
  readonly actions?: Readonly<Record<string, number>>;
}

/** One file's lint, named. */
export interface FileResult extends ToolLint {
  /** The file as the user named it: the argument as given, joined with the path found under it. */
  readonly file: string;
  /** Only when the config asks for token estimates (docs/tokens.md): each tool's and each Wymcp action's, by name. */
  readonly tokens?: TokenEstimates;
  /**
   * Only with --fix or --fix-dry-run: the unified diff of the fixes made to the file (or,
   * dry, that would be made); null when there were none.
   */
  readonly diff?: string | null;
}

export interface Summary {
  readonly files: number;
  readonly actions: number;
  /** Every reported offence: errors plus warnings (those set off are not reported). */
  readonly offences: number;
  /** Offences of severity error: any one fails the run. */
  readonly errors: number;
  /** Offences of severity warn: they fail the run only past --max-warnings. */
  readonly warnings: number;
}

/** One entry of a baseline file (src/baseline/baseline.ts): offences of one identity, and how many. */
export interface BaselineEntry {
  /** The file, relative to the baseline's directory, with "/" separators. */
  readonly file: string;
  readonly code: string;
  readonly tool: string | null;
  readonly action: string | null;
  /** The offence's location (for readers; the fingerprint is what matches). */
  readonly location: string;
  /** How many offences have this fingerprint. */
  readonly count: number;
  readonly fingerprint: string;
}

/** What a baseline did in this run (present only when the run used one). */
export interface BaselineReport {
  /** The baseline file, as messages name it. */
  readonly file: string;
  /** Offences the baseline absorbed: not in `files`, not in the totals. */
  readonly baselined: number;
  /** Entries no offence matched any more (counts are what is left over): prune them with --update-baseline. */
  readonly stale: readonly BaselineEntry[];
}

export interface LintResult {
  readonly files: readonly FileResult[];
  readonly summary: Summary;
  readonly baseline?: BaselineReport;
  /** Wall time of the run in milliseconds (shown by the text format only). */
  readonly durationMs: number;
  /** Present when the run used the result cache: files whose lint it kept, and files linted again. */
  readonly cache?: { readonly hits: number; readonly misses: number };
  /**
   * Set when the run linted a running server (src/server/): its label, the command line or
   * URL that each FileResult's `file` then holds. Such a `file` is no path: the formats
   * give it no physical location.
   */
  readonly server?: string;
  /**
   * With `server`: what it publishes, as pins (docs/pins.md), whether it is a Wymcp server, and
   * its tools/list entries with each Wymcp tool's actions as help gave them (src/tokens/).
   */
  readonly surface?: {
    readonly hashes: SurfaceHashes;
    readonly wymcp: boolean;
    readonly listed: readonly unknown[];
    readonly answered: ReadonlyMap<string, unknown>;
  };
  /** Only when the config asks for token estimates: each server's total (a tools file's, a directory of action files', a running server's). */
  readonly tokens?: { readonly servers: Readonly<Record<string, number>> };
}

/**
 * The totals of what the files report (severities already resolved). Files are counted once
 * each (an Elixir file has a result per tool module, next to each other); a server's
 * results, which all name it, count its tools.
 */
export function totals(files: readonly FileResult[], server: boolean): Summary {
  let actions = 0;
  let errors = 0;
  let warnings = 0;
  let named = 0;
  for (const [i, file] of files.entries()) {
    if (server || files[i - 1]?.file !== file.file) named++;
    actions += file.actions;
    for (const offence of file.offences) {
      if (offence.severity === "error") errors++;
      else warnings++;
    }
  }
  return { files: named, actions, offences: errors + warnings, errors, warnings };
}
