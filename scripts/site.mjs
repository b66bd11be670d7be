#!/usr/bin/env node
// Lays out the documentation site's pages (site/pages/, which git ignores) for VitePress to
// build (`npm run docs`, into site/dist/): the pages of docs/ as they are, their links
// made the site's; a page per offence code and their index, generated from the code records
// (src/core/codes.ts) and docs/codes/*.md (codePage, src/code-docs/generated.ts); the home
// page (site/home.md); the JSON Schemas, served as files. Nothing here is a second copy
// of a fact: every page is made again from its one home on each build. It reads the source
// through tsx: `node --import tsx scripts/site.mjs [OUTDIR]`.

import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { codePage } from "../src/code-docs/generated.js";
import { codeFacts, codeTitle, defaultSeverity, OFFENCE_CODES } from "../src/core/codes.js";
import { POLICIES } from "../src/engine/policy.js";

const root = fileURLToPath(new URL("../", import.meta.url));
const out = process.argv[2] ?? join(root, "site", "pages");

/** The pages of docs/ the site serves as they are (docs/README.md is the repository's index: the site has its sidebar). */
const DOC_PAGES = readdirSync(join(root, "docs")).filter((name) => name.endsWith(".md") && name !== "README.md" && name !== "offence-codes.md");

/** The switch of a surface's policy that decides whether it reports a code of an origin: the others are reported wherever their input is linted. */
const ORIGIN_STEPS = { pin: "pins", directive: "suppressions" };

function surfacesOf(code) {
  const { origin, appliesTo } = codeFacts(code);
  const step = ORIGIN_STEPS[origin];
  const what = "[what each surface applies](../surfaces.md)";
  if (appliesTo.length === 1 && appliesTo[0] === "server") return `where a running server is linted ([servers.md](../servers.md))`;
  if (step === undefined) return `every surface that lints its inputs (${what})`;
  return `${POLICIES.filter((policy) => policy[step])
    .map((policy) => policy.surface)
    .join(", ")} (${what})`;
}

/**
 * A link of a page of docs/ as the site serves it: another page of docs/ stays (VitePress
 * resolves .md); offence-codes.md#code is the code's page; a schema is served from /schemas/; a
 * file of the repository that the site does not hold becomes its path, as code.
 */
function siteLink(text, target, from) {
  if (/^[a-z]+:/.test(target) || target.startsWith("#")) return `[${text}](${target})`;
  const [path, anchor] = target.split("#");
  const resolved = posix.normalize(posix.join(posix.dirname(`docs/${from}`), path));
  const up = "../".repeat(from.split("/").length - 1);
  if (resolved === "docs/offence-codes.md") return anchor === undefined ? `[${text}](${up}codes/)` : `[${text}](${up}codes/${anchor}.md)`;
  if (resolved === "docs/README.md" || resolved === "docs" || resolved === "docs/") return `[${text}](${up}index.md)`;
  if (resolved === "docs/codes" || resolved === "docs/codes/") return `[${text}](${up}codes/)`;
  if (resolved.startsWith("docs/")) return `[${text}](${target})`;
  if (resolved === "README.md") return `[${text}](${up}index.md)`;
  if (resolved.startsWith("schemas/")) return `[${text}](/${resolved})`;
  const shown = text.replace(/^`|`$/g, "");
  return shown === resolved ? `\`${resolved}\`` : `${text} (\`${resolved}\` in the repository)`;
}

/** `markdown` with each link outside fenced blocks made the site's. */
function withSiteLinks(markdown, from) {
  let fenced = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (line.startsWith("```")) fenced = !fenced;
      return fenced ? line : line.replace(/(?<!!)\[([^\]]+)\]\(([^)\s]+)\)/g, (_, text, target) => siteLink(text, target, from));
    })
    .join("\n");
}

const write = (path, text) => {
  mkdirSync(dirname(join(out, path)), { recursive: true });
  writeFileSync(join(out, path), text);
};

rmSync(out, { recursive: true, force: true });
write("index.md", readFileSync(join(root, "site", "home.md"), "utf8"));
for (const page of DOC_PAGES) write(page, withSiteLinks(readFileSync(join(root, "docs", page), "utf8"), page));
for (const code of OFFENCE_CODES) write(`codes/${code}.md`, withSiteLinks(codePage(code, { surfaces: surfacesOf(code) }), `codes/${code}.md`));
write(
  "codes/index.md",
  [
    "# Offence codes",
    "Every offence carries one of these codes, stable identifiers. An `error` fails the run (exit 1); a `warn` is shown and fails it only past `--max-warnings`. [The checks](../checks.md) says how they are found.",
    "| code | default | what it reports |\n| --- | --- | --- |",
  ].join("\n\n") + `\n${OFFENCE_CODES.map((code) => `| [\`${code}\`](${code}.md) | ${defaultSeverity(code)} | ${codeTitle(code)} |`).join("\n")}\n`,
);
cpSync(join(root, "schemas"), join(out, "public", "schemas"), { recursive: true });
console.log(`site pages: ${DOC_PAGES.length} pages of docs/, ${OFFENCE_CODES.length} code pages, in ${out}`);
