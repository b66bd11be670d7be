#!/usr/bin/env node
// Takes the screenshots of the built site that are committed under site/screenshots/, so what a
// user sees is on record: the home page, a code's page, the search answering a word, and the
// playground with offences marked. Debian's
// Chromium driven by playwright-core (no browser download): `npm run docs`, then
//   node scripts/site-screenshots.mjs [CHROMIUM]      (default /usr/bin/chromium)

import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serveSite } from "./site-server.mjs";

const out = fileURLToPath(new URL("../site/screenshots/", import.meta.url));
mkdirSync(out, { recursive: true });
const site = await serveSite();
const browser = await chromium.launch({ executablePath: process.argv[2] ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${site.url}/`);
  await page.screenshot({ path: `${out}home.png` });
  await page.goto(`${site.url}/codes/dead-group.html`);
  await page.screenshot({ path: `${out}code-page.png` });
  await page.goto(`${site.url}/cli.html`, { waitUntil: "networkidle" });
  await page.locator(".DocSearch-Button").click();
  await page.locator(".VPLocalSearchBox input").fill("superset");
  await page.locator(".VPLocalSearchBox .result").first().waitFor();
  await page.screenshot({ path: `${out}search.png` });
  // The playground with its sample: the offences marked in the editor and listed under it.
  await page.goto(`${site.url}/playground/index.html`, { waitUntil: "networkidle" });
  await page.locator(".cm-lintRange-error").first().waitFor();
  await page.screenshot({ path: `${out}playground.png`, fullPage: true });
} finally {
  await browser.close();
  await site.stop();
}
console.log(`screenshots in ${out}`);
