#!/usr/bin/env node
// Writes docs/offence-codes.md from the code docs (docs/codes/<code>.md and the titles in
// src/code-docs/code-docs.ts, read through the build in dist/), so the page cannot drift from
// --explain and the SARIF rule help.
// Run after `npm run build`. With --check it writes nothing and exits 1 if the page is stale;
// test/code-docs/code-docs.test.ts makes the same comparison.

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = new URL("../", import.meta.url);
const target = fileURLToPath(new URL("docs/offence-codes.md", root));
const { offenceCodesPage } = await import(new URL("dist/code-docs/code-docs.js", root).href);
const page = offenceCodesPage();

if (process.argv.includes("--check")) {
  let current = null;
  try {
    current = readFileSync(target, "utf8");
  } catch {
    // missing: stale
  }
  if (current !== page) {
    console.error("docs/offence-codes.md is out of date: run `npm run build && node scripts/gen-docs.mjs`.");
    process.exitCode = 1;
  }
} else {
  writeFileSync(target, page);
  console.log(`wrote ${target}`);
}
