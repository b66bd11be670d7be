#!/usr/bin/env node
// `npm run new-code CODE [-- --origin ORIGIN]`: scaffolds a new offence code
// (CONTRIBUTING.md, "Adding an offence code"). It writes the code's record in
// src/core/codes.ts, after the last code of its origin, with fields the compiler refuses until
// they are filled ([] and "TODO"); its docs page, docs/codes/<code>.md, from the template; its
// trigger and near-miss fixtures under test/fixtures/codes/<code>/, which the driver
// (test/core/codes.test.ts) refuses until the trigger reports the code; and, for an advisory
// code (the default origin), its check, src/core/advisory/<code>.ts, registered in
// src/core/advisory/index.ts. A code of another origin has no registry: its check is written
// where CONTRIBUTING.md says and called there. Then `npm run gen` writes every table, schema
// and page that lists codes.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const CODES = join(root, "src/core/codes.ts");
const ADVISORY_INDEX = join(root, "src/core/advisory/index.ts");

function fail(message) {
  console.error(`new-code: ${message}`);
  process.exit(2);
}

const args = process.argv.slice(2);
const at = args.indexOf("--origin");
const origin = at >= 0 ? args[at + 1] : "advisory";
const name = args.find((arg, i) => !arg.startsWith("--") && (at < 0 || i !== at + 1));
if (name === undefined || !/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(name)) fail("usage: npm run new-code NAME [-- --origin ORIGIN], NAME in kebab-case (e.g. duplicate-example)");

const codes = readFileSync(CODES, "utf8");
const table = codes.slice(codes.indexOf("export const CODE_TABLE = {"), codes.indexOf("} as const satisfies Readonly<Record<string, CodeFacts>>;"));
const originsBlock = codes.slice(codes.indexOf("export const CODE_ORIGINS = {"), codes.indexOf("} as const satisfies", codes.indexOf("export const CODE_ORIGINS = {")));
const origins = [...originsBlock.matchAll(/^ {2}"?([a-z-]+)"?:/gm)].map((m) => m[1]);
if (!origins.includes(origin)) fail(`unknown origin ${JSON.stringify(origin)}; the origins are ${origins.join(", ")} (CODE_ORIGINS in src/core/codes.ts)`);
if (new RegExp(`^ {2}"?${name}"?: \\{`, "m").test(table)) fail(`${name} is a code already`);
const page = join(root, "docs/codes", `${name}.md`);
const fixtures = join(root, "test/fixtures/codes", name);
const check = join(root, "src/core/advisory", `${name}.ts`);
for (const path of [page, fixtures, ...(origin === "advisory" ? [check] : [])]) if (existsSync(path)) fail(`${path} exists already`);

const camel = name.replace(/-([a-z0-9])/g, (_, letter) => letter.toUpperCase());
const written = [];
function write(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  written.push(path.slice(root.length));
}

/** The index just past the row of CODE_TABLE that starts at `start`: its braces balanced, strings skipped. */
function rowEnd(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      for (i++; text[i] !== '"'; i++) if (text[i] === "\\") i++;
    } else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) return text.indexOf("\n", i) + 1;
  }
  return fail("src/core/codes.ts: a row of CODE_TABLE does not close");
}

// The record, after the last code of its origin (else at the table's end).
const tableStart = codes.indexOf("export const CODE_TABLE = {");
const rows = [...table.matchAll(/^ {2}(?:"[a-z0-9-]+"|[a-z0-9]+): \{/gm)].map((m) => tableStart + m.index);
const ofOrigin = rows.filter((start) => codes.slice(start, rowEnd(codes, start)).includes(`origin: "${origin}"`));
const insertAt = ofOrigin.length > 0 ? rowEnd(codes, ofOrigin[ofOrigin.length - 1]) : codes.indexOf("} as const satisfies Readonly<Record<string, CodeFacts>>;");
const severity = origin === "chain" ? "error" : "warn";
const gate = origin === "advisory" ? ', gate: { reads: [], by: "keys" }' : "";
const record =
  `  // TODO(new-code): its title, the inputs it applies to, whether --fix repairs it${origin === "advisory" ? " and the keys it reads" : ""}: the compiler refuses [] and "TODO", and npm run gen this line.\n` +
  `  "${name}": { severity: "${severity}", origin: "${origin}", title: "TODO", appliesTo: [], fixable: "TODO"${gate} },\n`;
writeFileSync(CODES, codes.slice(0, insertAt) + record + codes.slice(insertAt));
written.push("src/core/codes.ts (its record)");

if (origin === "advisory") {
  write(
    check,
    `// ${name} (docs/codes/${name}.md): TODO(new-code): what it finds and why, in two to five lines.

import type { AdvisoryCheck } from "./context.js";

/** TODO(new-code): its drafts for one action schema, each { code: "${name}", path, target, message, fix }. */
export const ${camel}: AdvisoryCheck = (_schema, _context) => [];
`,
  );
  const index = readFileSync(ADVISORY_INDEX, "utf8");
  const lastImport = index.lastIndexOf('.js";\n', index.indexOf("export const ADVISORY_CHECKS")) + '.js";\n'.length;
  const closing = index.indexOf("\n};\n", index.indexOf("export const ADVISORY_CHECKS"));
  if (lastImport < '.js";\n'.length || closing < 0) fail("src/core/advisory/index.ts is not laid out as the scaffold expects: register the check by hand");
  const registered = `${index.slice(0, lastImport)}import { ${camel} } from "./${name}.js";\n${index.slice(lastImport, closing)}\n  "${name}": ${camel},${index.slice(closing)}`;
  writeFileSync(ADVISORY_INDEX, registered);
  written.push("src/core/advisory/index.ts (its registration)");
}

const example = `{
  "search": {
    "description": "Search the catalogue",
    "properties": { "query": { "type": "string" } }
  }
}`;
write(
  page,
  `# ${name}

## What it means

TODO(new-code): when exactly it is reported, in one paragraph on one line, without Markdown.

## Why it matters

TODO(new-code): what would go wrong if it were let through.

## Bad

\`\`\`json
${example}
\`\`\`

## Good

\`\`\`json
${example}
\`\`\`

## Fix

TODO(new-code): what to do about it, right away.
`,
);
for (const which of ["trigger", "near-miss"]) write(join(fixtures, which, "catalogue.actions.json"), `${example}\n`);

console.log(`new-code: wrote
  ${written.join("\n  ")}
Fill in every TODO(new-code): the record, ${origin === "advisory" ? "the check, " : 'the check (CONTRIBUTING.md, "Adding an offence code", says where), '}the docs page (a Bad example that has the offence, a Good one that has none), and the trigger and near miss (test/core/codes.test.ts explains them). Then run \`npm run gen\`, \`npm run typecheck\` and the tests.`);
