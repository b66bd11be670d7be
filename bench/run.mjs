#!/usr/bin/env node
// `npm run bench`: measures wymcp-lint against its floors as whole processes (what a user
// waits for), interleaved round-robin so background load and thermal drift hit every
// contender alike, and reports medians, throughput, peak memory and the target ratios, on
// stdout and in bench/RESULTS.md. It is a report, not a test: it exits 0 even when a target
// fails, but says FAIL, and says loudly when the linter errored, since a benchmark of a
// linter that errors is meaningless.
//
//   node bench/run.mjs [--rounds N] [--quick] [--ajv-schema PATH] [--lint PATH] [--only WORDS]
//
// --quick: 3 rounds and no large corpus (development). --ajv-schema: validate with another
// schema than schemas/action-file.schema.json (e.g. while that file does not exist yet).
// --lint: benchmark another build of the CLI than bin/wymcp-lint.js (e.g. another checkout).
// --only: run only the contenders whose name contains one of these comma-separated words
// ("lsp" and "watch" select those scripts' rows), to check a few rows on a shared machine;
// the report then goes to bench/.work/RESULTS-only.md, never to RESULTS.md.

import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, totalmem } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { CORPORA, CORPUS_ROOT, ensureCorpora } from "./generate.mjs";
import { listFiles } from "./lib/files.mjs";

const BENCH = fileURLToPath(new URL(".", import.meta.url));
const ROOT = resolve(BENCH, "..");
const WORK = join(BENCH, ".work");
const REPO_SCHEMA = join(ROOT, "schemas", "action-file.schema.json");

const { values: opts } = parseArgs({
  options: {
    rounds: { type: "string" },
    quick: { type: "boolean", default: false },
    "ajv-schema": { type: "string" },
    lint: { type: "string" },
    only: { type: "string" },
    help: { type: "boolean", default: false },
  },
});
if (opts.help) {
  console.log("usage: node bench/run.mjs [--rounds N] [--quick] [--ajv-schema PATH] [--lint PATH] [--only WORDS]");
  process.exit(0);
}
const ONLY = opts.only === undefined ? null : opts.only.split(",").filter((word) => word !== "");
/** Whether `name` is selected by --only (everything is without it). */
const selected = (name) => ONLY === null || ONLY.some((word) => name.includes(word));
const LINT = opts.lint ? resolve(opts.lint) : join(ROOT, "bin", "wymcp-lint.js");
// The config of the two rows whose one tool is over every client's limits by construction (the file says why).
const NO_CLIENTS = join(ROOT, "bench", "lib", "no-clients.config.json5");
const ROUNDS = Number(opts.rounds ?? (opts.quick ? 3 : 5));
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error("--rounds must be a positive integer");
  process.exit(2);
}

// ---------------------------------------------------------------------------------------
// Corpora

const corpusNames = Object.keys(CORPORA).filter((name) => !(opts.quick && CORPORA[name].large));
// Made (or checked) once the contenders are known, so --only makes only the corpora its rows
// need; single/ now, which lintState() probes the CLI on.
let stamps = ensureCorpora(["single"]);
const corpusPath = (name, file = "") => join(CORPUS_ROOT, name, file);

// ---------------------------------------------------------------------------------------
// Measuring one run of one contender
//
// Wall time: hrtime around spawnSync, i.e. process creation to exit, as a user sees it.
// Peak memory and CPU: GNU time's %M (the child's peak resident set, from wait4's rusage,
// KiB) and %U/%S. Where /usr/bin/time is missing, maxrss-hook.mjs reports the same figures
// from process.resourceUsage() inside the child. Either way every contender is measured
// through the same wrapper, so its small constant cost is on both sides of every ratio.

const USE_GNU_TIME = existsSync("/usr/bin/time");
const METHOD = USE_GNU_TIME
  ? "peak RSS and CPU from `/usr/bin/time -f '%M %U %S'` (wait4 rusage of the node process)"
  : "peak RSS and CPU from `process.resourceUsage()` in the child (preloaded bench/maxrss-hook.mjs)";
mkdirSync(WORK, { recursive: true });
const RUSAGE_FILE = join(WORK, "rusage.txt");

function runOnce(nodeArgs, extraEnv = {}) {
  rmSync(RUSAGE_FILE, { force: true });
  const [command, args, env] = USE_GNU_TIME
    ? ["/usr/bin/time", ["-f", "%M %U %S", "-o", RUSAGE_FILE, process.execPath, ...nodeArgs], { ...process.env, ...extraEnv }]
    : [process.execPath, ["--import", join(BENCH, "maxrss-hook.mjs"), ...nodeArgs], { ...process.env, ...extraEnv, BENCH_RUSAGE_FILE: RUSAGE_FILE }];
  const started = process.hrtime.bigint();
  const child = spawnSync(command, args, {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 1 << 30,
    timeout: 15 * 60 * 1000,
  });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  // GNU time prepends "Command exited with non-zero status N" when it is not 0: read the last line.
  const usage = existsSync(RUSAGE_FILE) ? readFileSync(RUSAGE_FILE, "utf8").trim().split("\n").pop().split(" ").map(Number) : [];
  return {
    wallMs,
    rssKiB: usage[0],
    cpuS: usage.length === 3 ? usage[1] + usage[2] : undefined,
    status: child.error ? `error ${child.error.code}` : child.signal ? `signal ${child.signal}` : child.status,
    stdout: child.stdout?.toString() ?? "",
    stderr: child.stderr?.toString() ?? "",
  };
}

// ---------------------------------------------------------------------------------------
// The contenders
//
// wymcp-lint runs as `node bin/wymcp-lint.js --format json PATH` on the corpora: the JSON
// report lets every run be checked (files linted = files in the corpus, offences = 0), so a
// linter that skipped files cannot look fast. Where the CLI cannot write JSON (yet), the
// default text format is used and the counts are read from its summary line. The cold start
// runs the default invocation `node bin/wymcp-lint.js FILE` (text), as a pre-commit hook does.

const firstLine = (text) => (text.split("\n").find((l) => l.trim()) ?? "(no stderr)").trim().slice(0, 200);

/** The { files, offences } a report states, null if it states none; throws on a non-JSON "json" report. */
function reportedCounts(stdout, format) {
  if (format === "json") {
    const { files, offences } = JSON.parse(stdout).summary ?? {};
    return typeof files === "number" && typeof offences === "number" ? { files, offences } : null;
  }
  // The text summary line, e.g. "2000 files, 15032 actions: no offences (0.72 s)".
  const last = stdout.trim().split("\n").pop() ?? "";
  const m = /(\d[\d,]*) files?\b.*?(no offences|(\d[\d,]*) offences?)/.exec(last);
  return m ? { files: Number(m[1].replace(/,/g, "")), offences: Number((m[3] ?? "0").replace(/,/g, "")) } : null;
}

/** Whether the CLI runs at all, and with which format (probed on the clean single file). */
function lintState() {
  if (!existsSync(LINT)) return { ok: false, why: `wymcp-lint not built (no ${relative(ROOT, LINT)})` };
  const single = corpusPath("single", "one.actions.json");
  const json = runOnce([LINT, "--format", "json", single]);
  try {
    reportedCounts(json.stdout, "json");
    return { ok: true, format: "json" };
  } catch {
    // No JSON report: fall back to the text format if that one works.
  }
  const text = runOnce([LINT, single]);
  if (text.status === 0 || (text.status === 1 && reportedCounts(text.stdout, "text"))) {
    return { ok: true, format: "text", why: `\`--format json\` gave no JSON report (exit ${json.status}: ${firstLine(json.stderr)})` };
  }
  return { ok: false, why: `wymcp-lint not built or broken (exit ${text.status} on a clean file: ${firstLine(text.stderr)})` };
}
const lint = lintState();
const ajvSchema = opts["ajv-schema"] ? resolve(opts["ajv-schema"]) : REPO_SCHEMA;
const ajv = existsSync(ajvSchema) ? { ok: true } : { ok: false, why: `no schema at ${relative(ROOT, ajvSchema)} yet (use --ajv-schema PATH meanwhile)` };
const usingRepoSchema = ajvSchema === REPO_SCHEMA;
// The peer on its own input: oh-my-mcp, a devDependency (its exports hide package.json, so its bin is found by path).
const OH_MY_MCP = join(ROOT, "node_modules", "oh-my-mcp", "dist", "cli.js");
const ohMyMcp = existsSync(OH_MY_MCP) ? { ok: true } : { ok: false, why: "oh-my-mcp not installed (a devDependency: npm install)" };

const floorJson = (target) => [join(BENCH, "floor-json.mjs"), target];
const lintArgs = (target) => (lint.format === "json" ? [LINT, "--format", "json", target] : [LINT, target]);
/** A run with the result cache of `strategy`, its file beside the corpora (outside every corpus); `dir`: another copy of the corpus. */
const warmArgs = (corpus, strategy, dir = corpusPath(corpus)) => [
  LINT,
  "--cache",
  "--cache-strategy",
  strategy,
  "--cache-location",
  join(dir === corpusPath(corpus) ? CORPUS_ROOT : WORK, `.cache-${corpus}-${strategy}${dir === corpusPath(corpus) ? "" : "-changed"}`),
  ...lintArgs(dir).slice(1),
];

/**
 * A copy of `corpus` in which one file changes before every run (untimed): its text and the
 * same text and a space, in turn, so every run finds exactly that file changed (its content,
 * size and mtime) and its lint the same. One copy a strategy, each with its own cache.
 */
function changingCopy(corpus, strategy) {
  const dir = join(WORK, `${corpus}-changed-${strategy}`);
  const first = (at) => {
    const entry = readdirSync(at, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))[0];
    return entry.isDirectory() ? first(join(at, entry.name)) : join(at, entry.name);
  };
  let file = null;
  let text = "";
  let flip = false;
  return {
    dir,
    before: () => {
      // Copied at the first run (untimed, as all of before is), so a row not run copies nothing.
      if (file === null) {
        rmSync(dir, { recursive: true, force: true });
        cpSync(corpusPath(corpus), dir, { recursive: true });
        file = first(dir);
        text = readFileSync(file, "utf8");
      }
      flip = !flip;
      writeFileSync(file, flip ? `${text} ` : text);
    },
  };
}
const changedContent = changingCopy("medium-json", "content");
const changedMetadata = changingCopy("medium-json", "metadata");
/**
 * A fresh copy of `corpus` before every run (untimed), for `--fix`, which writes: `verify`
 * then checks that the run changed every file of it (each has one fixable mistake).
 */
function fixCopy(corpus) {
  const dir = join(WORK, `${corpus}-fix`);
  const original = (file) => readFileSync(join(corpusPath(corpus), relative(dir, file)), "utf8");
  return {
    dir,
    before: () => {
      rmSync(dir, { recursive: true, force: true });
      cpSync(corpusPath(corpus), dir, { recursive: true });
    },
    verify: () => {
      const files = listFiles([dir]);
      const unchanged = files.filter((file) => readFileSync(file, "utf8") === original(file)).length;
      return unchanged === 0 ? null : `left ${unchanged} of ${files.length} files as they were (each has a fixable mistake)`;
    },
  };
}
const fixable = fixCopy("modules-ts-fixable");
const TOOLS_LIST = corpusPath("tools-list", "ms-365-mcp-server.tools.json");
/** Whether oh-my-mcp's JSON report covers every tool of the tools/list (its exit status is 1: it grades the server F). */
function everyToolGraded(run) {
  const graded = JSON.parse(run.stdout).tools?.length;
  return graded === stamps["tools-list"].tools ? null : `graded ${graded} tools, the tools/list has ${stamps["tools-list"].tools}`;
}
/** The load timeout of the hung-modules row, in seconds (its target is in these). */
const HUNG_TIMEOUT_S = 2;
/** Whether a report's offences are exactly one load-error on each of the corpus's hung modules. */
function onlyHungLoadErrors(run) {
  const found = JSON.parse(run.stdout).files.flatMap((f) => f.offences.map((o) => `${relative(ROOT, resolve(ROOT, f.file))} ${o.code}`));
  const expected = stamps["modules-ts-hung"].hungFiles.map((file) => `${relative(ROOT, corpusPath("modules-ts-hung", file))} load-error`);
  const same = found.length === expected.length && expected.every((entry) => found.includes(entry));
  return same ? null : `its offences are not one load-error on each hung module (${expected.length}): ${found.join(", ") || "none"}`;
}
/** The module trace (docs/cli.md, "Environment"), by which a warm run shows it started no module process. */
const TRACE = { WYMCP_LINT_TRACE: "modules" };

/** Each: the tool, its corpus (a stamp name; null for `node -e 0`) and node arguments. */
const contenderId = (c) => `${c.tool}${c.variant ? ` ${c.variant}` : ""} ${c.corpus ?? ""}`.trim();
const candidates = [
  { tool: "floor-json", corpus: "medium-json", args: floorJson(corpusPath("medium-json")) },
  { tool: "wymcp-lint", corpus: "medium-json", args: lintArgs(corpusPath("medium-json")) },
  { tool: "ajv", corpus: "medium-json", args: [join(BENCH, "ajv.mjs"), "--schema", ajvSchema, corpusPath("medium-json")] },
  { tool: "floor-json", corpus: "warnings-json", args: floorJson(corpusPath("warnings-json")) },
  { tool: "wymcp-lint", corpus: "warnings-json", args: lintArgs(corpusPath("warnings-json")), warned: true },
  // The peer on its own input, both writing JSON reports; each report is checked.
  { tool: "oh-my-mcp", corpus: "tools-list", args: [OH_MY_MCP, "lint", TOOLS_LIST, "--json"], status: 1, verify: everyToolGraded },
  { tool: "wymcp-lint", corpus: "tools-list", args: lintArgs(TOOLS_LIST), warned: true },
  { tool: "floor-json5", corpus: "medium-json5", args: [join(BENCH, "floor-json5.mjs"), corpusPath("medium-json5")] },
  { tool: "wymcp-lint", corpus: "medium-json5", args: lintArgs(corpusPath("medium-json5")) },
  { tool: "floor-json", corpus: "large-json", args: floorJson(corpusPath("large-json")) },
  { tool: "wymcp-lint", corpus: "large-json", args: lintArgs(corpusPath("large-json")) },
  { tool: "floor-json", corpus: "big", args: floorJson(corpusPath("big", "one.actions.json")) },
  { tool: "wymcp-lint", corpus: "big", args: [...lintArgs(corpusPath("big", "one.actions.json")), "--config", NO_CLIENTS] },
  { tool: "node -e 0", corpus: null, args: ["-e", "0"], startUp: true },
  { tool: "wymcp-lint", corpus: "single", args: [LINT, corpusPath("single", "one.actions.json")], format: "text", startUp: true },
  { tool: "wymcp-lint", corpus: "modules", args: lintArgs(corpusPath("modules")) },
  { tool: "wymcp-lint", corpus: "offences-json", args: lintArgs(corpusPath("offences-json")), dirty: true },
  { tool: "floor-modules (tsx)", corpus: "modules-ts", args: ["--import", "tsx", join(BENCH, "floor-modules.mjs"), corpusPath("modules-ts")] },
  { tool: "wymcp-lint", corpus: "modules-ts", args: lintArgs(corpusPath("modules-ts")) },
  { tool: "floor-modules", corpus: "modules-mjs", args: [join(BENCH, "floor-modules.mjs"), corpusPath("modules-mjs")] },
  { tool: "wymcp-lint", corpus: "modules-mjs", args: lintArgs(corpusPath("modules-mjs")) },
  { tool: "wymcp-lint", corpus: "modules-ts-300", args: lintArgs(corpusPath("modules-ts-300")) },
  { tool: "wymcp-lint", corpus: "module-one", args: [LINT, corpusPath("module-one", "one.tool.ts")], format: "text", startUp: true },
  { tool: "wymcp-lint", corpus: "elixir-one", args: [LINT, corpusPath("elixir-one", "one.ex"), "--config", NO_CLIENTS], format: "text", startUp: true },
  { tool: "wymcp-lint", variant: "--version", corpus: null, args: [LINT, "--version"], format: "text", startUp: true },
  // Warm runs: the warm-up round writes each cache (beside the corpora, outside them), every measured round finds nothing changed.
  { tool: "wymcp-lint", variant: "warm --cache", corpus: "medium-json", args: warmArgs("medium-json", "content"), misses: 0 },
  { tool: "wymcp-lint", variant: "warm --cache metadata", corpus: "medium-json", args: warmArgs("medium-json", "metadata"), misses: 0 },
  // The same, with one file changed before each run: exactly one miss.
  {
    tool: "wymcp-lint",
    variant: "warm --cache, one file changed",
    corpus: "medium-json",
    args: warmArgs("medium-json", "content", changedContent.dir),
    before: changedContent.before,
    misses: 1,
  },
  {
    tool: "wymcp-lint",
    variant: "warm --cache metadata, one file changed",
    corpus: "medium-json",
    args: warmArgs("medium-json", "metadata", changedMetadata.dir),
    before: changedMetadata.before,
    misses: 1,
  },
  { tool: "wymcp-lint", variant: "warm --cache", corpus: "modules-ts", args: warmArgs("modules-ts", "content"), misses: 0, env: TRACE, noModuleProcess: true },
  // --fix over modules with one mistake each, against the plain lint of the same modules; the
  // plain lint must find every mistake, the fix run leave none and change every file.
  { tool: "wymcp-lint", corpus: "modules-ts-fixable", args: lintArgs(corpusPath("modules-ts-fixable")), dirty: true, strict: true },
  {
    tool: "wymcp-lint",
    variant: "--fix",
    corpus: "modules-ts-fixable",
    args: [LINT, "--fix", ...lintArgs(fixable.dir).slice(1)],
    before: fixable.before,
    verify: fixable.verify,
  },
  // Modules that never finish loading: exactly their load-errors, timed out side by side.
  {
    tool: "wymcp-lint",
    variant: `--load-timeout ${HUNG_TIMEOUT_S}`,
    corpus: "modules-ts-hung",
    args: [...lintArgs(corpusPath("modules-ts-hung")), "--load-timeout", String(HUNG_TIMEOUT_S)],
    dirty: true,
    strict: true,
    verify: onlyHungLoadErrors,
  },
];
const usedCorpora = corpusNames.filter((name) => name === "single" || candidates.some((c) => c.corpus === name && selected(contenderId(c))));
stamps = ensureCorpora(ONLY === null ? corpusNames : usedCorpora);
const contenders = candidates
  .filter((c) => c.corpus === null || corpusNames.includes(c.corpus))
  .map((c) => ({
    ...c,
    id: contenderId(c),
    format: c.format ?? lint.format,
    gate: !selected(contenderId(c))
      ? { ok: false, why: "not selected (--only)" }
      : c.tool === "wymcp-lint"
        ? lint
        : c.tool === "ajv"
          ? ajv
          : c.tool === "oh-my-mcp"
            ? ohMyMcp
            : { ok: true },
    // dirty: errors to report (exit 1); warned: only warnings (exit 0); each as many as the stamp says.
    expect: {
      status: c.status ?? (c.dirty ? 1 : 0),
      files: c.corpus ? stamps[c.corpus]?.files : undefined,
      offences: c.dirty || c.warned ? stamps[c.corpus]?.expectedOffences : 0,
    },
    // --version prints no report to count.
    counted: c.variant !== "--version",
    runs: [],
    problems: new Set(), // why this contender's numbers cannot be trusted
    notes: new Set(), // what is worth knowing but does not invalidate them
  }));

/** Check one run against what the contender must produce; record what is wrong. */
function check(c, run, measured) {
  if (measured && c.noModuleProcess && / started$/m.test(run.stderr)) c.problems.add("started a module process (WYMCP_LINT_TRACE=modules says so)");
  if (measured && c.misses !== undefined && lint.format === "json") {
    const misses = JSON.parse(run.stdout).summary?.cache?.misses;
    if (misses !== c.misses) c.problems.add(`the cache missed ${misses} files, expected ${c.misses}`);
  }
  if (c.verify && (lint.format === "json" || c.tool !== "wymcp-lint") && run.status === c.expect.status) {
    const trouble = c.verify(run);
    if (trouble) c.problems.add(trouble);
  }
  if (run.status !== c.expect.status) {
    const stderr = run.stderr.trim().split("\n").slice(0, 3).join(" | ").slice(0, 300);
    c.problems.add(`exited ${run.status}, expected ${c.expect.status}${stderr ? `: ${stderr}` : ""}`);
  }
  if (c.tool !== "wymcp-lint" || !c.counted) return;
  let counts;
  try {
    counts = reportedCounts(run.stdout, c.format);
  } catch {
    c.problems.add("stdout is not one JSON document");
    return;
  }
  if (!counts) {
    c.notes.add(`its ${c.format} report states no file and offence counts: they are not verified`);
    return;
  }
  const { files, offences } = counts;
  if (files !== c.expect.files) c.problems.add(`linted ${files} files, the corpus has ${c.expect.files}`);
  if (offences !== c.expect.offences) {
    (c.dirty && !c.strict ? c.notes : c.problems).add(`reported ${offences} offences, expected ${c.expect.offences}`);
  }
}

// ---------------------------------------------------------------------------------------
// Rounds: one unrecorded warm-up (page cache, first-run effects), then ROUNDS rounds, each
// running every contender once (the start-up rows more often), in an order rotated by one each round.

const live = contenders.filter((c) => c.gate.ok);
const started = Date.now();
const loadBefore = loadavg();
// The start-up rows (a process of a few hundred milliseconds, `node -e 0` their floor) swing
// most with the machine and cost least: each measured round runs them START_UP_PASSES times.
const START_UP_PASSES = 3;
for (let round = -1; round < ROUNDS; round++) {
  process.stderr.write(round < 0 ? "warm-up " : `round ${round + 1}/${ROUNDS} `);
  const shift = Math.max(round, 0) % live.length;
  const rotated = [...live.slice(shift), ...live.slice(0, shift)];
  const startUp = rotated.filter((c) => c.startUp === true);
  const passes = round < 0 ? [rotated] : [rotated, ...Array.from({ length: START_UP_PASSES - 1 }, () => startUp)];
  for (const pass of passes) {
    for (const c of pass) {
      c.before?.();
      const run = runOnce(c.args, c.env);
      check(c, run, round >= 0);
      if (round >= 0) c.runs.push(run);
      process.stderr.write(".");
    }
  }
  process.stderr.write(` ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}
const loadAfter = loadavg();

// ---------------------------------------------------------------------------------------
// Statistics and the report

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
for (const c of contenders) {
  c.wallMs = median(c.runs.map((r) => r.wallMs));
  c.minMs = Math.min(...c.runs.map((r) => r.wallMs));
  c.maxMs = Math.max(...c.runs.map((r) => r.wallMs));
  c.rssKiB = median(c.runs.map((r) => r.rssKiB));
  c.cpuS = median(c.runs.map((r) => r.cpuS));
  const stamp = c.corpus ? stamps[c.corpus] : null;
  c.files = stamp?.files;
  c.bytes = stamp?.bytes;
  c.filesPerS = stamp ? stamp.files / (c.wallMs / 1000) : NaN;
  c.mbPerS = stamp ? stamp.bytes / 1e6 / (c.wallMs / 1000) : NaN;
}
const find = (tool, corpus, variant) => contenders.find((c) => c.tool === tool && c.corpus === corpus && c.variant === variant);

const fmtMs = (ms) => (!Number.isFinite(ms) ? "—" : ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`);
const fmtNum = (x, digits = 0) => (Number.isFinite(x) ? x.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "—");
const fmtMB = (bytes) => (bytes === undefined ? "—" : fmtNum(bytes / 1e6, bytes < 1e6 ? 2 : 1));
const fmtMiB = (kib) => (Number.isFinite(kib) ? `${(kib / 1024).toFixed(0)} MiB` : "—");

function contenderRow(c) {
  const what = [c.variant ? `${c.tool} ${c.variant}` : c.tool, c.corpus ?? "—", c.files === undefined ? "—" : fmtNum(c.files), fmtMB(c.bytes)];
  if (!c.gate.ok) return [...what, `**${c.gate.why}**`, "", "", "", "", "", ""];
  const status = c.problems.size > 0 ? "**see PROBLEMS**" : String(c.expect.status);
  return [
    ...what,
    fmtMs(c.wallMs),
    `${fmtMs(c.minMs)} – ${fmtMs(c.maxMs)}`,
    fmtNum(c.filesPerS),
    fmtNum(c.mbPerS, 1),
    fmtMiB(c.rssKiB),
    Number.isFinite(c.cpuS) ? `${c.cpuS.toFixed(2)} s` : "—",
    status,
  ];
}

/**
 * What a ratio compares: the measure the target is on, and its CPU-time counterpart, shown
 * beside it because CPU time barely moves with background load (it hides parallelism and
 * waiting, so the target stays on wall time).
 */
const MEASURES = {
  time: [(c) => c.wallMs, (c) => c.cpuS],
  rss: [(c) => c.rssKiB, null],
  cpu: [(c) => c.cpuS, null],
  filesPerS: [(c) => c.filesPerS, (c) => c.files / c.cpuS],
};

/**
 * A ratio row: two contenders' measures, checked against a target (or none). `denPlusMs`: a
 * time added to the denominator's wall time (a wait the numerator must include; its CPU
 * counterpart is then not shown, since waiting costs no CPU).
 */
function ratioRow(label, num, den, kind, target, denPlusMs = 0) {
  const [op, bound] = target ?? [];
  const targetText = target ? `${op} ${bound.toFixed(1)}` : "(reference)";
  if (!num || !den) return [label, "—", "—", targetText, "NOT RUN (--quick)"];
  const missing = [num, den].find((c) => !c.gate.ok);
  if (missing) return [label, "—", "—", targetText, `NOT RUN (${missing.gate.why.split(" (")[0]})`];
  const [measure, cpuMeasure] = MEASURES[kind];
  const value = measure(num) / (measure(den) + denPlusMs);
  const cpuText = cpuMeasure && denPlusMs === 0 ? (cpuMeasure(num) / cpuMeasure(den)).toFixed(2) : "—";
  const row = (result) => [label, value.toFixed(2), cpuText, targetText, result];
  const broken = [num, den].filter((c) => c.problems.size > 0).map((c) => c.id);
  if (broken.length > 0) return row(`**INVALID** (${broken.join(", ")} misbehaved)`);
  if (!target) return row("—");
  return row((op === "≤" ? value <= bound : value >= bound) ? "PASS" : "**FAIL**");
}

const lintJ = find("wymcp-lint", "medium-json");
const ratios = [
  ratioRow("real tools/list (344 tools, 3.6 MB): wymcp-lint / oh-my-mcp, time", find("wymcp-lint", "tools-list"), find("oh-my-mcp", "tools-list"), "time", ["≤", 1.0]),
  ratioRow("JSON corpus, every check on: wymcp-lint / floor-json, time", lintJ, find("floor-json", "medium-json"), "time", ["≤", 2.5]),
  ratioRow(
    `JSON corpus with ${fmtNum(stamps["warnings-json"]?.expectedOffences)} true warnings: wymcp-lint / floor-json, time`,
    find("wymcp-lint", "warnings-json"),
    find("floor-json", "warnings-json"),
    "time",
    ["≤", 2.5],
  ),
  ratioRow("JSON corpus: ajv / floor-json, time", find("ajv", "medium-json"), find("floor-json", "medium-json"), "time"),
  ratioRow("JSON5 corpus: wymcp-lint / floor-json5, time", find("wymcp-lint", "medium-json5"), find("floor-json5", "medium-json5"), "time", ["≤", 0.6]),
  ratioRow("cold start: wymcp-lint single file / node -e 0, time", find("wymcp-lint", "single"), find("node -e 0", null), "time", ["≤", 2.3]),
  ratioRow("50 MB file: wymcp-lint / floor-json, time", find("wymcp-lint", "big"), find("floor-json", "big"), "time", ["≤", 1.3]),
  ratioRow("50 MB file: wymcp-lint / floor-json, peak RSS", find("wymcp-lint", "big"), find("floor-json", "big"), "rss", ["≤", 1.5]),
  ratioRow("linearity: wymcp-lint files/s, large ÷ medium", find("wymcp-lint", "large-json"), lintJ, "filesPerS", ["≥", 0.8]),
  ratioRow("linearity: floor-json files/s, large ÷ medium", find("floor-json", "large-json"), find("floor-json", "medium-json"), "filesPerS"),
  ratioRow("30 .tool.ts modules: wymcp-lint / tsx import-all floor, time", find("wymcp-lint", "modules-ts"), find("floor-modules (tsx)", "modules-ts"), "time", ["≤", 2.5]),
  ratioRow("30 .tool.ts modules: wymcp-lint / tsx import-all floor, CPU", find("wymcp-lint", "modules-ts"), find("floor-modules (tsx)", "modules-ts"), "cpu", ["≤", 3.0]),
  ratioRow("30 .tool.mjs modules: wymcp-lint / node import-all floor, time", find("wymcp-lint", "modules-mjs"), find("floor-modules", "modules-mjs"), "time", ["≤", 2.5]),
  ratioRow("linearity: wymcp-lint modules files/s, 300 ÷ 30", find("wymcp-lint", "modules-ts-300"), find("wymcp-lint", "modules-ts"), "filesPerS", ["≥", 0.8]),
  ratioRow("cold start: wymcp-lint one .tool.ts / node -e 0, time", find("wymcp-lint", "module-one"), find("node -e 0", null), "time", ["≤", 4.0]),
  ratioRow("cold start: wymcp-lint one 2,000-line .ex / node -e 0, time", find("wymcp-lint", "elixir-one"), find("node -e 0", null), "time", ["≤", 3.0]),
  // ajv checks one schema, the linter every code: a reference since the checks were all kept (bench/README.md).
  ratioRow("JSON corpus, cold: wymcp-lint / ajv, time", lintJ, find("ajv", "medium-json"), "time"),
  ratioRow("start-up: wymcp-lint --version / node -e 0, time", find("wymcp-lint", null, "--version"), find("node -e 0", null), "time", ["≤", 1.3]),
  ratioRow("start-up: wymcp-lint single file / node -e 0, time", find("wymcp-lint", "single"), find("node -e 0", null), "time", ["≤", 1.5]),
  ratioRow(
    "JSON corpus, warm --cache (content), nothing changed / floor-json, time",
    find("wymcp-lint", "medium-json", "warm --cache"),
    find("floor-json", "medium-json"),
    "time",
    ["≤", 0.5],
  ),
  ratioRow(
    "JSON corpus, warm --cache metadata, nothing changed / floor-json, time",
    find("wymcp-lint", "medium-json", "warm --cache metadata"),
    find("floor-json", "medium-json"),
    "time",
    ["≤", 0.4],
  ),
  ratioRow(
    "JSON corpus, warm --cache (content), one file changed / nothing changed, time",
    find("wymcp-lint", "medium-json", "warm --cache, one file changed"),
    find("wymcp-lint", "medium-json", "warm --cache"),
    "time",
    ["≤", 1.1],
  ),
  ratioRow(
    "JSON corpus, warm --cache metadata, one file changed / nothing changed, time",
    find("wymcp-lint", "medium-json", "warm --cache metadata, one file changed"),
    find("wymcp-lint", "medium-json", "warm --cache metadata"),
    "time",
    ["≤", 1.1],
  ),
  ratioRow(
    "30 .tool.ts modules, one fixable mistake each: --fix / plain lint of the same modules, time",
    find("wymcp-lint", "modules-ts-fixable", "--fix"),
    find("wymcp-lint", "modules-ts-fixable"),
    "time",
    ["≤", 1.6],
  ),
  ratioRow(
    `30 .tool.ts modules, every tenth hung: --load-timeout ${HUNG_TIMEOUT_S} / (plain lint of 30 modules + 1.5 × ${HUNG_TIMEOUT_S} s), time`,
    find("wymcp-lint", "modules-ts-hung", `--load-timeout ${HUNG_TIMEOUT_S}`),
    find("wymcp-lint", "modules-ts-fixable"),
    "time",
    ["≤", 1.0],
    1.5 * HUNG_TIMEOUT_S * 1000,
  ),
  ratioRow("30 .tool.ts modules, warm --cache / tsx import-all floor, time", find("wymcp-lint", "modules-ts", "warm --cache"), find("floor-modules (tsx)", "modules-ts"), "time", [
    "≤",
    0.5,
  ]),
];

// A script's figures (bench/lsp.mjs, bench/watch.mjs): one long-lived process followed by the
// script, not whole runs; it prints its figures as one JSON line last. Each row is
// [label, key, unit, bound]; a script that fails leaves its rows NOT RUN.
function scriptRows(word, script, rows) {
  if (!selected(word)) return [];
  const run = spawnSync(process.execPath, [join(BENCH, script), ...(opts.quick ? ["--quick"] : [])], {
    cwd: ROOT,
    env: { ...process.env, BENCH_LINT: LINT },
    encoding: "utf8",
    timeout: 600_000,
  });
  let figures = null;
  try {
    figures = JSON.parse(run.stdout.trim().split("\n").pop() ?? "");
  } catch {
    figures = null;
  }
  return rows.map(([label, key, unit, bound]) => {
    const text = typeof label === "function" ? label(figures) : label;
    if (figures === null) return [text, "—", `≤ ${bound} ${unit}`, `**NOT RUN** (bench/${script} exited ${run.status}: ${firstLine(run.stderr ?? "")})`];
    const value = figures[key];
    return [text, `${value.toFixed(unit === "ms" ? 0 : 1)} ${unit}`, `≤ ${bound} ${unit}`, value <= bound ? "PASS" : "**FAIL**"];
  });
}
const lsp = scriptRows("lsp", "lsp.mjs", [
  ["initialize to its response (server start included)", "initializeMs", "ms", 300],
  ["change to diagnostics, 200-action JSON5 document, p95", "json5P95Ms", "ms", 30],
  ["change to diagnostics, .tool.ts module, p95", "moduleP95Ms", "ms", 300],
  ["the same, each change after a 500 ms pause in typing, p95", "modulePausedP95Ms", "ms", 100],
  ["a burst of typing in a .tool.ts module, the last key to its diagnostics (the 150 ms debounce included), p95", "moduleBurstP95Ms", "ms", 300],
  ["a .tool.ts module spinning in its load, then its next text: to that text's diagnostics, p95", "spinAbandonedP95Ms", "ms", 1000],
  [(figures) => `resident memory growth over ${figures?.edits?.toLocaleString("en-US") ?? "10,000"} edits`, "rssGrowthMb", "MB", 20],
]);
const watchFigures = scriptRows("watch", "watch.mjs", [
  ["an action file's change to its report, median", "actionMedianMs", "ms", 150],
  ["a .tool.ts module's change to its report, median", "moduleMedianMs", "ms", 400],
]);

// The install (bench/install.mjs): wymcp-lint's default install beside ESLint's, from the
// registry in the same run; the size is held to the budget of docs/install.md.
function installRows() {
  if (!selected("install")) return [];
  const run = spawnSync(process.execPath, [join(BENCH, "install.mjs")], { cwd: ROOT, encoding: "utf8", timeout: 600_000 });
  let f = null;
  try {
    f = JSON.parse(run.stdout.trim().split("\n").pop() ?? "");
  } catch {
    f = null;
  }
  const label = "the default install (npm pack, then npm install of the tarball into an empty project)";
  if (f === null) return [[label, "—", "—", "≤ 30 MB", `**NOT RUN** (bench/install.mjs exited ${run.status}: ${firstLine(run.stderr ?? "")})`]];
  return [
    [
      label,
      `${f.mb.toFixed(1)} MB, ${f.packages} packages, ${f.seconds.toFixed(1)} s`,
      `${f.eslintMb.toFixed(1)} MB, ${f.eslintPackages} packages, ${f.eslintSeconds.toFixed(1)} s`,
      "≤ 30 MB",
      f.mb <= 30 ? "PASS" : "**FAIL**",
    ],
  ];
}
const install = installRows();

const table = (head, rows) => [`| ${head.join(" | ")} |`, `| ${head.map(() => "---").join(" | ")} |`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");

const cpu = cpus();
const header = [
  `# wymcp-lint benchmark results`,
  ``,
  `- date: ${new Date().toISOString()}`,
  `- node: ${process.version} (${process.platform} ${release()})`,
  `- CPU: ${cpu[0]?.model.trim() ?? "unknown"} × ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM`,
  `- load average before / after: ${loadBefore.map((x) => x.toFixed(2)).join(" ")} / ${loadAfter.map((x) => x.toFixed(2)).join(" ")}` +
    // More runnable tasks than cores means contenders waited for a CPU: wall times are inflated and noisy.
    (Math.max(loadBefore[0], loadAfter[0]) > cpu.length ? ` (**busy machine: wall times are noisy; compare the CPU column, or rerun with more rounds**)` : ""),
  `- mode: ${opts.quick ? "**--quick** (development: fewer rounds, no large corpus)" : "full"}; ${ROUNDS} rounds after 1 warm-up, round-robin, order rotated each round (the start-up rows ${START_UP_PASSES} times a round); medians`,
  `- wall time: process start to exit (hrtime around spawnSync); ${METHOD}`,
  `- ajv schema: ${relative(ROOT, ajvSchema)}${usingRepoSchema ? "" : " (**not the repo's schema**)"}`,
  `- wymcp-lint: ${relative(ROOT, LINT)}, ${!lint.ok ? "not run" : lint.format === "json" ? "corpora linted with `--format json`" : `corpora linted with the text format, because ${lint.why}`}`,
].join("\n");

const problems = contenders.flatMap((c) => [...c.problems].map((p) => `- **${c.id}**: ${p}`));
const notes = contenders.flatMap((c) => [...c.notes].map((p) => `- ${c.id}: ${p}`));
const commands = contenders.map((c) => `- ${c.id}: \`node ${c.args.map((a) => (a.startsWith(ROOT) ? relative(ROOT, a) : a)).join(" ")}\``);

const report = [
  header,
  ``,
  `## Contenders`,
  ``,
  table(["contender", "corpus", "files", "MB", "median", "min – max", "files/s", "MB/s", "peak RSS", "CPU (user+sys)", "exit"], contenders.map(contenderRow)),
  ``,
  `## Targets`,
  ``,
  table(["check", "value", "same on CPU time", "target", "result"], ratios),
  ``,
  `## Language server (\`--lsp\`, bench/lsp.mjs; debounce excluded)`,
  ``,
  table(["check", "value", "target", "result"], lsp),
  ``,
  `## Watch (\`--watch --format json\`, bench/watch.mjs; debounce included)`,
  ``,
  table(["check", "value", "target", "result"], watchFigures),
  ``,
  `## Install (bench/install.mjs; from the registry, npm's cache as it is)`,
  ``,
  table(["check", "wymcp-lint", "ESLint, same run", "target", "result"], install),
  ``,
  ...(problems.length > 0 ? [`## PROBLEMS: these runs misbehaved, so their numbers mean nothing`, ``, ...problems, ``] : []),
  ...(notes.length > 0 ? [`## Notes`, ``, ...notes, ``] : []),
  `## Commands (run from the repository root)`,
  ``,
  ...commands,
  ``,
].join("\n");

writeFileSync(ONLY === null ? join(BENCH, "RESULTS.md") : join(WORK, "RESULTS-only.md"), report);
console.log(report);
if (problems.length > 0) {
  console.log(`\n!!! ${problems.length} contender(s) MISBEHAVED (wrong exit status or counts): see PROBLEMS above. !!!`);
}
const targeted = [...ratios.filter((r) => r[3] !== "(reference)"), ...[...lsp, ...watchFigures].map((r) => [r[0], r[1], "", r[2], r[3]]), ...install];
const count = (word) => targeted.filter((r) => r[4].includes(word)).length;
const targets = targeted.length;
console.log(
  `\ntargets: ${count("PASS")} PASS, ${count("FAIL")} FAIL, ${count("INVALID")} INVALID, ${count("NOT RUN")} NOT RUN, of ${targets}; written to ${ONLY === null ? "bench/RESULTS.md" : "bench/.work/RESULTS-only.md"}`,
);
