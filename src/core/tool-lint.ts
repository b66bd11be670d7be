// A tool's lint as data (ToolLint), with what the run does to one that exists already: freeze
// it again after it crossed a thread or came out of the result cache, and put back the
// offences a locator placed. Apart from lint-tool.ts (the checks that make one), so a run
// whose files all hit the cache loads none of the chain.

import type { Declaration, DeclarationPlace } from "./declaration.js";
import type { HeldBack } from "./held-back.js";
import { refreeze, type Offence } from "./offence.js";

/**
 * One tool's lint: the result for one action file or tool module, whichever linted it (this
 * thread, a lint worker, a module worker). The one name of that shape; a file's entry in
 * the run's result adds the file's name (FileResult).
 */
export interface ToolLint {
  /** The tool's name (from the module, or the action file's base name), null when it has none that is usable. */
  readonly tool: string | null;
  /** How many actions were linted (0 when the file could not be read). */
  readonly actions: number;
  /** Every offence, sorted: tool level first, then by action and path; those from JSON/JSON5 text carry line and column where found. */
  readonly offences: readonly Offence[];
  /** The checks the chain's gate held back (held-back.ts), by action and code; absent when none was. */
  readonly heldBack?: readonly HeldBack[];
  /** The declaration read whole, for the pins and token estimates (declaration.ts), when the run asked for it; absent when it could not be read whole (a module that did not load, a file that did not parse). */
  readonly declaration?: Declaration;
  /** Where the declaration's top-level values are written, found by the read that placed the offences, when the run asked for them (--print-declaration). */
  readonly places?: readonly DeclarationPlace[];
}

/**
 * The same lint frozen again, offences and all: a ToolLint that crossed a thread (structured
 * clone drops the freeze) becomes the frozen plain data it is everywhere else.
 */
export function freezeToolLint(lint: ToolLint): ToolLint {
  const offences = lint.offences.map(refreeze);
  const frozen = {
    tool: lint.tool,
    actions: lint.actions,
    offences: Object.freeze(offences),
    ...(lint.declaration === undefined ? {} : { declaration: lint.declaration }),
    ...(lint.places === undefined ? {} : { places: Object.freeze(lint.places.map((place) => Object.freeze({ ...place, path: Object.freeze([...place.path]) }))) }),
  };
  if (lint.heldBack === undefined) return Object.freeze(frozen);
  const heldBack = lint.heldBack.map((h) =>
    Object.freeze({ ...h, by: Object.freeze([...h.by]), gate: h.gate && Object.freeze([...h.gate]), withheld: h.withheld && Object.freeze(h.withheld.map(refreeze)) }),
  );
  return Object.freeze({ ...frozen, heldBack: Object.freeze(heldBack) });
}

/** Every offence of the lint a locator should place: its own, then each held-back check's withheld ones. */
export function offencesToPlace(lint: ToolLint): readonly Offence[] {
  const withheld = lint.heldBack?.flatMap((h) => h.withheld ?? []) ?? [];
  return withheld.length === 0 ? lint.offences : [...lint.offences, ...withheld];
}

/** The lint with `placed` (offencesToPlace's offences, placed, in the same order) put back where each came from. */
export function withPlaced(lint: ToolLint, placed: readonly Offence[]): ToolLint {
  if (placed === lint.offences) return lint;
  let at = lint.offences.length;
  const heldBack = lint.heldBack?.map((h): HeldBack => {
    if (h.withheld === null) return h;
    const withheld = placed.slice(at, at + h.withheld.length);
    at += h.withheld.length;
    return { ...h, withheld };
  });
  return { ...lint, offences: placed.slice(0, lint.offences.length), ...(heldBack === undefined ? {} : { heldBack }) };
}
