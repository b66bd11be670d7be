#!/usr/bin/env node
// Where the time of one lint goes, by check family: runs the CLI of the unbundled build
// (dist/, from `npm run build`) under V8's sampling profiler, on one thread
// (WYMCP_LINT_WORKERS=0), several times, and sums each sample's time into the family of the
// module it was taken in (a regular expression's or a builtin's, into the module that called
// it): reading and parsing, the chain, each advisory check, the model-text checks, the client
// limits, placing offences, the report. The shares are what to compare (the profiler's own
// cost and an unbundled start-up are in them); the whole-process times are run.mjs's.
//
//   node bench/families.mjs [--runs N] -- [CLI ARGS...]     e.g. -- --format json bench/corpus/medium-json
//   node bench/families.mjs --child DIR -- [CLI ARGS...]    (one profiled run; what the driver spawns)

import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const DIST = pathToFileURL(join(ROOT, "dist")).href;
/** Node's and V8's own time: start-up, module loading, reading files, compiling, idle. */
const NODE = "Node and V8 (start-up, loading, file reads, compiling, idle)";

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: "string", default: "5" }, child: { type: "boolean", default: false } },
});

if (opts.child) {
  // One run of the CLI as the bin runs it, its report counted and dropped.
  const { run } = await import(`${DIST}/cli/run.js`);
  let bytes = 0;
  const io = { stdout: (text) => void (bytes += text.length), stderr: () => {}, stdin: async () => Buffer.alloc(0), cwd: process.cwd(), env: process.env, isTTY: false };
  process.exitCode = await run(positionals, io, { ownProcess: true });
  process.stderr.write(`report: ${bytes} characters\n`);
} else {
  const runs = Number(opts.runs);
  const dir = mkdtempSync(join(tmpdir(), "wymcp-families-"));
  for (let i = 0; i < runs; i++) {
    const child = spawnSync(
      process.execPath,
      ["--cpu-prof", `--cpu-prof-dir=${dir}`, "--cpu-prof-interval", "250", fileURLToPath(import.meta.url), "--child", "--", ...positionals],
      {
        cwd: ROOT,
        env: { ...process.env, WYMCP_LINT_WORKERS: "0" },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    if (child.status !== 0 && child.status !== 1) {
      console.error(`the run exited ${child.status}: ${child.stderr.toString().slice(0, 500)}`);
      process.exit(2);
    }
  }
  const totals = new Map();
  let all = 0;
  const files = readdirSync(dir);
  for (const file of files) {
    const profile = JSON.parse(readFileSync(join(dir, file), "utf8"));
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    // The family of a sample: its own module's, or for code without one (a regular expression, a builtin), its caller's.
    const family = (id) => {
      for (let at = id; at !== undefined; at = parent.get(at)) {
        const { url, functionName } = byId.get(at).callFrame;
        if (functionName === "(garbage collector)") return "garbage collection";
        if (functionName === "(idle)" || functionName === "(program)") return NODE;
        if (url.startsWith(DIST)) return familyOf(url.slice(DIST.length + 1));
        if (url !== "") return NODE;
      }
      return NODE;
    };
    profile.samples.forEach((id, i) => {
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      const name = family(id);
      totals.set(name, (totals.get(name) ?? 0) + ms);
      all += ms;
    });
  }
  rmSync(dir, { recursive: true, force: true });
  const rows = [...totals].sort((a, b) => b[1] - a[1]);
  console.log(`| family (one thread, ${files.length} profiled runs: ${positionals.join(" ")}) | ms a run | share |`);
  console.log("| --- | --- | --- |");
  for (const [name, ms] of rows) console.log(`| ${name} | ${(ms / files.length).toFixed(0)} | ${((100 * ms) / all).toFixed(1)}% |`);
  console.log(`| all | ${(all / files.length).toFixed(0)} | |`);
}

/** The check family of a module of dist/, by its path. */
function familyOf(path) {
  const advisory = /^core\/advisory\/(.+)\.js$/.exec(path);
  if (advisory)
    return advisory[1] === "plainly-valid" || advisory[1] === "meta-schemas/draft-07" || advisory[1] === "meta-schemas/draft-2020-12"
      ? "advisory: invalid-schema"
      : `advisory: ${advisory[1]}`;
  if (path.startsWith("core/json-schema/") || path === "core/value-check.js") return "advisory: value-mismatch (the JSON Schema validator)";
  if (path.startsWith("core/model-text/")) return "model-text checks";
  if (path.startsWith("core/client-limits/")) return "client limits";
  if (path.startsWith("core/validators/") || ["core/chain.js", "core/key-set-walk.js", "core/drafts.js", "core/unknown-key.js", "core/defaults-check.js"].includes(path))
    return "the chain";
  if (path.startsWith("core/")) return `the core's ${path.slice(5, -3)}`;
  if (path.startsWith("action-file/") || path.startsWith("inputs/") || path === "text/json5-parse.js") return "read: decode, parse, duplicate keys";
  // The lexer serves the scan that places offences and, in JSON5, the parse.
  if (path.startsWith("locate/") || path === "text/json5-scan.js" || path === "text/json5-lexer.js" || path === "text/positions.js")
    return "placing offences in the text (JSON5: and parsing)";
  if (path.startsWith("cli/formatters/")) return "the report";
  return path.startsWith("text/") ? `text: ${path.slice(5, -3)}` : `other: ${path.split("/")[0]}`;
}
