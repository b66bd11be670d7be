// A mechanical fix an offence allows, as intent: what to do, decided where the check knows
// the facts (the key set, whether "notes" is there). It names no place in any text;
// src/fix/plan.ts turns it into text edits once the source positions are known. Only
// repairs that cannot change what the author meant exist here (issue 11).

export type Repair =
  /** Rename the key the offence's target names (part "key") to `to`, keeping its value. */
  | { readonly kind: "rename-key"; readonly to: string }
  /** Remove the list entry the offence's target names (its last path segment is the index). */
  | { readonly kind: "remove-entry" }
  /** Keep the first line of the string at the target ("description") and move the rest to a new sibling "notes". */
  | { readonly kind: "split-to-notes" };
