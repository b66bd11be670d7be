// The documentation site (`npm run docs`: scripts/site.mjs lays out the pages, VitePress builds
// them into site/dist/): it builds (a dead link fails VitePress's build), every internal link of
// every built page leads to a page that exists and, with an anchor, to an element of that id;
// every offence code has its page, rendered from its record and docs/codes/<code>.md; and the
// search index holds the pages' words, and answers in a real browser (Debian's Chromium through
// playwright-core, when it is installed).

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { before, test } from "node:test";
import { serveSite } from "../../scripts/site-server.mjs";
import { codeFacts, codeTitle, OFFENCE_CODES } from "../../src/core/codes.js";
import { builtPath, ROOT } from "../support/paths.js";

const DIST = join(ROOT, "site", "dist");

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? htmlFiles(path) : entry.name.endsWith(".html") ? [path] : [];
  });
}

/** The built file a site path names ("/cli.html", "/codes/", "/cli"), or null. */
function builtFile(path: string): string | null {
  const file = join(DIST, decodeURIComponent(path));
  for (const candidate of [file, join(file, "index.html"), `${file}.html`]) if (existsSync(candidate) && !candidate.endsWith("/")) return candidate;
  return null;
}

/** Text as the built HTML writes it. */
const escaped = (text: string): string => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");

const ids = new Map<string, Set<string>>();
function idsOf(file: string): Set<string> {
  let found = ids.get(file);
  if (found === undefined) {
    found = new Set([...readFileSync(file, "utf8").matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] as string));
    ids.set(file, found);
  }
  return found;
}

before(() => {
  const built = spawnSync("npm", ["run", "docs", "--silent"], { cwd: ROOT, encoding: "utf8", timeout: 600_000 });
  assert.equal(built.status, 0, `${built.stdout}\n${built.stderr}`);
});

test("every internal link of the site leads to a page that exists, and to the element its anchor names", () => {
  const pages = htmlFiles(DIST);
  assert.ok(pages.length > OFFENCE_CODES.length + 15, `${pages.length} pages`);
  const broken: string[] = [];
  let links = 0;
  for (const page of pages) {
    const html = readFileSync(page, "utf8");
    for (const [, href] of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
      if (href === undefined || /^[a-z]+:/.test(href) || href.startsWith("//")) continue;
      links++;
      const [pathPart, anchor] = href.split("#");
      const path = pathPart === "" ? `/${relative(DIST, page)}` : pathPart?.startsWith("/") ? pathPart : `/${relative(DIST, join(dirname(page), pathPart ?? ""))}`;
      const target = builtFile(path ?? "/");
      const from = relative(DIST, page);
      if (target === null) broken.push(`${from}: ${href}`);
      else if (anchor !== undefined && anchor !== "" && !idsOf(target).has(decodeURIComponent(anchor))) broken.push(`${from}: ${href} (no such anchor)`);
    }
  }
  assert.ok(links > 1000, `${links} links`);
  assert.deepEqual(broken, []);
});

test("every offence code has its page: its title, facts, examples and how to configure it", () => {
  for (const code of OFFENCE_CODES) {
    const file = join(DIST, "codes", `${code}.html`);
    assert.ok(existsSync(file), code);
    const html = readFileSync(file, "utf8");
    assert.ok(html.includes(escaped(codeTitle(code))), `${code}: its title`);
    assert.match(html, new RegExp(`default severity</td><td>${codeFacts(code).severity}</td>`), code);
    for (const heading of ["What it means", "Why it matters", "Bad", "Good", "Fix", "Configure it"]) assert.ok(html.includes(`>${heading}`), `${code}: ${heading}`);
  }
  const index = readFileSync(join(DIST, "codes", "index.html"), "utf8");
  for (const code of OFFENCE_CODES) assert.ok(index.includes(`href="/codes/${code}.html"`), `the index links ${code}`);
});

test("the site has a page per surface, and its search index holds the pages' words", () => {
  for (const page of ["cli", "configuration", "editors", "mcp", "library", "ci", "pre-commit", "elixir", "install"]) assert.ok(existsSync(join(DIST, `${page}.html`)), page);
  const assets = readdirSync(join(DIST, "assets", "chunks"));
  const search = assets.filter((name) => name.startsWith("@localSearchIndex"));
  assert.ok(search.length > 0, assets.join(", "));
  const index = search.map((name) => readFileSync(join(DIST, "assets", "chunks", name), "utf8")).join("\n");
  // Every code's page is a document of the index, and its words are indexed.
  for (const code of OFFENCE_CODES) assert.ok(index.includes(`"/codes/${code}.html#${code}"`), code);
  assert.match(index, /\["superset",/);
});

test("in a browser, the search finds a code's page by a word of it", async (t) => {
  const executablePath = process.env["CHROMIUM"] ?? "/usr/bin/chromium";
  if (!existsSync(executablePath)) return t.skip(`no Chromium at ${executablePath} (Debian: apt-get install chromium)`);
  const { chromium } = await import("playwright-core");
  const site = await serveSite();
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage();
    // Once the page is hydrated (nothing left to load), its search button opens the search box.
    await page.goto(`${site.url}/cli.html`, { waitUntil: "networkidle" });
    await page.locator(".DocSearch-Button").click();
    await page.locator(".VPLocalSearchBox input").fill("superset");
    // The results follow the typing: the code's page comes once the word is whole, and first.
    await page.locator('.VPLocalSearchBox .result[href$="/codes/superset-group.html#superset-group"]').waitFor({ timeout: 30_000 });
    const first = page.locator(".VPLocalSearchBox .result").first();
    assert.match((await first.getAttribute("href")) ?? "", /\/codes\/superset-group\.html#superset-group$/);
    await first.click();
    // The site routes in the page: the URL changes first, then the page's content.
    await page.waitForURL(/\/codes\/superset-group\.html/);
    await page.locator("h1", { hasText: /^superset-group/ }).waitFor({ timeout: 30_000 });
  } finally {
    await browser.close();
    await site.stop();
  }
});

/** A broken action file, as a user would type it into the playground. */
const BROKEN = `{
  "search": {
    "descriptoin": "Search the shop",
    "properties": { "query": { "type": "string" } },
    "required": ["query", "query"]
  },
  "order": { "description": "Place\\nan order", "properties": {} }
}
`;

/** The CLI's offences for `text` linted as the file `name`, with no config: code, line, column and message of each. */
function cliOffences(name: string, text: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-playground-"));
  try {
    writeFileSync(join(dir, name), text);
    const run = spawnSync(process.execPath, [builtPath("bin/wymcp-lint.js"), "--no-config", "--format", "json", name], { cwd: dir, encoding: "utf8" });
    const report = JSON.parse(run.stdout) as { files: { offences: { code: string; line?: number; column?: number; message: string }[] }[] };
    return report.files.flatMap((file) => file.offences.map((o) => `${o.code} ${o.line === undefined ? "" : `${o.line}:${o.column ?? 1} `}${o.message}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("the playground, in a browser: a broken action file typed in gets the CLI's offences, marked; a fix applies in place; the URL holds the state", async (t) => {
  const executablePath = process.env["CHROMIUM"] ?? "/usr/bin/chromium";
  if (!existsSync(executablePath)) return t.skip(`no Chromium at ${executablePath} (Debian: apt-get install chromium)`);
  const { chromium } = await import("playwright-core");
  const site = await serveSite();
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage();
    await page.goto(`${site.url}/playground/index.html`, { waitUntil: "networkidle" });
    await page.locator(".cm-content").click();
    await page.keyboard.press("Control+A");
    await page.keyboard.insertText(BROKEN);
    const shown = async (): Promise<string[]> => (await page.locator("#offences li").allInnerTexts()).map((line) => line.replace(/ Fix: .*$/s, ""));
    const expected = cliOffences("tool.actions.json", BROKEN);
    assert.ok(expected.length >= 3, expected.join("\n"));
    await page.locator("#summary", { hasText: `${expected.length} offences.` }).waitFor({ timeout: 30_000 });
    assert.deepEqual(await shown(), expected);
    // Each offence is marked in the editor where the CLI places it.
    await page.locator(".cm-lintRange-error").first().waitFor({ timeout: 30_000 });
    assert.ok((await page.locator(".cm-lintRange-error").count()) >= 2);
    // The unknown key's fix, applied in place, is --fix's edit; the page lints the fixed text.
    await page.locator("#offences li", { hasText: "unknown-key" }).locator(".apply-fix").click();
    const fixed = BROKEN.replace('"descriptoin"', '"description"');
    await page.locator("#summary", { hasText: `${cliOffences("tool.actions.json", fixed).length} offences.` }).waitFor({ timeout: 30_000 });
    assert.deepEqual(await shown(), cliOffences("tool.actions.json", fixed));
    // The URL holds the text: opened again, it shows the fixed text.
    const shared = page.url();
    assert.match(shared, /#./);
    const again = await browser.newPage();
    await again.goto(shared, { waitUntil: "networkidle" });
    await again.locator("#summary", { hasText: "offences." }).waitFor({ timeout: 30_000 });
    // CodeMirror draws each line of the text as an element of its own.
    assert.equal((await again.locator(".cm-line").allTextContents()).join("\n").trimEnd(), fixed.trimEnd());
  } finally {
    await browser.close();
    await site.stop();
  }
});
