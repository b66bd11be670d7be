// The long random-kill campaign over --fix (test/support/kill-campaign.ts): KILL_FILES files
// (300; one tool module in ten), KILL_TRIALS trials (70: five in seven SIGKILL, the rest SIGINT),
// each killed at a random moment, mostly while an uninterrupted --fix writes (killDelay). Prints each defect with
// its trial's signal and delay, and exits 1 on any. Run with `npm run kill-campaign` (after a
// build: it runs bin/wymcp-lint.js); its name is no `*.test.ts`, so `npm test` never runs it.

import { prng } from "../support/arbitraries.js";
import { killDelay, killTrial, prepareCampaign } from "../support/kill-campaign.js";

function positive(text: string | undefined, fallback: number): number {
  const n = Number.parseInt(text ?? "", 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

const FILES = positive(process.env["KILL_FILES"], 300);
const TRIALS = positive(process.env["KILL_TRIALS"], 70);
const SEED = positive(process.env["KILL_SEED"], Date.now() % 2_147_483_647);

const campaign = prepareCampaign(FILES, 10);
console.log(
  `kill campaign: ${TRIALS} trials over ${FILES} files, seed ${SEED}; an uninterrupted --fix takes ${Math.round(campaign.fixMs)} ms, writing from ${Math.round(campaign.writesMs[0])} to ${Math.round(campaign.writesMs[1])} ms`,
);
const random = prng(SEED);
let failed = 0;
let original = 0;
let fixed = 0;
for (let i = 0; i < TRIALS; i++) {
  const signal = i % 7 < 5 ? "SIGKILL" : "SIGINT";
  const delayMs = killDelay(campaign, random);
  const trial = await killTrial(campaign, signal, delayMs);
  original += trial.original;
  fixed += trial.fixed;
  if (process.env["KILL_VERBOSE"] === "1") console.log(`trial ${i} (${signal} after ${delayMs} ms): ${trial.original} as they were, ${trial.fixed} fixed`);
  if (trial.defects.length > 0) {
    failed++;
    console.log(`trial ${i} (${signal} after ${delayMs} ms):\n  ${trial.defects.join("\n  ")}`);
  }
}
console.log(`${TRIALS - failed} of ${TRIALS} trials held; files left as they were: ${original}, fully fixed: ${fixed}, half-fixed: none unless reported above`);
process.exitCode = failed === 0 ? 0 : 1;
