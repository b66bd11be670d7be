// What the language server asks of the linter, behind one small interface: lint one
// document's unsaved text as the file it stands for, with the offences across files it
// has (duplicate-tool), under a folder's severity rules, and stop whatever module
// processes that took. This implementation runs the run's own in-memory steps
// (src/lint/lint-text.ts, and lintElixirSource for Elixir), with one module pool for the
// server's life.

import type { Offence } from "../core/offence.js";
import { lintElixirSource } from "../lint/lint-paths.js";
import { lintActionFileText, lintModuleText } from "../lint/lint-text.js";
import type { FileResult } from "../lint/result.js";
import { resolveSeverities, type SeverityRules } from "../lint/severity.js";
import type { FileKind } from "../files/kind.js";
import { ModulePool } from "../modules/pool.js";

export interface LintRequest {
  /** The absolute path the document stands for (a module's imports resolve from there; it is never read). */
  readonly path: string;
  /** Its name relative to its folder, as a run from that folder reports it (and an action file's tool name). */
  readonly file: string;
  readonly kind: FileKind;
  readonly text: string;
  /** Offences across files that belong to it (duplicate-tool), before its directives apply. */
  readonly across: readonly Offence[];
  readonly rules: SeverityRules;
}

export interface DocumentLinter {
  /** The document's lint with its severities resolved, directives applied; never rejects for the document's own faults. */
  lint(request: LintRequest): Promise<FileResult>;
  /** Stops every module process: when the server exits. */
  stop(): void;
}

/** A DocumentLinter over the in-memory lint steps; `loadTimeoutMs`: what a tool module gets to load. */
export function inMemoryLinter(loadTimeoutMs: number): DocumentLinter {
  const pool = new ModulePool();
  return {
    async lint({ path, file, kind, text, across, rules }) {
      if (kind === "elixir") return (await lintElixirSource(Buffer.from(text, "utf8"), file, path, { rules })).files[0] as FileResult;
      const lint = kind === "module" ? await lintModuleText(path, text, { timeoutMs: loadTimeoutMs, pool }, across) : lintActionFileText(text, kind, file, across);
      return resolveSeverities({ file, ...lint }, rules);
    },
    stop: () => pool.stop(),
  };
}
