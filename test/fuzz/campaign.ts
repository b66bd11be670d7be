// The long fuzz campaign: the properties of test/support/properties.ts over
// 100,000 generated declarations in total (FUZZ_TOTAL overrides), in chunks of fresh
// seeds so one failure does not end the campaign. Prints how many ran and how many
// failed, with each failure's counterexample, and exits 1 on any failure.
// Run with `npm run fuzz`. Its name is no `*.test.ts`, so `npm test` never runs it.

import fc from "fast-check";
import { PROPERTIES } from "../support/properties.js";

const TOTAL = positive(process.env["FUZZ_TOTAL"], 100_000);
const CHUNK = positive(process.env["FUZZ_CHUNK"], 1_000);
const BASE_SEED = positive(process.env["FUZZ_SEED"], Date.now() % 2_147_483_647);

function positive(text: string | undefined, fallback: number): number {
  const n = Number.parseInt(text ?? "", 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

interface Tally {
  ran: number;
  failed: number;
  reports: string[];
}

const tallies = new Map<string, Tally>(PROPERTIES.map((p) => [p.name, { ran: 0, failed: 0, reports: [] }]));
const started = Date.now();
let remaining = TOTAL;
let chunk = 0;

console.log(`fuzz campaign: ${TOTAL} declarations over ${PROPERTIES.length} properties, chunks of ${CHUNK}, base seed ${BASE_SEED}`);

// Round-robin over the properties, one chunk each, until the total is spent.
while (remaining > 0) {
  for (const { name, property } of PROPERTIES) {
    if (remaining <= 0) break;
    const numRuns = Math.min(CHUNK, remaining);
    const seed = (BASE_SEED + chunk++) | 0;
    const details = fc.check(property(), { numRuns, seed, includeErrorInReport: true });
    const tally = tallies.get(name) as Tally;
    // numRuns counts the runs made before stopping at a failure; the chunk's others are not run.
    tally.ran += details.numRuns;
    remaining -= details.numRuns;
    if (details.failed) {
      tally.failed++;
      if (tally.reports.length < 3) tally.reports.push(fc.defaultReportMessage(details) ?? `failed with seed ${seed}`);
      // A failing chunk stops early: still spend its budget so the campaign ends.
      remaining -= numRuns - details.numRuns;
    }
  }
}

let ran = 0;
let failed = 0;
for (const [name, tally] of tallies) {
  ran += tally.ran;
  failed += tally.failed;
  console.log(`${tally.failed === 0 ? "ok  " : "FAIL"} ${String(tally.ran).padStart(7)} runs, ${tally.failed} failed  ${name}`);
  for (const report of tally.reports) console.log(`\n${report}\n`);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`ran ${ran} declarations, ${failed} failed (${seconds} s)`);
process.exitCode = failed === 0 ? 0 : 1;
