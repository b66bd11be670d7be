// What the module locator finds (src/locate/module-source.ts), presented for assertions: each
// entry's key and value spans with the line and column of their starts, counted as the module's
// pass counts them for offences (positionsAt).

import type { Target } from "../../src/core/offence.js";
import type { LocatedEntry } from "../../src/locate/located-entry.js";
import { parseModule } from "../../src/locate/module-source.js";
import { positionsAt, type Position, type Span } from "../../src/text/positions.js";

export type PlacedSpan = Span & Position;

export interface PlacedEntry {
  readonly key?: PlacedSpan;
  readonly value?: PlacedSpan;
  readonly exact: boolean;
  readonly shorthand?: true;
}

function placed(text: string, entry: LocatedEntry): PlacedEntry {
  const at = (span: Span): PlacedSpan => ({ ...span, ...(positionsAt(text, [span.start])[0] as Position) });
  return {
    ...(entry.key ? { key: at(entry.key) } : {}),
    value: at(entry.value),
    exact: entry.exact,
    ...(entry.shorthand ? { shorthand: entry.shorthand } : {}),
  };
}

/** For each target, the entry the walk reached (its part is not the locator's concern); null where nothing was, or the text does not parse. */
export async function locateInModule(text: string, fileName: string, targets: readonly Target[]): Promise<(PlacedEntry | null)[]> {
  const parsed = await parseModule(text, fileName);
  const entries = parsed?.entries(targets.map((target) => target.path)) ?? targets.map(() => null);
  return entries.map((entry) => (entry === null ? null : placed(text, entry)));
}
