#!/usr/bin/env node
// Builds the playground into the site (site/pages/public/playground/, which VitePress copies to
// site/dist/playground/; run by `npm run docs` after scripts/site.mjs): site/playground/main.ts
// with CodeMirror and the linter's own pipeline, bundled for the browser by esbuild. The Node
// built-ins the reading of action files and tools files touches are shims (site/playground/shims/);
// the parts only tool modules, Elixir modules, files and workers need are left out, each replaced
// by a module that throws if it is ever called, so the playground cannot silently differ.

import { copyFileSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../", import.meta.url));
const out = `${root}site/pages/public/playground`;
const SHIMS = { "node:path": "path.ts", "node:util": "util.ts", "node:module": "module.ts", "node:buffer": "buffer.ts" };
/** What the playground never reaches: each import of it is a module whose every member throws. */
const ABSENT = /^(node:.*|oxc-parser|oxc-transform|web-tree-sitter|esbuild|sucrase|fast-glob|ignore|picomatch|chalk|diff)$/;

mkdirSync(out, { recursive: true });
const result = await build({
  entryPoints: [`${root}site/playground/main.ts`],
  outfile: `${out}/main.js`,
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  metafile: true,
  logLevel: "warning",
  // Before any module runs: the global Buffer some of the core's modules take at their start.
  inject: [`${root}site/playground/shims/buffer.ts`],
  plugins: [
    {
      name: "playground-shims",
      setup(on) {
        on.onResolve({ filter: ABSENT }, ({ path }) => (Object.hasOwn(SHIMS, path) ? { path: `${root}site/playground/shims/${SHIMS[path]}` } : { path, namespace: "absent" }));
        on.onLoad({ filter: /.*/, namespace: "absent" }, ({ path }) => ({
          contents: `module.exports = new Proxy({}, { get: (_, key) => key === "__esModule" ? false : () => { throw new Error(${JSON.stringify(`the playground has no ${path}`)} + "." + String(key)); } });`,
          loader: "js",
        }));
      },
    },
  ],
});
copyFileSync(`${root}site/playground/index.html`, `${out}/index.html`);
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`playground: ${(bytes / 1024).toFixed(0)} kB in ${out}`);
