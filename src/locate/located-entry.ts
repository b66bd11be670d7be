// What a locator found in a file's text for one path: the one shape that both locators give
// (json-entries.ts for action files, module-source.ts for tool modules) and that the repair
// planner (repair-edits.ts) and the positions (locate-offences.ts) read. Offsets only: a
// file's lines are counted once, for every offence at once, by the pass that asked.

import type { Target } from "../core/offence.js";
import type { Span } from "../text/positions.js";

export interface LocatedEntry {
  /** The key token; absent for a list element, the file's top level, or a module's tool itself. */
  readonly key?: Span;
  /** The value as written. */
  readonly value: Span;
  /** The path's own entry; false: the nearest enclosing entry found instead (a module's declaration built at run time). */
  readonly exact: boolean;
  /** The key is a shorthand property (`{ limit }`), which is also a reference to a binding: never renamed. */
  readonly shorthand?: true;
}

/** Where the part of the entry an offence points at starts: its key, or its value (which an entry without a key gives for both). */
export function partStart(entry: LocatedEntry, part: Target["part"]): number {
  return (part === "key" ? (entry.key ?? entry.value) : entry.value).start;
}
