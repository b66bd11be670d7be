// Keeps the repairs of one action schema from contradicting each other: two repairs that
// would add the same key are both dropped, so neither silently wins (the Repair type itself
// is in offence.ts; src/locate/repair-edits.ts turns repairs into text edits).

import type { Draft } from "./offence.js";

// The key a repair adds to its map, with that map's path, as one string; null when it adds none.
function addedKey(draft: Draft): string | null {
  const repair = draft.repair;
  if (repair === undefined || repair.kind === "remove-entry" || repair.kind === "delete-hidden") return null;
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
