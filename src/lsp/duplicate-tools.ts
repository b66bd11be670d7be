// duplicate-tool in the editor (docs/editors.md): the one check across files, over the
// document's directory as it stands, on disk and in open buffers, as a run of the directory
// would take its files (those the folder's config ignores do not count). An open buffer
// counts with its unsaved tool names; a file on disk by the names read from it without running
// it (names-on-disk.ts: an action file's from its name, an Elixir file's, a tool module's whose
// source writes its name as a string), or the name its last lint in this session found (a tool
// module). The check itself is the run's (src/lint/duplicate-tools.ts).

import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Offence } from "../core/offence.js";
import { compareFiles, searchedName } from "../lint/discover.js";
import { duplicateToolOffences } from "../lint/duplicate-tools.js";

/** The tool names the server knows, by absolute path: open buffers' and modules' last lints (an Elixir file's, one per tool module). */
export type KnownTools = ReadonlyMap<string, readonly (string | null)[]>;

/** The tool names a file of the directory counts with; none when unknown. */
function toolsOf(path: string, known: KnownTools): readonly (string | null)[] {
  return known.get(path) ?? [];
}

/**
 * The duplicate-tool offences of the document at `path` (named `file`, relative to its
 * folder) whose tools are named `tools`, one for each (null where no earlier tool of its
 * directory, or of its own file, has the name). `ignored` says which files of the
 * directory (absolute paths) a run would leave out.
 */
export function duplicateToolsOf(path: string, file: string, tools: readonly (string | null)[], known: KnownTools, ignored: (path: string) => boolean): (Offence | null)[] {
  if (tools.every((tool) => tool === null)) return tools.map(() => null);
  const dir = dirname(path);
  const prefix = file.slice(0, file.length - (path.length - dir.length - 1));
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    names = [];
  }
  const others = names
    .filter((name) => searchedName(name) && join(dir, name) !== path && !ignored(join(dir, name)))
    .flatMap((name) => toolsOf(join(dir, name), known).map((tool) => ({ directory: dir, file: `${prefix}${name}`, tool })));
  // The sort is stable: a file's tools stay in the order they are written.
  const all = [...others, ...tools.map((tool) => ({ directory: dir, file, tool }))].sort((a, b) => compareFiles(a.file, b.file));
  const offences = duplicateToolOffences(all);
  const first = all.findIndex((f) => f.file === file);
  return tools.map((_, i) => offences[first + i] ?? null);
}
