// What every advisory check receives. Advisory checks run beside the chain, each only when
// the shape pass found nothing on the keys it reads (advisory/index.ts): what it reads is
// well formed ("properties" a map with string keys, each list holding what its validator
// demands), so it never repeats or cascades from a chain offence, and an offence elsewhere
// in the action does not hold it back.

import type { WalkedSchema } from "../key-set-walk.js";
import type { MapLike, MapReader } from "../map.js";
import type { Draft } from "../offence.js";
import type { Subschema } from "./subschemas.js";

export interface AdvisoryContext {
  /** How to read the schema's maps: PLAIN_DATA for parsed text, else ANY_MAP (map.ts). */
  readonly read: MapReader;
  /** The action schema's "properties": the declared property names (empty for a check that does not read it). */
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
  /** Every subschema to the end, walked ones first (subschemas.ts); computed once, when first asked. */
  readonly subschemas: () => readonly Subschema[];
  /**
   * The schemas each validated whole, and what a local "$ref" ("#/...") points into: a plain
   * tool's inputSchema (at :inputSchema), or else each property schema, in the action schema.
   */
  readonly roots: () => readonly Subschema[];
  readonly document: MapLike;
  /** The text that says what the action does: its "description", or a plain tool's own (not the stand-in the chain is given). */
  readonly described: unknown;
}

/** One advisory check over one well-formed action schema; drafts relative to it. */
export type AdvisoryCheck = (schema: MapLike, context: AdvisoryContext) => Draft[];
