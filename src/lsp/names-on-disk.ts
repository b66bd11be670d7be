// The tool names of the files on disk beside an open document that are not open, for
// duplicate-tool in the editor (docs/editors.md). Nothing is run: each file's kind reads its
// names as a run of the directory would find them without running it (src/inputs/): an action
// file's from its name, an Elixir file's from its text, a tool module's only where its source
// writes it as a plain string literal; anything else leaves it out, so a name built at run
// time never makes a duplicate that is not there. Each file's names are kept while the file is
// unchanged, so a keystroke in the document reads again only what changed, and only its names:
// never its text. A file that holds no tool, or does not parse, has no names.

import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { searchedKind } from "../files/kind.js";
import { readRegularFile } from "../files/regular-file.js";

// The largest file beside a document whose names are read; a larger one counts with no names.
const MAX_NEIGHBOUR_BYTES = 16 * 1024 * 1024;

interface Kept {
  /** The file's size, modification time and inode, as read when its names were. */
  readonly stamp: string;
  /** Null when they cannot be read without running the file (a tool module's name built at run time). */
  readonly names: readonly (string | null)[] | null;
}

function stampOf(path: string): string | null {
  const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
  return stat === undefined || !stat.isFile() ? null : `${stat.size}:${stat.mtimeNs}:${stat.ino}`;
}

/**
 * The names as strings of their own: a name read from a file's text may be a slice of it, and
 * V8 keeps a slice's whole text alive, so kept as read it would keep every neighbour's text
 * for the session. JSON text is a copy that keeps every code unit, lone surrogates too.
 */
function ownCopies(names: readonly (string | null)[] | null): readonly (string | null)[] | null {
  return names === null ? null : names.map((name) => (name === null ? null : (JSON.parse(JSON.stringify(name)) as string)));
}

export class NamesOnDisk {
  readonly #kept = new Map<string, Kept>();

  /**
   * The names of each file of `dir` (absolute) a directory search would take by its name,
   * neither in `skip` nor `ignored`, by absolute path; an Elixir file's tools' in the order
   * written. A file whose names cannot be read without running it is left out, for what its last
   * lint found to stand.
   */
  async of(dir: string, skip: ReadonlySet<string>, ignored: (path: string) => boolean): Promise<Map<string, readonly (string | null)[]>> {
    const found = new Map<string, readonly (string | null)[]>();
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return found;
    }
    const { inputKind } = await import("../inputs/index.js");
    for (const name of names) {
      const path = join(dir, name);
      const kind = searchedKind(name);
      if (kind === null || skip.has(path) || ignored(path)) continue;
      const stamp = stampOf(path);
      if (stamp === null) continue; // a directory, or gone since the listing
      let kept = this.#kept.get(path);
      if (kept?.stamp !== stamp) {
        // Only a regular file, bounded: what a link there points at is never waited for nor read without end.
        const text = (): string | null => readRegularFile(path, MAX_NEIGHBOUR_BYTES)?.toString("utf8") ?? null;
        kept = { stamp, names: ownCopies(await inputKind(kind).toolNames(path, text)) };
        this.#kept.set(path, kept);
      }
      if (kept.names !== null) found.set(path, kept.names);
    }
    return found;
  }
}
