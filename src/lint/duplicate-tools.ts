// duplicate-tool (docs/checks.md): the one check across files. In each directory, the first
// file in path order owns a tool name; each later file with that name is told which file
// owns it. An Elixir script (`.exs`, a test's file) is a world of its own: its modules exist
// only while it runs, so its tools are compared with its own only (an Elixir file holds a tool
// per tool module). Run over the merged results of a run, whatever thread linted each file;
// and by --fix, whose passes lint one file again beside the others it does not change.

import { inspectString } from "../text/escape.js";
import { toolOffence, type Offence } from "../core/offence.js";

/** A linted tool as the check sees it: its file's directory, its file's name in the report, its name. */
export interface NamedTool {
  readonly directory: string;
  readonly file: string;
  readonly tool: string | null;
}

/** For each tool (in path order), its duplicate-tool offence; null for a tool whose name no earlier tool of its directory has. */
export function duplicateToolOffences(files: readonly NamedTool[]): (Offence | null)[] {
  const owners = new Map<string, string>();
  return files.map(({ directory, file, tool }) => {
    if (tool === null) return null;
    const key = `${file.endsWith(".exs") ? file : directory}\0${tool}`;
    const owner = owners.get(key);
    if (owner === undefined) {
      owners.set(key, file);
      return null;
    }
    const where = owner === file ? "an earlier tool module of the same file" : `${inspectString(owner)} in the same directory`;
    return toolOffence(
      "duplicate-tool",
      `the tool name ${inspectString(tool)} is already used by ${where}`,
      "Give one of the two tools another name: the tools of one directory are one server's tools, and their names must be unique.",
      { path: ["name"], part: "value" },
    );
  });
}
