// The surfaces' policies (src/engine/policy.ts) are the one home of what each surface applies:
// docs/surfaces.md's table is generated from them, and the engine reads them.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { CLI, LIBRARY_TOOL, LSP, MCP, POLICIES, policyTable, WATCH } from "../../src/engine/policy.js";
import { repoPath } from "../support/paths.js";

test("docs/surfaces.md holds the table generated from the policies", () => {
  const page = readFileSync(repoPath("docs/surfaces.md"), "utf8");
  const region = /<!-- policies:begin -->\n([\s\S]*)\n<!-- policies:end -->/.exec(page)?.[1];
  assert.equal(region, policyTable(), "docs/surfaces.md is stale: fill its policies region with policyTable()");
  for (const policy of POLICIES) assert.ok(region.includes(`| ${policy.surface} |`), policy.surface);
});

test("the surfaces that lint files apply what the CLI applies, differing only in how fixes and a broken baseline are handled", () => {
  for (const policy of [WATCH, LSP, MCP]) {
    assert.equal(policy.ignore, CLI.ignore, policy.surface);
    assert.equal(policy.suppressions, CLI.suppressions, policy.surface);
    assert.equal(policy.pins, CLI.pins, policy.surface);
    assert.equal(policy.tokens, CLI.tokens, policy.surface);
    assert.notEqual(policy.baseline, null, policy.surface);
  }
  // The library's checkTool reads no file: no config, no directive, no baseline.
  assert.deepEqual([LIBRARY_TOOL.config, LIBRARY_TOOL.suppressions, LIBRARY_TOOL.baseline], [null, false, null]);
});
