#!/usr/bin/env node
// --watch's figures (docs/cli.md, "Watch"), for `npm run bench` (bench/run.mjs adds them to its
// report) or alone: `node bench/watch.mjs [--quick]` prints one JSON object.
// `wymcp-lint --watch --format json .` runs on a project of 100 action files (the first of
// bench/corpus/medium-json/) and 30 .tool.ts modules (bench/corpus/modules-ts/), copied into
// bench/.work/watch/ (inside the repository, so the modules' import of "wymcp-lint" resolves
// to it); each edit rewrites one file and is timed from the write to the NDJSON line of the
// run it caused, whose report must show the edit (the debounce is included: it is what a user waits for):
//   actionMedianMs   an action file's edit, median
//   moduleMedianMs   a .tool.ts module's edit, median (loaded in a module process kept up)

import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CORPUS_ROOT, ensureCorpora } from "./generate.mjs";

const BENCH = fileURLToPath(new URL(".", import.meta.url));
const ROOT = resolve(BENCH, "..");
const LINT = process.env.BENCH_LINT ?? join(ROOT, "bin", "wymcp-lint.js");
const quick = process.argv.includes("--quick");
const EDITS = quick ? 5 : 15;
const ACTION_FILES = 100;
const WAIT_MS = 60_000;

ensureCorpora(["medium-json", "modules-ts"], () => undefined);
const project = join(BENCH, ".work", "watch");
rmSync(project, { recursive: true, force: true });
mkdirSync(join(project, "actions"), { recursive: true });

/** Every file under `dir`, sorted. */
function files(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}
for (const file of files(join(CORPUS_ROOT, "medium-json")).slice(0, ACTION_FILES))
  cpSync(file, join(project, "actions", relative(join(CORPUS_ROOT, "medium-json"), file).replaceAll("/", "-")));
cpSync(join(CORPUS_ROOT, "modules-ts"), join(project, "modules"), { recursive: true });

const child = spawn(process.execPath, [LINT, "--watch", "--format", "json", "."], { cwd: project, stdio: ["ignore", "pipe", "pipe"] });
let stderr = "";
child.stderr.setEncoding("utf8").on("data", (chunk) => {
  stderr += chunk;
});
const lines = [];
let partial = "";
let wake = () => undefined;
child.stdout.setEncoding("utf8").on("data", (chunk) => {
  const parts = (partial + chunk).split("\n");
  partial = parts.pop();
  lines.push(...parts.filter((line) => line !== ""));
  wake();
});

/** The next report line, after the `seen` before it. */
function report(seen) {
  return new Promise((resolveReport, reject) => {
    const timer = setTimeout(() => reject(new Error(`no report within ${WAIT_MS / 1000} s; stderr: ${stderr.slice(0, 300)}`)), WAIT_MS);
    const look = () => {
      if (lines.length <= seen) return;
      clearTimeout(timer);
      wake = () => undefined;
      resolveReport(JSON.parse(lines[seen]));
    };
    wake = look;
    look();
  });
}

const offencesOf = (document, path) => document.files.find((file) => file.file === path)?.offences.map((offence) => offence.code);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Times EDITS edits of `file`: in turn `broken` (which the report must show by `code`) and
 * its original text (which it must not), each from the write to its report.
 */
async function timeEdits(file, broken, code) {
  const path = resolve(project, file);
  const original = readFileSync(path, "utf8");
  const times = [];
  for (let i = 0; i < EDITS; i++) {
    const breaking = i % 2 === 0;
    const seen = lines.length;
    const at = performance.now();
    writeFileSync(path, breaking ? broken(original) : original);
    const document = await report(seen);
    times.push(performance.now() - at);
    const codes = offencesOf(document, file) ?? [];
    if (codes.includes(code) !== breaking) throw new Error(`the report after edit ${i + 1} of ${file} shows ${JSON.stringify(codes)}`);
    // Each edit on its own: the next starts once the run's module processes are up again.
    await new Promise((resolveQuiet) => setTimeout(resolveQuiet, 300));
  }
  return median(times);
}

try {
  const first = await report(0);
  // Its offences are the corpora's (run.mjs checks those): only the edited files' are held here.
  if (first.summary.files !== ACTION_FILES + 30) throw new Error(`the first report has ${first.summary.files} files`);
  await new Promise((resolveQuiet) => setTimeout(resolveQuiet, 300));
  const clean = (file) => !file.offences.some((offence) => offence.code === "unknown-key");
  const actionFile = first.files.find((file) => file.file.includes("actions/") && clean(file)).file;
  const moduleFile = first.files.find((file) => file.file.endsWith(".tool.ts") && clean(file)).file;
  // An unknown key in the first action, and in the module's first action.
  const actionMedianMs = await timeEdits(actionFile, (text) => text.replace(/"description"/, '"descripton": "x", "description"'), "unknown-key");
  const moduleMedianMs = await timeEdits(moduleFile, (text) => text.replace(/"description"/, '"descripton": "x", "description"'), "unknown-key");
  console.log(JSON.stringify({ edits: EDITS, actionMedianMs, moduleMedianMs }));
} finally {
  child.kill("SIGINT");
}
