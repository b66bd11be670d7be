// The tool names of the files on disk beside an open document that a lint in this session has
// not loaded, for duplicate-tool in the editor (docs/editors.md). Nothing is run: an Elixir
// file's names are read as a run of the directory reads them; a tool module's name only where
// its source writes it as a plain string literal (`name: "catalogue"`, `export const name =
// "catalogue"`), found by the walk that places a module's offences; anything else leaves it
// out, so a name built at run time never makes a duplicate that is not there. Each file's
// names are kept while its text is the same, so a keystroke in the document reads again only
// what changed. A file that holds no tool, or does not parse, has no names.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mayUseWymcpTool, searchedKind } from "../files/kind.js";

interface Kept {
  readonly text: string;
  /** Null when they cannot be read without running the file (a tool module's name built at run time). */
  readonly names: readonly (string | null)[] | null;
}

export class NamesOnDisk {
  readonly #kept = new Map<string, Kept>();

  /**
   * The names of each Elixir file and tool module of `dir` (absolute) neither in `skip` nor
   * `ignored`, by absolute path; an Elixir file's tools' in the order written. A module whose
   * name cannot be read is left out, for what its last lint found to stand.
   */
  async of(dir: string, skip: ReadonlySet<string>, ignored: (path: string) => boolean): Promise<Map<string, readonly (string | null)[]>> {
    const found = new Map<string, readonly (string | null)[]>();
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return found;
    }
    for (const name of names) {
      const path = join(dir, name);
      const kind = searchedKind(name);
      if ((kind !== "elixir" && kind !== "module") || skip.has(path) || ignored(path)) continue;
      let text: string;
      try {
        text = readFileSync(path, "utf8");
      } catch {
        continue; // a directory, or gone since the listing
      }
      let kept = this.#kept.get(path);
      if (kept?.text !== text) {
        kept = { text, names: kind === "elixir" ? await elixirNames(path, text) : await moduleName(path, text) };
        this.#kept.set(path, kept);
      }
      if (kept.names !== null) found.set(path, kept.names);
    }
    return found;
  }
}

/** The tool names an Elixir file's text declares: each tool module's name/0 where it reads as a string, else null. */
async function elixirNames(path: string, text: string): Promise<readonly (string | null)[]> {
  if (!mayUseWymcpTool(text)) return [];
  const { readElixirTools } = await import("../elixir/index.js");
  const read = await readElixirTools(path, text);
  return "offence" in read ? [] : read.tools.map((tool) => (tool.name?.kind === "string" ? tool.name.value : null));
}

/** A tool module's name where its source writes it as a string literal without escapes; null otherwise. */
async function moduleName(path: string, text: string): Promise<readonly string[] | null> {
  const { parseModule } = await import("../locate/module-source.js");
  const entry = (await parseModule(text, path))?.entries([["name"]])[0];
  if (entry === null || entry === undefined || !entry.exact) return null;
  const literal = /^(["'`])([^\\\n"'`$]*)\1$/.exec(text.slice(entry.value.start, entry.value.end));
  return literal === null ? null : [literal[2] as string];
}
