#!/usr/bin/env node
// The JSON5 floor: what the ordinary way of reading JSON5 costs: find the files (recursively,
// as the linter does), read each once as UTF-8, parse it with the json5 package. wymcp-lint's
// target is to cost at most 1.0x this, as a whole process, so it cannot afford to parse with
// the json5 package and then do more on top.
//
//   node bench/floor-json5.mjs DIR|FILE...

import { readFileSync } from "node:fs";
import JSON5 from "json5";
import { listFiles } from "./lib/files.mjs";

const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error("usage: node bench/floor-json5.mjs DIR|FILE...");
  process.exit(2);
}
let files = 0;
let actions = 0; // use each parse result, so the work is plainly not dead
for (const file of listFiles(paths, [".json5"])) {
  actions += Object.keys(JSON5.parse(readFileSync(file, "utf8"))).length;
  files++;
}
console.log(`floor-json5: ${files} files, ${actions} top-level keys`);
