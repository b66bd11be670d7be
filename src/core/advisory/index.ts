// The advisory-check registry: exactly one check per code whose origin in the code table
// is "advisory". Its type is a mapped type over those codes, so an advisory code without
// a check (or a check for a code that is not advisory) fails to compile. The chain runs
// them beside itself, each on an action schema whose keys it reads (its record's gate) the
// shape pass found nothing wrong with (chain.ts, lintAction). `npm run new-code` adds a row.

import type { CodeOf } from "../codes.js";
import type { MapLike, MapReader } from "../map.js";
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
import { holdsValues, valueMismatch } from "./value-mismatch.js";
import { deadDefault } from "./dead-default.js";
import { deadGroup } from "./dead-group.js";
import { undescribedParameter } from "./undescribed-parameter.js";
import { untypedParameter } from "./untyped-parameter.js";

/**
 * One check per advisory code. What each reads, and so when the chain's gate holds it back, is
 * its record's `gate` in the code table (codes.ts), which the chain reads beside this table.
 */
export const ADVISORY_CHECKS: { readonly [C in CodeOf<"advisory">]: AdvisoryCheck } = {
  "unknown-related": unknownRelated,
  "undeclared-example-key": undeclaredExampleKey,
  "example-misses-required": exampleMissesRequired,
  "unknown-keyword": unknownKeyword,
  "invalid-schema": invalidSchema,
  "unresolved-ref": unresolvedRef,
  "undeclared-required": undeclaredRequired,
  "duplicate-required": duplicateRequired,
  "bare-properties": bareProperties,
  "value-mismatch": valueMismatch,
  "dead-default": deadDefault,
  "dead-group": deadGroup,
  "undescribed-parameter": undescribedParameter,
  "untyped-parameter": untypedParameter,
};

export type { AdvisoryCheck, AdvisoryContext } from "./context.js";

/**
 * For a check reported held back "unless-clean" (its gate's `quiet`): whether an action holds
 * anything it would examine, read however malformed the action is. Where it holds nothing, the
 * check would find nothing, and is not reported held back.
 */
export const EXAMINES: { readonly [C in CodeOf<"advisory">]?: (schema: MapLike, read: MapReader) => boolean } = {
  "value-mismatch": holdsValues,
};
