#!/usr/bin/env node
// The tool-module floor: one process imports every tool module and runs checkTool on each
// default export, nothing more (no isolation, no timeout). Run under `node --import tsx`
// for TypeScript modules, plain `node` for .mjs. wymcp-lint's targets are ratios to this.
//
//   node [--import tsx] bench/floor-modules.mjs DIR|FILE...

import { pathToFileURL } from "node:url";
import { checkTool } from "wymcp-lint";
import { listFiles } from "./lib/files.mjs";

const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error("usage: node [--import tsx] bench/floor-modules.mjs DIR|FILE...");
  process.exit(2);
}
let files = 0;
let offences = 0;
for (const file of listFiles(paths, [".tool.ts", ".tool.mjs"])) {
  const namespace = await import(pathToFileURL(file).href);
  offences += checkTool(namespace.default).length;
  files++;
}
console.log(`floor-modules: ${files} files, ${offences} offences`);
