// The tool names of the Elixir files on disk beside an open document, for duplicate-tool in the
// editor (docs/editors.md): read statically, as a run of the directory reads them (nothing is
// run), and kept while a file's text is the same, so that a keystroke in the document parses
// again only what changed. A file that holds no Wymcp tool, or does not parse,
// has no names.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { kindOf, mayUseWymcpTool } from "../files/kind.js";

interface Kept {
  readonly text: string;
  readonly names: readonly (string | null)[];
}

export class ElixirNames {
  readonly #kept = new Map<string, Kept>();

  /** The names of each Elixir file of `dir` (absolute) not in `skip`, by absolute path; its tools' in the order written. */
  async of(dir: string, skip: ReadonlySet<string>): Promise<Map<string, readonly (string | null)[]>> {
    const found = new Map<string, readonly (string | null)[]>();
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return found;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (kindOf(name) !== "elixir" || skip.has(path)) continue;
      let text: string;
      try {
        text = readFileSync(path, "utf8");
      } catch {
        continue; // a directory, or gone since the listing
      }
      let kept = this.#kept.get(path);
      if (kept?.text !== text) {
        kept = { text, names: await namesIn(path, text) };
        this.#kept.set(path, kept);
      }
      found.set(path, kept.names);
    }
    return found;
  }
}

/** The tool names an Elixir file's text declares: each tool module's name/0 where it reads as a string, else null. */
async function namesIn(path: string, text: string): Promise<readonly (string | null)[]> {
  if (!mayUseWymcpTool(text)) return [];
  const { readElixirTools } = await import("../elixir/index.js");
  const read = await readElixirTools(path, text);
  return "offence" in read ? [] : read.tools.map((tool) => (tool.name?.kind === "string" ? tool.name.value : null));
}
