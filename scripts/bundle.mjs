// Bundles the built CLI (dist/, from tsc) into dist/bundle/ with esbuild, as part of
// `npm run build` (and so of `prepare`): bin/wymcp-lint.js imports dist/bundle/cli.js, which
// starts in one module load instead of ~35 (about 12 ms of every run's start-up, and as much
// again in each lint worker). The two worker entries are bundled beside it under the names
// their starters ask for (workerEntryUrl("action-worker" | "module-worker", import.meta.url)),
// lazily loaded parts (formatters, the module loader, palette) stay separate chunks, and
// dependencies (yargs, chalk, fast-glob, tsx) stay imports of node_modules. The library
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
    "module-worker": `${dist}loading/module-worker.js`,
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
