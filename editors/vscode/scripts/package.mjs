// Builds the extension's .vsix (editors/vscode/README.md), offline but for the linter's own
// dependencies: the client bundled with its one dependency into dist/extension.js (esbuild;
// `vscode` is VS Code's own), the completion schema derived from the linter's action-file
// schema (completion-schema.mjs: key completion and hover docs, no checks, which are the
// linter's to report once), then @vscode/vsce packages it. Run `npm ci` in editors/vscode first.
//
//   node scripts/package.mjs                                  wymcp-lint.vsix: the client alone
//   node scripts/package.mjs --bundle-linter [--target T]     wymcp-lint-T.vsix: with the linter
//   ... --out FILE                                            the .vsix written there instead
//
// A bundled linter carries native parts (the oxc parser and transformer), which npm
// installs for one platform: the .vsix is built for one VS Code target (T: linux-x64,
// darwin-arm64, win32-x64, ...; this machine's when absent), its native parts that target's,
// and it says so (vsce --target), so VS Code offers it only there. The client alone has none
// and runs everywhere. Each build happens in a fresh folder of its own, so nothing an earlier
// build left (a bundled build's server/) is ever packed, and two builds never meet.

import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { arch, platform, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { completionSchema } from "./completion-schema.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
/** Where this build packs from: the extension's files, and what the build makes. */
const stage = `${mkdtempSync(join(tmpdir(), "wymcp-lint-vsix-"))}/`;
const repo = fileURLToPath(new URL("../../../", import.meta.url));

/** Each VS Code target, as npm is told to pick native packages for it (--os, --cpu, --libc). */
const TARGETS = {
  "linux-x64": ["linux", "x64", "glibc"],
  "linux-arm64": ["linux", "arm64", "glibc"],
  "linux-armhf": ["linux", "arm", "glibc"],
  "alpine-x64": ["linux", "x64", "musl"],
  "alpine-arm64": ["linux", "arm64", "musl"],
  "darwin-x64": ["darwin", "x64", null],
  "darwin-arm64": ["darwin", "arm64", null],
  "win32-x64": ["win32", "x64", null],
  "win32-arm64": ["win32", "arm64", null],
};

/** This machine's target (a Linux without glibc is Alpine's). */
function hostTarget() {
  const os = platform() === "linux" && process.report.getReport().header.glibcVersionRuntime === undefined ? "alpine" : platform();
  return `${os}-${arch() === "arm" ? "armhf" : arch()}`;
}

function option(name) {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

const bundle = process.argv.includes("--bundle-linter");
const target = bundle ? (option("--target") ?? hostTarget()) : null;
if (option("--target") !== undefined && !bundle) throw new Error("--target is for --bundle-linter: the client alone has no native parts and runs on every platform");
if (target !== null && TARGETS[target] === undefined) throw new Error(`unknown target ${target}; one of ${Object.keys(TARGETS).join(", ")}`);

try {
  for (const file of ["package.json", "README.md", ".vscodeignore"]) copyFileSync(`${root}${file}`, `${stage}${file}`);
  copyFileSync(`${repo}LICENSE`, `${stage}LICENSE`);
  await build({
    entryPoints: [`${root}src/extension.js`],
    outfile: `${stage}dist/extension.js`,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    external: ["vscode"],
    minify: true,
    logLevel: "warning",
  });
  mkdirSync(`${stage}schemas`, { recursive: true });
  const schema = JSON.parse(readFileSync(`${repo}schemas/action-file.schema.json`, "utf8"));
  writeFileSync(`${stage}schemas/action-file.completion.json`, `${JSON.stringify(completionSchema(schema), null, 2)}\n`);

  if (target !== null) {
    // The linter as npm would publish it, with exactly the dependencies of its lock file.
    const linter = `${stage}server/node_modules/wymcp-lint`;
    mkdirSync(linter, { recursive: true });
    const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", `${stage}server`], { cwd: repo, encoding: "utf8" })
      .trim()
      .split("\n")
      .pop();
    execFileSync("tar", ["-xzf", `${stage}server/${tarball}`, "--strip-components=1", "-C", linter]);
    rmSync(`${stage}server/${tarball}`);
    copyFileSync(`${repo}package-lock.json`, `${linter}/package-lock.json`);
    const [os, cpu, libc] = TARGETS[target];
    const platformFlags = [`--os=${os}`, `--cpu=${cpu}`, ...(libc === null ? [] : [`--libc=${libc}`])];
    // No scripts: the package is built already, and install scripts would fetch or check native parts for this machine, not the target.
    execFileSync("npm", ["ci", "--omit=dev", "--ignore-scripts", "--no-fund", "--no-audit", ...platformFlags], { cwd: linter, stdio: "inherit" });
  }

  const out = resolve(option("--out") ?? `${root}${target === null ? "wymcp-lint.vsix" : `wymcp-lint-${target}.vsix`}`);
  const vsce = fileURLToPath(new URL("../node_modules/@vscode/vsce/vsce", import.meta.url));
  execFileSync(process.execPath, [vsce, "package", "--no-dependencies", ...(target === null ? [] : ["--target", target]), "--out", out], { cwd: stage, stdio: "inherit" });
} finally {
  rmSync(stage, { recursive: true, force: true });
}
