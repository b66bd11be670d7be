#!/usr/bin/env node
// Checks that a speed change changed no report: lints the same inputs with another build
// (`--before`, e.g. a worktree of main) and with this checkout's build, in JSON and in text,
// and compares the outputs byte for byte (the text's closing "(0.52 s)", the JSON's duration,
// a module process's pid and the checkout's own path aside, which are the run's). The inputs: every test fixture (JSON
// only: its tool modules make it slow), the real-server corpus, the real tools/list of the
// bench, the bench's corpora with offences to report, and its clean JSON and JSON5 corpora. The fixtures are each build's own,
// linted from its checkout: a tool module there that imports the package gets its checkout's.
//
//   node bench/same-reports.mjs --before /path/to/other/checkout [--quick]
//
// --quick: leave out the test fixtures (the slow part: their tool modules). Exits 1 when any
// report differs, and writes both versions of each that does to bench/.work/same-reports/.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ensureCorpora, CORPUS_ROOT } from "./generate.mjs";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const OUT = join(ROOT, "bench", ".work", "same-reports");
const { values: opts } = parseArgs({ options: { before: { type: "string" }, quick: { type: "boolean", default: false } } });
if (opts.before === undefined) {
  console.error("usage: node bench/same-reports.mjs --before CHECKOUT [--quick]");
  process.exit(2);
}
const checkouts = { before: resolve(opts.before), after: ROOT };
const builds = { before: join(checkouts.before, "bin", "wymcp-lint.js"), after: join(ROOT, "bin", "wymcp-lint.js") };
for (const bin of Object.values(builds)) {
  if (!existsSync(bin)) {
    console.error(`no build at ${bin}`);
    process.exit(2);
  }
}

ensureCorpora(["tools-list", "offences-json", "warnings-json", "medium-json", "medium-json5"]);
const inputs = [
  ...(opts.quick ? [] : [{ target: "test/fixtures", formats: ["json"], own: true }]),
  { target: "test/fixtures/real-mcp", formats: ["json", "text"], own: true },
  { target: join(CORPUS_ROOT, "tools-list"), formats: ["json", "text"] },
  { target: join(CORPUS_ROOT, "offences-json"), formats: ["json", "text"] },
  { target: join(CORPUS_ROOT, "warnings-json"), formats: ["json", "text"] },
  { target: join(CORPUS_ROOT, "medium-json"), formats: ["json"] },
  { target: join(CORPUS_ROOT, "medium-json5"), formats: ["json"] },
];

/** The report of one build, with what the clock writes in it taken out. */
function report(build, { target, own }, format) {
  const bin = builds[build];
  const args = format === "json" ? [bin, "--format", "json", target] : [bin, target];
  const run = spawnSync(process.execPath, args, { cwd: own ? checkouts[build] : ROOT, env: { ...process.env, NO_COLOR: "1" }, maxBuffer: 1 << 30 });
  const text = run.stdout.toString().replace(/process\.kill\(\d+\)/g, "process.kill(PID)");
  const out = own ? text.split(checkouts[build]).join("CHECKOUT") : text;
  const steady = format === "json" ? out.replace(/"(duration|elapsed)(Ms)?":\s*[\d.]+/g, '"$1$2":0') : out.replace(/\(\d+(\.\d+)? m?s\)\n?$/, "(time)\n");
  return `exit ${run.status}\n${steady}${run.stderr.toString()}`;
}

let differing = 0;
for (const input of inputs) {
  const { target, formats } = input;
  for (const format of formats) {
    const before = report("before", input, format);
    const after = report("after", input, format);
    const same = before === after;
    console.log(`${same ? "same" : "DIFFERENT"}  ${format.padEnd(4)}  ${target.replace(`${ROOT}/`, "")}  (${before.length} bytes)`);
    if (!same) {
      differing++;
      mkdirSync(OUT, { recursive: true });
      const stem = `${target.replace(/[^A-Za-z0-9]+/g, "_")}.${format}`;
      writeFileSync(join(OUT, `${stem}.before`), before);
      writeFileSync(join(OUT, `${stem}.after`), after);
    }
  }
}
console.log(differing === 0 ? "every report the same" : `${differing} reports differ: see ${OUT.replace(`${ROOT}/`, "")}`);
process.exit(differing === 0 ? 0 : 1);
