// The seam between reading files and a result cache (the engine's, src/engine/cache.ts):
// what the input kinds (src/inputs/) ask of one. What it keeps for a file is the file's own
// lint as its read gives it: placed, but without duplicate-tool (across files, found again
// every run), its inline directives or its severities (cheap, applied after).

import type { ToolLint } from "../core/tool-lint.js";
import type { FoundFile } from "../files/kind.js";

export interface LintCache {
  /** The file's lint as kept, when what it was linted from is unchanged (a hit); null otherwise (a miss). */
  lookup(found: FoundFile): ToolLint | null;
  /** Keeps the lint of a file that missed; `dependencies`: every other file its result depends on (a tool module's loaded files), each checked at the next lookup. */
  store(found: FoundFile, lint: ToolLint, dependencies?: readonly string[]): void;
  /** The dependencies kept with a file's lint (after a hit); null when none were kept. */
  dependenciesOf(found: FoundFile): readonly string[] | null;
}
