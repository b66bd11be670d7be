// The advisory-check registry: exactly one check per code whose origin in the code table
// is "advisory". Its type is a mapped type over those codes, so an advisory code without
// a check (or a check for a code that is not advisory) fails to compile. The chain runs
// them beside itself, each on an action schema whose keys it reads the shape pass found
// nothing wrong with (chain.ts, lintAction).

import type { CodeOf } from "../codes.js";
import type { ActionSchemaKey } from "../../vocabulary.js";
import type { AdvisoryCheck } from "./context.js";
import { exampleMissesRequired } from "./example-misses-required.js";
import { undeclaredExampleKey } from "./undeclared-example-key.js";
import { unknownKeyword } from "./unknown-keyword.js";
import { unknownRelated } from "./unknown-related.js";

/**
 * One advisory check and the action-schema keys it reads, the one it examines first: the
 * chain runs it when no chain offence sits on those keys, and holds it back otherwise (when
 * the schema has the first key, so there was something to examine).
 */
export interface AdvisoryEntry {
  readonly check: AdvisoryCheck;
  readonly reads: readonly [ActionSchemaKey, ...ActionSchemaKey[]];
}

export const ADVISORY_CHECKS: { readonly [C in CodeOf<"advisory">]: AdvisoryEntry } = {
  "unknown-related": { check: unknownRelated, reads: ["related"] },
  "undeclared-example-key": { check: undeclaredExampleKey, reads: ["examples", "properties"] },
  "example-misses-required": { check: exampleMissesRequired, reads: ["examples", "required", "required_one_of", "defaults"] },
  "unknown-keyword": { check: unknownKeyword, reads: ["properties"] },
};

export type { AdvisoryCheck, AdvisoryContext } from "./context.js";
