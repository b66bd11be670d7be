// The surfaces' policies (src/engine/policy.ts) are the one home of what each surface applies:
// docs/surfaces.md's table and each surface page's sentence are generated from them
// (npm run gen), and the engine reads them.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { CLI, LIBRARY_ENGINE, LIBRARY_TOOL, LSP, MCP, POLICIES, policySentence, WATCH } from "../../src/engine/policy.js";
import { repoPath } from "../support/paths.js";

test("docs/surfaces.md holds the table generated from the policies, and each surface's page its sentence", () => {
  const surfaces = readFileSync(repoPath("docs/surfaces.md"), "utf8");
  for (const policy of POLICIES) assert.ok(surfaces.includes(`| ${policy.surface} |`), policy.surface);
  const pages = ["docs/editors.md", "docs/mcp.md", "docs/library.md"].map((page) => readFileSync(repoPath(page), "utf8")).join("\n");
  for (const policy of [LSP, MCP, LIBRARY_ENGINE, LIBRARY_TOOL]) assert.ok(pages.includes(policySentence(policy)), policy.surface);
  // (That they are up to date is test/code-docs/generated.test.ts's: npm run gen -- --check.)
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
