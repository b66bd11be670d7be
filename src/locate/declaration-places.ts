// Where a declaration's values are written (docs/cli.md, "Print a declaration"): for each
// top-level value of a tool (its name, description, each action and each key of an action; or
// each listed tool of a tools file and its keys), the line and column of its key (of its value
// where it has none), by the locator of its kind of file: json-entries.ts for the JSON family,
// module-source.ts for a tool module; an Elixir module's entries are its reader's, which the
// caller passes (src/elixir/ is above this folder). An action file's name comes from its file
// name, which has no place. Read by --print-declaration (src/cli/print-declaration.ts).

import type { Declaration } from "../core/declaration.js";
import type { Path } from "../core/path.js";
import type { InputKindId } from "../files/kind.js";
import { positionsAt, type Position } from "../text/positions.js";
import { locateJsonEntries } from "./json-entries.js";
import { partStart, type LocatedEntry } from "./located-entry.js";

/** One value's place: its path in the declaration as printed, and where it starts. */
export interface DeclarationPlace {
  readonly path: Path;
  readonly line: number;
  readonly column: number;
  /** False: the nearest enclosing entry found (a module's value built at run time). */
  readonly exact: boolean;
}

/** The paths of a declaration's top-level values, as printed: each tool's own and its actions' keys. */
export function declaredPaths(declaration: Declaration): Path[] {
  const paths: Path[] = [];
  const withKeys = (base: Path, value: unknown): void => {
    paths.push(base);
    if (typeof value === "object" && value !== null) for (const key of Object.keys(value)) paths.push([...base, key]);
  };
  if ("listed" in declaration) {
    declaration.listed.forEach((tool, i) => withKeys([i], tool));
    return paths;
  }
  paths.push(["name"]);
  if (declaration.description !== undefined) paths.push(["description"]);
  for (const [action, schema] of Object.entries(declaration.actions)) withKeys(["actions", action], schema);
  return paths;
}

/** The entries of `paths` (in the declaration's terms) in the file's text, by its kind's layout (an Elixir module's come from its reader). */
export async function entriesIn(kind: Exclude<InputKindId, "elixir-module">, file: string, text: string, paths: readonly Path[]): Promise<readonly (LocatedEntry | null)[]> {
  switch (kind) {
    case "action-file": {
      // The actions map is the file's top level; the name (the file's) and description have no entry.
      const inActions = paths.filter((path) => path[0] === "actions");
      const found = locateJsonEntries(
        text,
        inActions.map((path) => path.slice(1)),
      );
      return paths.map((path) => (path[0] === "actions" ? (found[inActions.indexOf(path)] ?? null) : null));
    }
    case "tools-file": {
      // A saved result object holds its list under "tools".
      const under: Path = locateJsonEntries(text, [["tools"]])[0] === null ? [] : ["tools"];
      return locateJsonEntries(
        text,
        paths.map((path) => [...under, ...path]),
      );
    }
    case "tool-module": {
      const { parseModule } = await import("./module-source.js");
      return (await parseModule(text, file))?.entries(paths) ?? paths.map(() => null);
    }
  }
}

/** Where each of `paths` is written in `text`, from the entries found for them (in order); paths without a place are left out. */
export function declarationPlaces(text: string, paths: readonly Path[], entries: readonly (LocatedEntry | null)[]): DeclarationPlace[] {
  const starts = entries.map((entry) => (entry === null ? -1 : partStart(entry, "key")));
  const offsets = [...new Set(starts.filter((start) => start >= 0))].sort((a, b) => a - b);
  const positions = positionsAt(text, offsets);
  const at = new Map(offsets.map((offset, i) => [offset, positions[i] as Position]));
  const places: DeclarationPlace[] = [];
  paths.forEach((path, i) => {
    const entry = entries[i];
    const position = at.get(starts[i] as number);
    if (entry !== null && entry !== undefined && position !== undefined) places.push({ path, line: position.line, column: position.column, exact: entry.exact });
  });
  return places;
}
