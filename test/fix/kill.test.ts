// --fix killed at random moments leaves every file as it was or fully fixed, never half
// (test/support/kill-campaign.ts): a few trials of each signal here, in the suite's time; the
// long campaign is `npm run kill-campaign` (CONTRIBUTING.md). And a tool module fixed in two
// passes is written once: the real command runs with its renames and writes observed.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { prng } from "../support/arbitraries.js";
import { campaignFiles, killDelay, killTrial, prepareCampaign } from "../support/kill-campaign.js";

const BIN = fileURLToPath(new URL("../../bin/wymcp-lint.js", import.meta.url));

// Loaded before the linter with --import: every renameSync and writeFileSync onto a file is
// logged, so the test sees each write the linter makes (the bundle's named imports of node:fs
// follow the patched functions once the built-in exports are synced).
const OBSERVER = `import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
const log = process.env.WYMCP_TEST_WRITES;
const { renameSync, writeFileSync } = fs;
const note = (line) => writeFileSync(log, line + "\\n", { flag: "a" });
fs.renameSync = (from, to) => { note("rename " + String(to)); return renameSync(from, to); };
fs.writeFileSync = (to, ...rest) => { if (typeof to === "string" && to !== log) note("write " + to); return writeFileSync(to, ...rest); };
syncBuiltinESMExports();
`;

test("a tool module fixed in two passes is written once, after its last pass", () => {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-writes-"));
  const [[name, text]] = [...campaignFiles(1, 1)] as [[string, string]];
  writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, "observer.mjs"), OBSERVER);
  const log = join(dir, "writes.log");
  writeFileSync(log, "");
  const run = spawnSync(process.execPath, ["--import", join(dir, "observer.mjs"), BIN, "--fix", name], {
    cwd: dir,
    env: { ...process.env, WYMCP_TEST_WRITES: log },
    encoding: "utf8",
    timeout: 120_000,
  });
  assert.equal(run.status, 0, run.stderr);
  const fixed = readFileSync(join(dir, name), "utf8");
  // Both passes were applied: the first removes one superset group, the second the other.
  assert.match(fixed, /required_one_of: \[\["a"\]\]/);
  assert.match(fixed, /notes: "By any field\."/);
  const writes = readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.endsWith(`/${name}`));
  assert.deepEqual(writes, [`rename ${join(dir, name)}`], "one atomic write of the module, and no other");
});

test("--fix killed at random moments: every file as it was or fully fixed, and a later --fix finishes", async () => {
  const campaign = prepareCampaign(24, 4);
  const random = prng(20_260_312);
  for (const signal of ["SIGKILL", "SIGKILL", "SIGINT"] as const) {
    const delayMs = killDelay(campaign, random);
    const trial = await killTrial(campaign, signal, delayMs);
    assert.deepEqual(trial.defects, [], `${signal} after ${delayMs} ms`);
    assert.equal(trial.original + trial.fixed, campaign.files.size);
  }
});
