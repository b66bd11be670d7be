// Where a declaration's values are written (docs/cli.md, "Print a declaration"): for each
// top-level value of a tool (its name, description, each action and each key of an action; or
// each listed tool of a tools file and its keys), the line and column of its key (of its value
// where it has none), from the entries the read that placed the file's offences found: one
// scan of a JSON-family file's text (json-file.ts asks it the paths here), a tool module's one
// parse, an Elixir module's reader. An action file's name comes from its file name, which has
// no place. Read when the run asks for the places (--print-declaration, src/cli/print-declaration.ts).

import type { Declaration, DeclarationPlace } from "../core/declaration.js";
import type { Path } from "../core/path.js";
import { positionsAt, type Position } from "../text/positions.js";
import { partStart, type LocatedEntry } from "./located-entry.js";

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

/**
 * What a JSON-family file's one scan is asked for `paths` (in the declaration's terms), and
 * their entries from what it found for those (in order). An action file's actions map is its
 * top level; a tools file's list is the file itself or, in a saved result object, its "tools".
 */
export function jsonDeclarationLookup(
  kind: "action-file" | "tools-file",
  paths: readonly Path[],
): { asked: Path[]; entries(found: readonly (LocatedEntry | null)[]): (LocatedEntry | null)[] } {
  if (kind === "action-file") {
    // The name (the file's) and description have no entry.
    const inActions = paths.flatMap((path, i) => (path[0] === "actions" ? [i] : []));
    return {
      asked: inActions.map((i) => (paths[i] as Path).slice(1)),
      entries: (found) => paths.map((_, i) => (inActions.includes(i) ? (found[inActions.indexOf(i)] ?? null) : null)),
    };
  }
  const n = paths.length;
  return {
    asked: [["tools"], ...paths, ...paths.map((path) => ["tools", ...path])],
    entries: (found) => (found[0] === null || found[0] === undefined ? found.slice(1, 1 + n) : found.slice(1 + n)),
  };
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

/** Where `declaration`'s values are written in `text`, from the entries the read finds for their paths. */
export function placesOfDeclaration(text: string, declaration: Declaration, entries: (paths: readonly Path[]) => readonly (LocatedEntry | null)[]): DeclarationPlace[] {
  const paths = declaredPaths(declaration);
  return declarationPlaces(text, paths, entries(paths));
}
