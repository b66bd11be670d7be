// What the language server asks of the linter, behind one small interface: lint one
// document's unsaved text as the file it stands for, under a folder's severity rules, and
// stop whatever module processes that took. This implementation runs the same in-memory
// lint as --stdin (src/lint/lint-paths.ts: lintActionSource, lintModuleSource, lintElixirSource), with one
// module pool for the server's life.

import { lintActionSource, lintElixirSource, lintModuleSource } from "../lint/lint-paths.js";
import type { FileResult } from "../lint/result.js";
import type { SeverityRules } from "../lint/severity.js";
import type { FileKind } from "../files/kind.js";
import { ModulePool } from "../modules/pool.js";

export interface LintRequest {
  /** The absolute path the document stands for (a module's imports resolve from there; it is never read). */
  readonly path: string;
  /** Its name relative to its folder, as a run from that folder reports it (and an action file's tool name). */
  readonly file: string;
  readonly kind: FileKind;
  readonly text: string;
  readonly rules: SeverityRules;
}

export interface DocumentLinter {
  /** The document's lint with its severities resolved, directives applied; never rejects for the document's own faults. */
  lint(request: LintRequest): Promise<FileResult>;
  /** Stops every module process: when the server exits. */
  stop(): void;
}

/** A DocumentLinter over the in-memory lint functions; `loadTimeoutMs`: what a tool module gets to load. */
export function inMemoryLinter(loadTimeoutMs: number): DocumentLinter {
  const pool = new ModulePool();
  return {
    async lint({ path, file, kind, text, rules }) {
      const bytes = Buffer.from(text, "utf8");
      const result =
        kind === "module"
          ? await lintModuleSource(bytes, file, path, loadTimeoutMs, undefined, rules, pool)
          : kind === "elixir"
            ? await lintElixirSource(bytes, file, path, undefined, rules)
            : await lintActionSource(bytes, file, kind, undefined, rules);
      return result.files[0] as FileResult;
    },
    stop: () => pool.stop(),
  };
}
