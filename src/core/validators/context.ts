// What every validator receives: the value of its own key and the facts about the rest of
// the action schema that cross-references need. A validator judges one key and returns
// drafts whose paths start at that key.

import type { MapLike } from "../map.js";
import type { Draft } from "../offence.js";

export interface ValidatorContext {
  /**
   * The `properties` map whose keys are the declared property names, or null when they
   * are not defined (properties absent, not a map, or holding a non-string key):
   * cross-references are then not checked, so one mistake does not cascade (SPEC 3).
   */
  readonly declared: () => MapLike | null;
  /**
   * The schema was parsed from text (JSON, JSON5), so it is a tree of plain objects and
   * lists: no map appears twice and no key is a symbol, and the walks skip that
   * bookkeeping. False for anything a module built.
   */
  readonly parsed: boolean;
  /** Whether the action schema has this key (for repairs that add a key, e.g. "notes"). */
  readonly has: (key: string) => boolean;
}

export type Validator = (value: unknown, context: ValidatorContext) => Draft[];
