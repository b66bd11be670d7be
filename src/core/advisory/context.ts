// What every advisory check receives. Advisory checks run beside the chain, only on an
// action schema whose shape pass found nothing (like the defaults check, they read a
// well-formed schema: "properties" is a map with string keys, each list holds what its
// validator demands), so they never repeat or cascade from a chain offence.

import type { MapLike, MapReader } from "../map.js";
import type { Draft } from "../offence.js";

export interface AdvisoryContext {
  /** The schema was parsed from JSON or JSON5 text (a tree of plain data; see ValidatorContext). */
  readonly parsed: boolean;
  /** How to read the schema's maps: PARSED_MAP when parsed, ANY_MAP otherwise. */
  readonly read: MapReader;
  /** The action schema's "properties": the declared property names. */
  readonly properties: MapLike;
  /** The names of every action of the same tool. */
  readonly actionNames: ReadonlySet<string>;
}

/** One advisory check over one well-formed action schema; drafts relative to it. */
export type AdvisoryCheck = (schema: MapLike, context: AdvisoryContext) => Draft[];
