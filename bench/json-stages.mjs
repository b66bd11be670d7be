#!/usr/bin/env node
// Where the time of a JSON run goes, beyond the floor: the same files read and parsed as
// floor-json.mjs does, then each step wymcp-lint adds, one more per stage, each stage a
// whole process, run alternated round after round like run.mjs's contenders. Answers "what
// does the JSON-corpus ratio consist of", which the one ratio in RESULTS.md cannot.
//
//   node bench/json-stages.mjs [--rounds N] [DIR]       # default: 7 rounds, bench/corpus/medium-json
//   node bench/json-stages.mjs --stage NAME DIR|FILE... # one stage, once (what the driver spawns)
//
// Stages, each doing everything the one before it does:
//   floor       bench/floor-json.mjs: read each file as UTF-8 and JSON.parse it
//   modules     the same, having loaded the linter's modules the next stages call
//   duplicates  + the exact duplicate-key count (repeatsKeys, as the loader runs it)
//   chain       + the chain on the parsed value (lintActionFile, advisory checks off)
//   advisory    + the advisory checks (what the CLI runs)
//   cli         the CLI itself: node bin/wymcp-lint.js --format json DIR
// and one stage that is not cumulative, a lower bound for any design that runs these checks:
//   bound       duplicates + the model-text checks' first test alone on every string value
//               (scanPatterns, whose gate is one regular expression test), and no chain
// and the peer, for the same comparison in the same run:
//   ajv         bench/ajv.mjs on the same files
// From "modules" on, every stage imports the same built modules (dist/, from `npm run
// build`), so the differences between them are work; the CLI loads its bundle instead.

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { listFiles } from "./lib/files.mjs";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const TIMED = existsSync("/usr/bin/time");
const STAGES = ["floor", "modules", "duplicates", "chain", "advisory", "cli", "bound", "ajv"];

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: { stage: { type: "string" }, rounds: { type: "string", default: "7" } },
});

if (opts.stage !== undefined) {
  await runStage(opts.stage, positionals);
} else {
  drive(positionals[0] ?? join(ROOT, "bench/corpus/medium-json"), Number(opts.rounds));
}

async function runStage(stage, paths) {
  const { repeatsKeys } = await import(join(ROOT, "dist/text/json5-parse.js"));
  // The bound loads only the two modules it calls, so its figure holds no start-up of the chain's.
  if (stage === "bound") return runBound(paths, repeatsKeys, (await import(join(ROOT, "dist/core/model-text/scan.js"))).scanPatterns);
  const { lintActionFile } = await import(join(ROOT, "dist/core/lint-tool.js"));
  const { PLAIN_DATA } = await import(join(ROOT, "dist/core/map.js"));
  const depth = STAGES.indexOf(stage) - 1;
  if (depth < 0 || stage === "cli") throw new Error(`no stage ${stage} to run here`);
  let files = 0;
  let found = 0; // each stage's result is used, so no step is dead code
  for (const file of listFiles(paths, [".json"])) {
    const text = readFileSync(file, "utf8");
    const value = JSON.parse(text);
    found += Object.keys(value).length;
    if (depth >= 1 && repeatsKeys(text, value)) found++;
    if (depth >= 2) found += lintActionFile(value, "tool", { read: PLAIN_DATA, advisory: depth >= 3 }).offences.length;
    files++;
  }
  console.log(`${stage}: ${files} files, ${found}`);
}

/** The "bound" stage: read, parse, the duplicate-key count, and one pattern scan of every string value. */
function runBound(paths, repeatsKeys, scanPatterns) {
  let files = 0;
  let found = 0;
  for (const file of listFiles(paths, [".json"])) {
    const text = readFileSync(file, "utf8");
    const value = JSON.parse(text);
    if (repeatsKeys(text, value)) found++;
    const stack = [value];
    while (stack.length > 0) {
      const node = stack.pop();
      if (typeof node === "string") found += scanPatterns(node).length;
      else if (typeof node === "object" && node !== null) for (const key in node) stack.push(node[key]);
    }
    files++;
  }
  console.log(`bound: ${files} files, ${found}`);
}

function drive(corpus, rounds) {
  const command = (stage) =>
    stage === "floor"
      ? [join(ROOT, "bench/floor-json.mjs"), corpus]
      : stage === "cli"
        ? [join(ROOT, "bin/wymcp-lint.js"), "--format", "json", corpus]
        : stage === "ajv"
          ? [join(ROOT, "bench/ajv.mjs"), corpus]
          : [fileURLToPath(import.meta.url), "--stage", stage, corpus];
  const wall = new Map(STAGES.map((s) => [s, []]));
  const cpu = new Map(STAGES.map((s) => [s, []]));
  for (let round = 0; round <= rounds; round++) {
    for (const stage of STAGES) {
      const started = process.hrtime.bigint();
      // CPU time from GNU time where there is one; otherwise wall time only.
      const [file, args] = TIMED ? ["/usr/bin/time", ["-f", "%U %S", process.execPath, ...command(stage)]] : [process.execPath, command(stage)];
      const run = spawnSync(file, args, { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 28 });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (run.status !== 0) throw new Error(`${stage} failed (exit ${run.status}): ${run.stderr}`);
      if (round === 0) continue; // warm-up round
      const [user, sys] = TIMED ? run.stderr.trim().split("\n").at(-1).split(" ").map(Number) : [Number.NaN, 0];
      wall.get(stage).push(ms);
      cpu.get(stage).push((user + sys) * 1000);
    }
  }
  const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
  const floor = median(wall.get("floor"));
  console.log(`${corpus}: medians of ${rounds} alternated rounds (wall ms, CPU ms, wall / floor)`);
  let before = 0;
  for (const stage of STAGES) {
    const w = median(wall.get(stage));
    const step = stage === "floor" || stage === "cli" || stage === "bound" || stage === "ajv" ? "" : ` (+${(w - before).toFixed(0)})`;
    console.log(`${stage.padEnd(11)} ${w.toFixed(0).padStart(6)} ${median(cpu.get(stage)).toFixed(0).padStart(6)}  ${(w / floor).toFixed(2)}${step}`);
    before = w;
  }
}
