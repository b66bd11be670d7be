// Bundles the built CLI (dist/, from tsc) into dist/bundle/, as part of `npm run build` (and
// so of `prepare`): bin/wymcp-lint.js loads dist/bundle/early.cjs (which starts a module
// process when the command line names a tool module, before the rest loads), then
// dist/bundle/cli.cjs, each in a few chunk loads instead of dozens (bench/README.md). The CLI
// is bundled by Rollup, which puts a module that a lazily loaded part shares with what loaded
// it in the loader's chunk (it is in memory already): esbuild makes a chunk of each set of
// entries and lazy parts that share modules, and a run loaded ~40 of them. The rest, each one
// file or a pair, by esbuild. The
// lint worker, the module process and its loader hooks are bundled beside them under the
// names their starters ask for (new URL("./action-worker.js" | "./child/main.js", import.meta.url),
// and "./ts-hooks.js" beside the module process); lazily loaded parts (formatters, the module loader,
// palette) stay separate chunks, and dependencies (chalk, fast-glob, esbuild, oxc) stay
// imports of node_modules. The library entry is bundled too (dist/bundle/index.js, which
// package.json exports): every tool module imports it, in a module process, through the
// loader hooks for TypeScript, where each module file costs a round trip.

import json from "@rollup/plugin-json";
import { build } from "esbuild";
import { readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { rollup } from "rollup";
import { assertNoBuiltinImports, builtinImports } from "./builtin-imports.mjs";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const outdir = `${dist}bundle`;
rmSync(outdir, { recursive: true, force: true });
const common = { outdir, bundle: true, format: "esm", platform: "node", target: "node20", packages: "external", logLevel: "warning" };
/**
 * A CommonJS chunk's dynamic import of a dependency goes to the `__import` its loader passes it
 * (src/cli/chunk-loader.ts), an import() of an ES module: vm.Script's own would need a loader
 * callback that Node 20 marks experimental. A chunk's import of another chunk stays a require.
 */
const dependencyImports = {
  name: "dependency-imports",
  renderDynamicImport({ targetModuleId }) {
    const target = targetModuleId === null ? null : this.getModuleInfo(targetModuleId);
    return target === null || target.isExternal ? { left: "__import(", right: ")" } : null;
  },
};
/**
 * Dependencies bundled into a chunk of their own rather than left imports of node_modules:
 * jsdiff (src/fix/diff.ts), loaded only by --fix and --fix-dry-run. One chunk loads in a
 * fraction of the time the package's many modules take (bench/README.md).
 */
const BUNDLED = new Set(["diff"]);
/**
 * Dependencies bundled into one file beside the chunks, which both the CLI's and the engine's
 * builds import: the tokenizer's one encoding (src/tokens/count.ts). gpt-tokenizer ships every
 * encoding, 30 MB installed, of which the linter uses o200k_base, 2.4 MB in its file; so the
 * package is a devDependency and the default install stays light (docs/install.md).
 */
const SHARED = { "gpt-tokenizer/encoding/o200k_base": "./o200k_base.js" };
/** The package a specifier imports from. */
const packageOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
const chunkNameOf = (name) => name?.replace(/^@[^/]+\//, "");
/** A bundled package's licence, as the comment that opens what holds it. */
const licenceOf = (name) => {
  const licence = readFileSync(fileURLToPath(new URL(`../node_modules/${name}/LICENSE`, import.meta.url)), "utf8");
  return `/*! ${name}\n${licence.replaceAll("*/", "* /").trim()}\n*/`;
};
const licenceBanners = new Map([...BUNDLED].map(packageOf).map((name) => [chunkNameOf(name), licenceOf(name)]));
const bundledDependencies = {
  name: "bundled-dependencies",
  resolveId(source) {
    return BUNDLED.has(source) ? fileURLToPath(import.meta.resolve(source)) : null;
  },
};
/**
 * Bundles `input` into the bundle's folder with Rollup: dependencies stay imports of
 * node_modules (but those of BUNDLED), Node's built-ins come from process.getBuiltinModule (builtin-imports.mjs), and
 * chunks sit beside the entries, so each one's import.meta.url resolves "./action-worker.js"
 * and "../../package.json" as the unbundled modules in dist/<dir>/ do. `chunks` names its chunks.
 */
async function rollupInto(input, chunks, format = "es") {
  const bundle = await rollup({
    input,
    external: (id) => !id.startsWith(".") && !id.startsWith("/") && !BUNDLED.has(id),
    plugins: [json(), bundledDependencies, builtinImports, ...(format === "cjs" ? [dependencyImports] : [])],
    onLog(level, log, handle) {
      // Cycles among the modules resolve at link time, as unbundled; the chunk-merging count is no news.
      if (log.code !== "CIRCULAR_DEPENDENCY" && log.code !== "OPTIMIZE_CHUNK_STATUS") handle(level, log);
    },
  });
  // Chunks under 10 kB are merged into the chunk that loads them where that runs no code sooner.
  const extension = format === "cjs" ? "cjs" : "js";
  await bundle.write({
    dir: outdir,
    format,
    // A CommonJS chunk's import of an ES-module dependency gets its namespace (require of an ES module), whose "default" is the default export.
    interop: "auto",
    entryFileNames: `[name].${extension}`,
    chunkFileNames: `${chunks}[name]-[hash].${extension}`,
    // Each bundled dependency is one chunk, named for it, under its licence.
    manualChunks: (id) => chunkNameOf([...BUNDLED].map(packageOf).find((name) => id.includes(`/node_modules/${name}/`))),
    paths: SHARED,
    banner: (chunk) => licenceBanners.get(chunk.name) ?? "",
    experimentalMinChunkSize: 10_000,
  });
  await bundle.close();
}
// The CLI, the language server bin/wymcp-lint.js starts from lsp.cjs without the rest of the
// CLI, and the version it prints from version.cjs for a lone --version: one build, so a process
// that loads several has one instance of each module (early.cjs and cli.cjs share the standby
// and the module processes a signal must stop).
// CommonJS, so that bin/wymcp-lint.js loads its chunks through vm.Script with their code cache
// (src/cli/chunk-loader.ts; Node 20 has no code cache for ES modules).
await rollupInto({ cli: `${dist}cli/run.js`, early: `${dist}cli/early.js`, lsp: `${dist}cli/lsp.js`, version: `${dist}engine/version.js` }, "", "cjs");
// The lint worker runs in a thread of its own, and the engine the library creates in a process
// that never loads the CLI: each a build of its own, so neither splits the CLI's chunks.
await rollupInto({ "action-worker": `${dist}inputs/action-worker.js` }, "worker-");
await rollupInto({ engine: `${dist}engine/engine.js` }, "engine-");
assertNoBuiltinImports(outdir);
// The loader of the CLI's CommonJS chunks, which bin/wymcp-lint.js requires first: beside them,
// so the bundle's folder is all a run needs of dist/. CommonJS, as the bin is (bin/package.json):
// a process that imports no ES module never loads Node's ES-module loader (bench/README.md).
await build({ ...common, format: "cjs", outExtension: { ".js": ".cjs" }, entryPoints: { "chunk-loader": `${dist}cli/chunk-loader.js` } });
// The meta-schema validators, which invalid-schema.ts loads at their first use from
// "./meta-schemas/" beside itself, and the JSON Schema validator, which
// core/json-schema/validator.ts loads from "./vendored/": beside every chunk here as beside
// the unbundled module.
await build({
  ...common,
  outdir: `${outdir}/meta-schemas`,
  entryPoints: [`${dist}core/advisory/meta-schemas/draft-07.js`, `${dist}core/advisory/meta-schemas/draft-2020-12.js`],
});
await build({ ...common, outdir: `${outdir}/vendored`, entryPoints: [`${dist}core/json-schema/vendored/cfworker.js`] });
// The shared dependencies, each one file beside the chunks that import it (SHARED).
for (const [specifier, path] of Object.entries(SHARED)) {
  await build({
    ...common,
    outdir: undefined,
    outfile: `${outdir}/${path.slice(2)}`,
    entryPoints: [fileURLToPath(import.meta.resolve(specifier))],
    // Minified: most of it is the encoding's table, which loads once, at the first count.
    minify: true,
    banner: { js: licenceOf(packageOf(specifier)) },
  });
}
// The module process and its loader hooks run in processes (and a thread) of their own: neither
// shares state with the CLI, so each is one file, which loads sooner than a few chunks.
await build({
  ...common,
  entryPoints: {
    "child/main": `${dist}modules/child/main.js`,
    "child/ts-hooks": `${dist}modules/child/ts-hooks.js`,
  },
});
// A worker thread a tool module starts is guarded by a preload (--require), which must be
// CommonJS: thread-guard.cjs beside both the bundled and the unbundled module process.
for (const dir of [`${outdir}/child`, `${dist}modules/child`]) {
  await build({
    ...common,
    outdir: undefined,
    outfile: `${dir}/thread-guard.cjs`,
    entryPoints: [`${dist}modules/child/thread-guard.js`],
    format: "cjs",
    define: { "import.meta.url": "__threadGuardUrl" },
    banner: { js: 'const __threadGuardUrl = require("node:url").pathToFileURL(__filename).href;' },
  });
}
// The library entry, and the light one module processes serve to tool modules in its place
// (module-entry.js, which loads index.js at the first call that needs the chain): what both
// export the same is one shared chunk, so each binding has one instance in a process. The
// engine the entry creates lazily (createEngine) is the rest of the linter, so its import
// stays an import, of the engine bundled with the CLI above: a tool module never loads it.
await build({
  ...common,
  entryPoints: { index: `${dist}index.js`, "module-entry": `${dist}module-entry.js` },
  chunkNames: "library-[hash]",
  splitting: true,
  plugins: [
    {
      name: "engine-beside",
      setup(on) {
        on.onResolve({ filter: /^\.\/engine\/engine\.js$/ }, () => ({ path: "./engine.js", external: true }));
      },
    },
  ],
});
