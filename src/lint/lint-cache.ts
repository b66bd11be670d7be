// The seam between the run over files and a result cache (the engine's, src/engine/cache.ts):
// what lintFiles asks of one. What it keeps for a file is the file's own lint before anything
// the rest of the run adds or decides: located, but without duplicate-tool (across files,
// found again every run), its inline directives or its severities (cheap, applied after).

import type { ToolLint } from "../core/tool-lint.js";
import type { FoundFile } from "../files/kind.js";

export interface LintCache {
  /** The file's lint as kept, when what it was linted from is unchanged (a hit); null otherwise (a miss). */
  lookup(found: FoundFile): ToolLint | null;
  /** Keeps the lint of a file that missed; for a tool module, `loaded` is every file it loaded (without it, a module is not kept). */
  store(found: FoundFile, lint: ToolLint, loaded?: readonly string[]): void;
}
