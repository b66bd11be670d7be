// What every validator receives: the value of its own key and the facts about the rest of
// the action schema that cross-references need. A validator judges one key and returns
// drafts whose paths start at that key.

import type { WalkedSchema } from "../key-set-walk.js";
import type { MapLike, MapReader } from "../map.js";
import type { Draft } from "../offence.js";

export interface ValidatorContext {
  /**
   * The `properties` map whose keys are the declared property names, or null when they
   * are not defined (properties absent, not a map, or holding a non-string key):
   * cross-references are then not checked, so one mistake does not cascade (docs/checks.md).
   */
  readonly declared: () => MapLike | null;
  /** How the schema's maps are read: PLAIN_DATA for parsed text, else ANY_MAP (map.ts). */
  readonly read: MapReader;
  /** Whether the action schema has this key (for repairs that add a key, e.g. "notes"). */
  readonly has: (key: string) => boolean;
  /**
   * Filled by the `properties` validator: every schema the key-set walk visited, for the
   * advisory checks, which read that surface too (chain.ts).
   */
  readonly walkedSchemas: WalkedSchema[];
  /** A plain MCP tool's parameters: a boolean is a schema wherever JSON Schema takes one (key-set-walk.ts). */
  readonly booleanSchemas: boolean;
}

export type Validator = (value: unknown, context: ValidatorContext) => Draft[];
