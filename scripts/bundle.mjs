// Bundles the built CLI (dist/, from tsc) into dist/bundle/ with esbuild, as part of
// `npm run build` (and so of `prepare`): bin/wymcp-lint.js imports dist/bundle/cli.js, which
// starts in one module load instead of ~35 (about 12 ms of every run's start-up, and as much
// again in each lint worker and module process). The lint worker, the module process and its
// loader hooks are bundled beside it under the names their starters ask for (new
// URL("./action-worker.js" | "./module-process.js" | "./ts-hooks.js", import.meta.url)),
// lazily loaded parts (formatters, the module loader, palette) stay separate chunks, and
// dependencies (yargs, chalk, fast-glob, esbuild) stay imports of node_modules. The library
// entry (dist/index.js) is not bundled.

import { build } from "esbuild";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const outdir = `${dist}bundle`;
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    cli: `${dist}cli/run.js`,
    "action-worker": `${dist}lint/action-worker.js`,
    "module-process": `${dist}loading/module-process.js`,
    "ts-hooks": `${dist}loading/ts-hooks.js`,
  },
  outdir,
  // Chunks sit beside the entries, so each one's import.meta.url resolves "./action-worker.js"
  // and "../../package.json" as the unbundled modules in dist/<dir>/ do.
  chunkNames: "[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
