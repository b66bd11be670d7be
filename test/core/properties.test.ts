// Property-based tests of the chain: the properties of
// test/support/properties.ts over generated declarations that mix valid and broken pieces
// at every depth. FUZZ_RUNS sets the runs per property (default 200); `npm run fuzz` runs
// the long campaign (test/fuzz/campaign.ts) over the same properties.

import fc from "fast-check";
import { test } from "node:test";
import { PROPERTIES, runsPerProperty } from "../support/properties.js";

const numRuns = runsPerProperty();

for (const { name, property } of PROPERTIES) {
  test(name, () => {
    fc.assert(property(), { numRuns, includeErrorInReport: true });
  });
}
