// Makes the pre-commit hook's prebuilt package: the package as `npm pack` ships it (package.json's
// "files", built), with the hook's definition, in a git repository of its own (OUTDIR, made or
// given a new commit), whose package.json has no devDependencies and no scripts. The pre-commit
// framework installs a hook with `npm install --dev --prod`, `npm pack` and `npm install -g`:
// from this repository that installs every devDependency and builds twice (prepare runs for
// the install and for the pack); from the prebuilt one it installs the dependencies alone and
// builds nothing (docs/pre-commit.md, has the figures). Run after `npm run build`:
//   node scripts/prebuilt-hook.mjs OUTDIR
// and publish OUTDIR's branch (e.g. as this repository's `prebuilt` branch) for `rev:` to name.

import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = process.argv[2];
if (out === undefined) {
  console.error("usage: node scripts/prebuilt-hook.mjs OUTDIR");
  process.exit(2);
}
const target = resolve(out);
if (!existsSync(join(root, "dist", "bundle", "cli.cjs"))) {
  console.error("dist/ is not built: run npm run build first");
  process.exit(2);
}
const git = (args, cwd) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

mkdirSync(target, { recursive: true });
if (!existsSync(join(target, ".git"))) git(["init", "-q"], target);
// The previous commit's files go, so a file removed here is removed there.
for (const name of readdirSync(target)) if (name !== ".git") rmSync(join(target, name), { recursive: true, force: true });

const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
// The GitHub Action is served from the same tree (docs/ci.md): its definition and its steps.
for (const path of [...manifest.files, "LICENSE", "README.md", ".pre-commit-hooks.yaml", ".npmrc", "action.yml", "scripts/action.mjs"]) {
  if (existsSync(join(root, path))) cpSync(join(root, path), join(target, path), { recursive: true });
}
// Nothing to build and nothing to develop with: npm installs the dependencies and no more.
const { devDependencies: _dev, scripts: _scripts, ...shipped } = manifest;
writeFileSync(join(target, "package.json"), `${JSON.stringify(shipped, null, 2)}\n`);

const source = git(["rev-parse", "HEAD"], root);
const dirty = git(["status", "--porcelain", "--untracked-files=no"], root) === "" ? "" : " (with uncommitted changes)";
git(["add", "-A", "-f", "."], target);
const author = ["-c", "user.name=wymcp-lint prebuilt", "-c", "user.email=prebuilt@wymcp-lint.invalid"];
git([...author, "commit", "-q", "--allow-empty", "-m", `prebuilt hook package of ${source}${dirty}`], target);
console.log(git(["rev-parse", "HEAD"], target));
