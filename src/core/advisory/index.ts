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
import { invalidSchema } from "./invalid-schema.js";
import { unresolvedRef } from "./unresolved-ref.js";
import { undeclaredRequired } from "./undeclared-required.js";
import { duplicateRequired } from "./duplicate-required.js";
import { bareProperties } from "./bare-properties.js";
import { valueMismatch } from "./value-mismatch.js";
import { deadDefault } from "./dead-default.js";
import { deadGroup } from "./dead-group.js";

/**
 * One advisory check and the action-schema keys it reads, the one it examines first: the
 * chain runs it when no chain offence sits on those keys, and holds it back otherwise (when
 * the schema has the first key, so there was something to examine).
 */
export interface AdvisoryEntry {
  readonly check: AdvisoryCheck;
  readonly reads: readonly [ActionSchemaKey, ...ActionSchemaKey[]];
  /**
   * Held back, it is recorded only when it would find something: the schema checks share
   * unknown-keyword's gate, whose record already says that "properties" holds them back, and
   * the dead-default and dead-group checks find something only in rare declarations.
   */
  readonly quiet?: true;
}

export const ADVISORY_CHECKS: { readonly [C in CodeOf<"advisory">]: AdvisoryEntry } = {
  "unknown-related": { check: unknownRelated, reads: ["related"] },
  "undeclared-example-key": { check: undeclaredExampleKey, reads: ["examples", "properties"] },
  "example-misses-required": { check: exampleMissesRequired, reads: ["examples", "required", "required_one_of", "defaults"] },
  "unknown-keyword": { check: unknownKeyword, reads: ["properties"] },
  "invalid-schema": { check: invalidSchema, reads: ["properties"], quiet: true },
  "unresolved-ref": { check: unresolvedRef, reads: ["properties"], quiet: true },
  "undeclared-required": { check: undeclaredRequired, reads: ["properties"], quiet: true },
  "duplicate-required": { check: duplicateRequired, reads: ["properties"], quiet: true },
  "bare-properties": { check: bareProperties, reads: ["properties"], quiet: true },
  "value-mismatch": { check: valueMismatch, reads: ["properties", "defaults", "examples"], quiet: true },
  "dead-default": { check: deadDefault, reads: ["defaults", "required"], quiet: true },
  "dead-group": { check: deadGroup, reads: ["required_one_of", "required"], quiet: true },
};

export type { AdvisoryCheck, AdvisoryContext } from "./context.js";
