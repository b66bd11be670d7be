// duplicate-tool in the editor (docs/editors.md): the one check across files, over the
// document's directory as it stands, on disk and in open buffers. An open buffer counts with
// its unsaved tool name; a file on disk by the name its file gives (an action file) or the
// name its last lint in this session found (a tool module); a module never linted here is
// not loaded for it. The check itself is the run's (src/lint/duplicate-tools.ts).

import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { toolNameOf } from "../action-file/lint.js";
import type { Offence } from "../core/offence.js";
import { kindOf } from "../files/kind.js";
import { compareFiles, searchedName } from "../lint/discover.js";
import { duplicateToolOffences } from "../lint/duplicate-tools.js";

/** The tool names the server knows, by absolute path: open buffers' and modules' last lints. */
export type KnownTools = ReadonlyMap<string, string | null>;

/** The tool name a file of the directory counts with; null when unknown. */
function toolOf(path: string, known: KnownTools): string | null {
  if (known.has(path)) return known.get(path) ?? null;
  const kind = kindOf(path);
  return kind === "json" || kind === "json5" ? toolNameOf(path) : null;
}

/**
 * The duplicate-tool offence of the document at `path` (named `file`, relative to its
 * folder) whose tool is `tool`, and the file that owns the name; null when no earlier file
 * of its directory has the name.
 */
export function duplicateToolOf(path: string, file: string, tool: string | null, known: KnownTools): Offence | null {
  if (tool === null) return null;
  const dir = dirname(path);
  const prefix = file.slice(0, file.length - (path.length - dir.length - 1));
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    names = [];
  }
  const others = names
    .filter((name) => searchedName(name) && join(dir, name) !== path)
    .map((name) => ({ directory: dir, file: `${prefix}${name}`, tool: toolOf(join(dir, name), known) }));
  const files = [...others, { directory: dir, file, tool }].sort((a, b) => compareFiles(a.file, b.file));
  const offences = duplicateToolOffences(files);
  return offences[files.findIndex((f) => f.file === file)] ?? null;
}
