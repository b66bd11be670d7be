#!/usr/bin/env node
// The JSON floor: the least work any linter of JSON action files must do, and nothing more:
// find the files (recursively, as the linter does), read each once as UTF-8, JSON.parse it.
// wymcp-lint's target is to cost at most 1.3x this, as a whole process.
//
//   node bench/floor-json.mjs DIR|FILE...

import { readFileSync } from "node:fs";
import { listFiles } from "./lib/files.mjs";

const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error("usage: node bench/floor-json.mjs DIR|FILE...");
  process.exit(2);
}
let files = 0;
let actions = 0; // use each parse result, so the work is plainly not dead
for (const file of listFiles(paths, [".json"])) {
  actions += Object.keys(JSON.parse(readFileSync(file, "utf8"))).length;
  files++;
}
console.log(`floor-json: ${files} files, ${actions} top-level keys`);
