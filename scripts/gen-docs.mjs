#!/usr/bin/env node
// Writes every file, or part of a file, that is generated from the code records
// (src/core/codes.ts), the code pages (docs/codes/), the vocabulary and the surfaces' policies
// (src/engine/policy.ts): docs/offence-codes.md,
// the marked regions of the Markdown docs (src/code-docs/generated.ts), the code list of
// schemas/report.schema.json and schemas/config.schema.json (src/config/schema.ts). It reads
// the source through tsx, so no build is needed: `npm run gen`. With --check it writes
// nothing, names each stale file and exits 1; test/code-docs/generated.test.ts runs that.

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { offenceCodesPage, reportSchemaWithCodes, withRegionsFilled } from "../src/code-docs/generated.js";
import { configSchema } from "../src/config/schema.js";
import { CODE_TABLE } from "../src/core/codes.js";
import { policyRegions } from "../src/engine/policy.js";

const root = fileURLToPath(new URL("../", import.meta.url));

/** The Markdown pages whose regions are filled: the top-level docs and every page under docs/. */
function markdownPages() {
  const under = (dir) =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? under(path) : entry.name.endsWith(".md") ? [path] : [];
    });
  return ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", ...under("docs")].filter((file) => file !== join("docs", "offence-codes.md"));
}

/** Each generated file with what it must hold, given what it holds now. */
const GENERATED = [
  { file: join("docs", "offence-codes.md"), render: () => offenceCodesPage() },
  ...markdownPages().map((file) => ({ file, render: (current) => withRegionsFilled(current, policyRegions()) })),
  { file: join("schemas", "report.schema.json"), render: (current) => reportSchemaWithCodes(current) },
  { file: join("schemas", "config.schema.json"), render: () => `${JSON.stringify(configSchema(), null, 2)}\n` },
];

// A record the scaffold left unfilled (npm run new-code) does not compile; say so here too, before rendering it.
// Its reminder above the record goes with the filling: one left behind says what is no longer true.
const unfilled = Object.entries(CODE_TABLE).filter(
  ([, facts]) => facts.title === "TODO" || facts.appliesTo.length === 0 || !(facts.fixable === "never" || Array.isArray(facts.fixable)),
);
if (unfilled.length > 0) {
  console.error(`fill in the TODO(new-code) fields of ${unfilled.map(([code]) => code).join(", ")} in src/core/codes.ts first`);
  process.exit(1);
}
const reminders = readFileSync(join(root, "src", "core", "codes.ts"), "utf8")
  .split("\n")
  .filter((line) => line.includes("TODO(new-code)")).length;
if (reminders > 0) {
  console.error(`remove the ${reminders} TODO(new-code) reminder${reminders === 1 ? "" : "s"} left above filled records in src/core/codes.ts`);
  process.exit(1);
}

const check = process.argv.includes("--check");
const stale = [];
for (const { file, render } of GENERATED) {
  const path = join(root, file);
  let current = "";
  try {
    current = readFileSync(path, "utf8");
  } catch {
    // missing: stale
  }
  const wanted = render(current);
  if (wanted === current) continue;
  stale.push(relative(root, path));
  if (!check) writeFileSync(path, wanted);
}
if (check && stale.length > 0) {
  console.error(`out of date (run \`npm run gen\`): ${stale.join(", ")}`);
  process.exitCode = 1;
} else if (!check) {
  console.log(stale.length === 0 ? "every generated file is up to date" : `wrote ${stale.join(", ")}`);
}
