// duplicate-tool (SPEC section 6): the one check across files. In each directory, the first
// file in path order owns a tool name; each later file with that name is told which file
// owns it. Run over the merged results of a run, whatever thread linted each file.

import { dirname } from "node:path";
import { inspectString } from "../text/escape.js";
import type { ToolLint } from "../core/lint-tool.js";
import { toolOffence } from "../core/offence.js";
import { sortOffences } from "../core/order.js";
import type { FoundFile } from "../files/kind.js";

/** The lints of `files` (same order), each later file of a duplicated name with its offence. */
export function withDuplicateTools(files: readonly FoundFile[], lints: readonly ToolLint[]): ToolLint[] {
  const owners = new Map<string, string>();
  return lints.map((lint, i) => {
    if (lint.tool === null) return lint;
    const file = files[i] as FoundFile;
    const key = `${dirname(file.path)}\0${lint.tool}`;
    const owner = owners.get(key);
    if (owner === undefined) {
      owners.set(key, file.display);
      return lint;
    }
    const offence = toolOffence(
      "duplicate-tool",
      `the tool name ${inspectString(lint.tool)} is already used by ${inspectString(owner)} in the same directory`,
      "Give one of the two tools another name: the tools of one directory are one server's tools, and their names must be unique.",
      { path: ["name"], part: "value" },
    );
    return { ...lint, offences: sortOffences([...lint.offences, offence]) };
  });
}
