// The advisory-check registry: exactly one check per code whose origin in the code table
// is "advisory". Its type is a mapped type over those codes, so an advisory code without
// a check (or a check for a code that is not advisory) fails to compile. The chain runs
// them beside itself, on action schemas its shape pass found nothing wrong with
// (chain.ts, advisoryDrafts).

import type { CodeOf } from "../codes.js";
import type { AdvisoryCheck } from "./context.js";
import { exampleMissesRequired } from "./example-misses-required.js";
import { undeclaredExampleKey } from "./undeclared-example-key.js";
import { unknownKeyword } from "./unknown-keyword.js";
import { unknownRelated } from "./unknown-related.js";

export const ADVISORY_CHECKS: { readonly [C in CodeOf<"advisory">]: AdvisoryCheck } = {
  "unknown-related": unknownRelated,
  "undeclared-example-key": undeclaredExampleKey,
  "example-misses-required": exampleMissesRequired,
  "unknown-keyword": unknownKeyword,
};

export type { AdvisoryCheck, AdvisoryContext } from "./context.js";
