// What every advisory check receives. Advisory checks run beside the chain, only on an
// action schema whose shape pass found nothing (like the defaults check, they read a
// well-formed schema: "properties" is a map with string keys, each list holds what its
// validator demands), so they never repeat or cascade from a chain offence.

import type { WalkedSchema } from "../key-set-walk.js";
import type { MapLike, MapReader } from "../map.js";
import type { Draft } from "../offence.js";

export interface AdvisoryContext {
  /** How to read the schema's maps: PLAIN_DATA for parsed text, else ANY_MAP (map.ts). */
  readonly read: MapReader;
  /** The action schema's "properties": the declared property names. */
  readonly properties: MapLike;
  /** The names of every action of the same tool. */
  readonly actionNames: ReadonlySet<string>;
  /**
   * Every schema on the walked surface below `properties` (each property schema and, inside
   * any of them, its "properties" entries, a single-schema "items" and a schema
   * "additionalProperties"), as the key-set walk visited them: each once, in code-unit order
   * where a module shares one between places.
   */
  readonly walkedSchemas: readonly WalkedSchema[];
}

/** One advisory check over one well-formed action schema; drafts relative to it. */
export type AdvisoryCheck = (schema: MapLike, context: AdvisoryContext) => Draft[];
