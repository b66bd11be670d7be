#!/usr/bin/env node
// The ajv contender: what validating action files with the repo's JSON Schema
// (schemas/action-file.schema.json) costs with the usual tool, as a whole process: compile the
// schema ONCE, then find, read, JSON.parse and validate every file. Prints the file count and
// how many are invalid (the first few invalid files' errors go to stderr); exits 1 if any is
// invalid, like a linter, so run.mjs checks it the same way.
//
// The schema's `$schema` picks the draft: 2020-12 and 2019-09 use ajv's matching class,
// anything else (draft-07) the default one. `allErrors` mirrors wymcp-lint reporting every
// offence at once; `strict: false` because this measures validation, not the schema's hygiene
// (an annotation keyword such as `markdownDescription` must not stop the benchmark).
//
//   node bench/ajv.mjs [--schema PATH] DIR|FILE...

import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { listFiles } from "./lib/files.mjs";

const args = process.argv.slice(2);
let schemaPath = fileURLToPath(new URL("../schemas/action-file.schema.json", import.meta.url));
if (args[0] === "--schema") {
  schemaPath = resolve(args[1]);
  args.splice(0, 2);
}
if (args.length === 0) {
  console.error("usage: node bench/ajv.mjs [--schema PATH] DIR|FILE...");
  process.exit(2);
}
if (!existsSync(schemaPath)) {
  console.error(`ajv: no schema at ${schemaPath} (pass --schema PATH)`);
  process.exit(2);
}

const schema = JSON.parse(readFileSync(schemaPath, "utf8"));
const draft = String(schema.$schema ?? "");
const module = draft.includes("2020-12") ? "ajv/dist/2020.js" : draft.includes("2019-09") ? "ajv/dist/2019.js" : "ajv";
const { default: Ajv } = await import(module);
const ajv = new Ajv({ allErrors: true, strict: false });
// A schema split over several files refers to its siblings by `$id`: register them first.
for (const name of readdirSync(dirname(schemaPath))) {
  const path = join(dirname(schemaPath), name);
  if (!name.endsWith(".json") || path === schemaPath) continue;
  const sibling = JSON.parse(readFileSync(path, "utf8"));
  if (sibling.$id) ajv.addSchema(sibling);
}
const validate = ajv.compile(schema);

let files = 0;
let invalid = 0;
for (const file of listFiles(args, [".json"])) {
  files++;
  let ok;
  let why;
  try {
    ok = validate(JSON.parse(readFileSync(file, "utf8")));
    why = ok ? "" : ajv.errorsText(validate.errors, { separator: "\n    " });
  } catch (error) {
    ok = false;
    why = `parse error: ${error.message}`;
  }
  if (!ok && ++invalid <= 3) console.error(`ajv: ${file} is invalid:\n    ${why.slice(0, 2000)}`);
}
console.log(`ajv: ${files} files, ${invalid} invalid (schema ${draft || "with no $schema"})`);
process.exitCode = invalid > 0 ? 1 : 0;
