#!/usr/bin/env node
// The install a user pays for, beside ESLint's in the same run: `npm pack` of this repository
// (built), then `npm install` of the tarball into an empty project, as a user's CI or
// pre-commit environment does it (from the registry, with npm's cache as it is); and
// `npm install eslint` into another. For each: megabytes of node_modules, packages, seconds.
// Run by bench/run.mjs (its "Install" table) or alone: `node bench/install.mjs` prints one
// JSON object last. The default install's budget is 30 MB (docs/install.md).

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { footprint } from "./lib/install.mjs";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const npmArgs = ["--no-audit", "--no-fund", "--loglevel=error"];

function npm(args, cwd) {
  const run = spawnSync("npm", [...args, ...npmArgs], { cwd, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false" } });
  if (run.status !== 0) throw new Error(`npm ${args.join(" ")} failed: ${run.stderr}`);
  return run.stdout;
}

/** An install of `spec` into an empty project under `dir`: its footprint and the seconds it took. */
function measure(dir, name, spec) {
  const project = join(dir, name);
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: `bench-${name}`, private: true })}\n`);
  const started = process.hrtime.bigint();
  npm(["install", spec], project);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const { bytes, packages } = footprint(join(project, "node_modules"));
  return { mb: bytes / 2 ** 20, packages, seconds };
}

const dir = mkdtempSync(join(tmpdir(), "wymcp-bench-install-"));
try {
  const [{ filename }] = JSON.parse(npm(["pack", "--ignore-scripts", "--json", "--pack-destination", dir], ROOT));
  const ours = measure(dir, "wymcp-lint", join(dir, filename));
  const eslint = measure(dir, "eslint", "eslint");
  console.log(JSON.stringify({ mb: ours.mb, packages: ours.packages, seconds: ours.seconds, eslintMb: eslint.mb, eslintPackages: eslint.packages, eslintSeconds: eslint.seconds }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
