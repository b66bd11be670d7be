// Builds the extension's .vsix (editors/vscode/README.md): the client bundled with its one
// dependency into dist/extension.js (esbuild; `vscode` is VS Code's own), the action-file
// schema copied from the linter's schemas/ (jsonValidation points at it), then @vscode/vsce
// packages the folder, which it does offline. Run `npm install` in editors/vscode first.
// With --bundle-linter, the linter packed from this repository goes into server/ (that
// install reaches the registry for the linter's own dependencies).

import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../", import.meta.url));
const repo = fileURLToPath(new URL("../../../", import.meta.url));

rmSync(`${root}dist`, { recursive: true, force: true });
await build({
  entryPoints: [`${root}src/extension.js`],
  outfile: `${root}dist/extension.js`,
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  external: ["vscode"],
  minify: true,
  logLevel: "warning",
});
mkdirSync(`${root}schemas`, { recursive: true });
copyFileSync(`${repo}schemas/action-file.schema.json`, `${root}schemas/action-file.schema.json`);
copyFileSync(`${repo}LICENSE`, `${root}LICENSE`);

if (process.argv.includes("--bundle-linter")) {
  rmSync(`${root}server`, { recursive: true, force: true });
  mkdirSync(`${root}server`, { recursive: true });
  const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", `${root}server`], { cwd: repo, encoding: "utf8" })
    .trim()
    .split("\n")
    .pop();
  execFileSync("npm", ["install", "--omit=dev", "--no-save", "--prefix", `${root}server`, `${root}server/${tarball}`], { stdio: "inherit" });
  rmSync(`${root}server/${tarball}`);
}

const vsce = fileURLToPath(new URL("../node_modules/@vscode/vsce/vsce", import.meta.url));
execFileSync(process.execPath, [vsce, "package", "--no-dependencies", "--out", `${root}wymcp-lint.vsix`], { cwd: root, stdio: "inherit" });
