#!/usr/bin/env node
// The GitHub Action's steps (action.yml; docs/ci.md), run by the runner as
// `node scripts/action.mjs install` in the action's folder, then `node scripts/action.mjs lint`
// in the working directory, with the inputs in the environment (WYMCP_*).
//   install: a prebuilt tree (scripts/prebuilt-hook.mjs, dist/ built) gets its dependencies
//            alone; a source tree is installed and built (npm ci runs prepare); one already
//            installed is left as it is.
//   lint:    one run prints the report in the format asked for (unless it is github), one
//            writes an annotation for each offence (the github format), one the SARIF file;
//            the step fails as fail-on says, and always on a usage error (exit 2).

import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const actionPath = fileURLToPath(new URL("../", import.meta.url));
const bin = join(actionPath, "bin", "wymcp-lint.js");
const FAIL_ON = { error: [], warning: ["--max-warnings", "0"], none: [] };
const FORMATS = ["text", "json", "sarif", "github"];

function fail(message) {
  console.log(`::error title=wymcp-lint::${message}`);
  process.exit(2);
}

function install() {
  const built = existsSync(join(actionPath, "dist", "bundle", "cli.cjs"));
  if (built && existsSync(join(actionPath, "node_modules"))) {
    console.log("wymcp-lint is installed");
    return;
  }
  const args = built ? ["install", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund"] : ["ci", "--no-audit", "--no-fund"];
  const installed = spawnSync("npm", args, { cwd: actionPath, stdio: "inherit" });
  if (installed.status !== 0) fail(`npm ${args[0]} failed in ${actionPath}`);
}

/** The paths input: one per line, or separated by spaces when it is one line. */
function pathsOf(input) {
  const lines = input
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  return lines.length === 1 ? (lines[0] ?? "").split(/\s+/) : lines;
}

function lint(env) {
  const paths = pathsOf(env.WYMCP_PATHS ?? ".");
  const format = env.WYMCP_FORMAT || "text";
  const failOn = env.WYMCP_FAIL_ON || "error";
  const sarifFile = env.WYMCP_SARIF_FILE ?? "wymcp-lint.sarif";
  if (!FORMATS.includes(format)) fail(`format must be one of ${FORMATS.join(", ")}; got "${format}"`);
  if (!Object.hasOwn(FAIL_ON, failOn)) fail(`fail-on must be one of ${Object.keys(FAIL_ON).join(", ")}; got "${failOn}"`);
  // Every path after "--", so none is taken for a flag.
  const run = (args, stdout) => spawnSync(process.execPath, [bin, ...args, "--", ...paths], { stdio: ["ignore", stdout, "inherit"], encoding: "utf8" });
  const codes = [];
  if (format !== "github") codes.push(run(["--format", format, ...FAIL_ON[failOn]], "inherit").status);
  const annotated = run(["--format", "github", ...FAIL_ON[failOn]], "inherit").status;
  codes.push(annotated);
  if (sarifFile !== "") {
    const sarif = run(["--format", "sarif"], "pipe");
    codes.push(sarif.status);
    if (sarif.status !== 2) writeFileSync(sarifFile, sarif.stdout);
  }
  const code = codes.includes(2) || codes.includes(null) ? 2 : annotated;
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `sarif-file=${sarifFile !== "" && code !== 2 ? sarifFile : ""}\nexit-code=${code}\n`);
  process.exit(failOn === "none" && code === 1 ? 0 : code);
}

const step = process.argv[2];
if (step === "install") install();
else if (step === "lint") lint(process.env);
else fail(`usage: node scripts/action.mjs install|lint; got ${step}`);
