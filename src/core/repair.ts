// A mechanical fix an offence allows, as intent: what to do, decided where the check knows
// the facts (the key set, whether "notes" is there). It names no place in any text;
// src/locate/repair-edits.ts turns it into text edits once the source positions are known. Only
// repairs that cannot change what the author meant exist here (issue 11).

import type { Draft } from "./offence.js";

export type Repair =
  /** Rename the key the offence's target names (part "key") to `to`, keeping its value. */
  | { readonly kind: "rename-key"; readonly to: string }
  /** Remove the list entry the offence's target names (its last path segment is the index). */
  | { readonly kind: "remove-entry" }
  /** Keep the first line of the string at the target ("description") and move the rest to a new sibling "notes". */
  | { readonly kind: "split-to-notes" };

// The key a repair adds to its map, with that map's path, as one string; null when it adds none.
function addedKey(draft: Draft): string | null {
  const repair = draft.repair;
  if (repair === undefined || repair.kind === "remove-entry") return null;
  const parent = draft.target.path.slice(0, -1);
  return JSON.stringify([...parent, repair.kind === "rename-key" ? repair.to : "notes"]);
}

/**
 * The drafts of one action schema with every repair that adds a key another repair also
 * adds made the author's again (a rename to "notes" and a description moved to "notes"
 * would otherwise write the key twice, and one would silently win).
 */
export function exclusiveRepairs(drafts: readonly Draft[]): Draft[] {
  const counts = new Map<string, number>();
  for (const draft of drafts) {
    const key = addedKey(draft);
    if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return drafts.map((draft) => {
    const key = addedKey(draft);
    if (key === null || counts.get(key) === 1) return draft;
    const { repair: _dropped, ...rest } = draft;
    return rest;
  });
}
