// A tool's declaration as plain JSON data (docs/pins.md, docs/tokens.md): what a model
// reads of it (its name, description and actions), kept on its lint so that the pins and the
// token estimates read every kind of file alike, without reading it again. Maps
// become objects; a value that is not JSON data (a cycle, a function, a class instance or an
// object of another prototype, a getter that throws) gives no declaration, and such a module is
// neither pinned nor estimated.

import { isMap } from "./map.js";
import type { Path } from "./path.js";

/** A Wymcp tool's model-visible declaration, as plain JSON data. */
export interface PlainDeclaration {
  readonly name: string;
  readonly description?: string;
  readonly actions: Readonly<Record<string, unknown>>;
}

/** A saved tools/list's entries, as the file holds them (plain tools, docs/plain-tools.md). */
export interface ListedDeclaration {
  readonly listed: readonly unknown[];
}

/** What a file declares, read whole: a Wymcp tool, or a tools file's list of plain tools. */
export type Declaration = PlainDeclaration | ListedDeclaration;

/** Where one of a declaration's values is written (docs/cli.md, "Print a declaration"): its path in the declaration, and where its key starts (its value, where it has none). */
export interface DeclarationPlace {
  readonly path: Path;
  readonly line: number;
  readonly column: number;
  /** False: the nearest enclosing entry found (a module's value built at run time, an Elixir value read through a call). */
  readonly exact: boolean;
}

class NotData extends Error {}

/** A JSON.stringify replacer: Maps as objects; anything else that is not plain data stops the conversion. */
function asData(_key: string, value: unknown): unknown {
  if (value instanceof Map) return Object.fromEntries([...value].filter(([key]) => typeof key === "string"));
  if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") throw new NotData();
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) throw new NotData();
  }
  return value;
}

/** The declaration of a tool read whole; null when its name is unusable, its actions are no map, or they are not JSON data. */
export function plainDeclaration(name: unknown, description: unknown, actions: unknown): PlainDeclaration | null {
  if (typeof name !== "string" || name === "" || !isMap(actions)) return null;
  let plain: unknown;
  try {
    plain = JSON.parse(JSON.stringify(actions, asData) ?? "null");
  } catch {
    return null;
  }
  if (typeof plain !== "object" || plain === null || Array.isArray(plain)) return null;
  const actionsMap = plain as Record<string, unknown>;
  return typeof description === "string" ? { name, description, actions: actionsMap } : { name, actions: actionsMap };
}
