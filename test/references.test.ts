// The pointers in the repository lead somewhere a reader can follow: every path a comment
// in src/, test/, bench/ or scripts/ names (src/…, docs/…, test/…, bench/…, schemas/…) and
// every relative link of the Markdown docs exists, and no comment points at a document the
// repository does not hold (the specification and issue tracker the project was built from).

import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { test } from "node:test";
import { ROOT } from "./support/paths.js";

function walk(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fixtures" || entry.name === "node_modules" || entry.name === "corpus" || entry.name.startsWith(".") ? [] : walk(path, keep);
    return keep(path) ? [path] : [];
  });
}

const CODE = [
  ...walk("src", (f) => f.endsWith(".ts")),
  ...walk("test", (f) => /\.(?:ts|mjs)$/.test(f)),
  ...walk("bench", (f) => f.endsWith(".mjs")),
  ...walk("scripts", (f) => f.endsWith(".mjs")),
  "bin/wymcp-lint.js",
];
const MARKDOWN = ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", ...walk("docs", (f) => f.endsWith(".md")), ...walk("bench", (f) => f.endsWith(".md"))];

/** The comment text of a source file: line comments and block comments, each with its line number. */
function comments(source: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  source.split("\n").forEach((line, i) => {
    const at = /^\s*\*(?:\s|$)/.test(line) ? line.indexOf("*") : line.search(/(?:^|\s)(?:\/\/|\/\*)/);
    if (at >= 0 && !/["'`][^"'`]*$/.test(line.slice(0, at))) found.push({ line: i + 1, text: line.slice(at) });
  });
  return found;
}

// A path the repository can hold; a placeholder (`docs/codes/<code>.md`) or a glob is not one.
const NAMED_PATH = /\b(?:src|docs|test|bench|schemas|scripts)\/[A-Za-z0-9_.\-/]*[A-Za-z0-9_\-/]/g;

test("every repository path a comment names exists", () => {
  const missing: string[] = [];
  for (const file of CODE) {
    for (const { line, text } of comments(readFileSync(join(ROOT, file), "utf8"))) {
      for (const match of text.matchAll(NAMED_PATH)) {
        const path = match[0];
        const next = text[(match.index ?? 0) + path.length];
        // A placeholder, a glob, or what a build or the bench generates (git-ignored) names no committed file.
        if (next === "<" || next === "*" || next === "{" || path.startsWith("bench/corpus") || path.startsWith("bench/.work")) continue;
        if (!existsSync(join(ROOT, path))) missing.push(`${file}:${line}: ${path}`);
      }
    }
  }
  assert.deepEqual(missing, []);
});

test("every relative link and path of the Markdown docs exists", () => {
  const missing: string[] = [];
  for (const file of MARKDOWN) {
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const match of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      const target = match[1] as string;
      if (/^[a-z]+:/.test(target)) continue;
      if (!existsSync(join(ROOT, dirname(file), target))) missing.push(`${file}: ${target}`);
    }
  }
  assert.deepEqual(missing, []);
});

test("no comment points at a document the repository does not hold", () => {
  const cites: string[] = [];
  for (const file of CODE) {
    for (const { line, text } of comments(readFileSync(join(ROOT, file), "utf8"))) {
      if (/\bSPEC\b|\b[Ii]ssue #?\d+/.test(text)) cites.push(`${relative(ROOT, join(ROOT, file))}:${line}: ${text.trim()}`);
    }
  }
  assert.deepEqual(cites, []);
});

test("docs/README.md, the index of the docs, lists every page of docs/", () => {
  const index = readFileSync(join(ROOT, "docs/README.md"), "utf8");
  const pages = readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md") && name !== "README.md");
  assert.deepEqual(
    pages.filter((page) => !index.includes(`](${page})`)),
    [],
  );
});
