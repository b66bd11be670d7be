// Fixture-driven tests of the chain and the checks beside it: each folder under
// test/fixtures/chain holds an input (input.json or input.json5, linted from its text as the
// CLI lints a file; or input.mjs for what JSON cannot say: cycles, symbols, Maps) beside the
// offences it must produce, as {action, code, path}, in report order (plus severity, line
// and column where the expected entry names them). Plus the property that shuffling the
// key order of any JSON fixture leaves its report byte-identical.

import assert from "node:assert/strict";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { lintActionFile } from "../../src/core/lint-tool.js";
import { PLAIN_DATA } from "../../src/core/map.js";
import type { Offence } from "../../src/core/offence.js";
import { readJson } from "../support/lint.js";
import { repoPath } from "../support/paths.js";

const FIXTURES = repoPath("test/fixtures/chain");

function caseDirs(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  if (entries.some((e) => e.name === "expected.json")) return [dir];
  return entries.filter((e) => e.isDirectory()).flatMap((e) => caseDirs(join(dir, e.name)));
}

/** The fixture's offences: from an action file's text, or from a module's default export. */
async function lintInput(dir: string): Promise<readonly Offence[]> {
  for (const kind of ["json", "json5"] as const) {
    const file = join(dir, `input.${kind}`);
    if (existsSync(file)) return readJson(readFileSync(file), `tool.actions.${kind}`).offences;
  }
  const value: unknown = (await import(pathToFileURL(join(dir, "input.mjs")).href)).default;
  return lintActionFile(value, "tool", { advisory: true }).offences;
}

type Expected = { action: string | null; code: string; path: unknown[]; severity?: string; line?: number; column?: number };

/** Each offence as its expected entry names it: always action, code and path. */
function summary(offences: readonly Offence[], expected: readonly Expected[]): unknown[] {
  return offences.map((o, i) => {
    const entry: Record<string, unknown> = { action: o.action, code: o.code, path: o.path };
    for (const field of ["severity", "line", "column"] as const) if (expected[i] && field in (expected[i] as Expected)) entry[field] = o[field];
    return entry;
  });
}

const cases = caseDirs(FIXTURES).sort();

test("the fixture folders exist", () => assert.ok(cases.length >= 40, `found ${cases.length}`));

for (const dir of cases) {
  const name = dir.slice(FIXTURES.length + 1);
  test(`chain fixture ${name}`, async () => {
    const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8")) as Expected[];
    assert.deepEqual(summary(await lintInput(dir), expected), expected);
  });
}

// A small seeded PRNG, so a failing shuffle can be replayed.
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The same value with every object's keys in a random order (lists keep theirs). */
export function shuffleKeys(value: unknown, random: () => number): unknown {
  if (Array.isArray(value)) return value.map((v) => shuffleKeys(v, random));
  if (typeof value !== "object" || value === null) return value;
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [keys[i], keys[j]] = [keys[j] as string, keys[i] as string];
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    Object.defineProperty(out, key, { value: shuffleKeys((value as Record<string, unknown>)[key], random), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

test("a parsed value (a tree of plain data) gives the same report through the parsed fast path", () => {
  for (const dir of cases.filter((d) => existsSync(join(d, "input.json")))) {
    const text = readFileSync(join(dir, "input.json"), "utf8");
    const general = JSON.stringify(lintActionFile(JSON.parse(text), "tool"));
    assert.equal(JSON.stringify(lintActionFile(JSON.parse(text), "tool", { read: PLAIN_DATA })), general, dir);
  }
});

test("shuffling the key order of any fixture leaves its report byte-identical", () => {
  const jsonCases = cases.filter((dir) => existsSync(join(dir, "input.json")));
  let differentOrders = 0;
  for (const dir of jsonCases) {
    const input = JSON.parse(readFileSync(join(dir, "input.json"), "utf8"));
    const report = JSON.stringify(lintActionFile(input, "tool"));
    for (let seed = 1; seed <= 20; seed++) {
      const shuffled = shuffleKeys(input, mulberry32(seed));
      if (JSON.stringify(shuffled) !== JSON.stringify(input)) differentOrders++;
      assert.equal(JSON.stringify(lintActionFile(shuffled, "tool")), report, `${dir} with seed ${seed}`);
    }
  }
  assert.ok(differentOrders > 100, "the shuffles must actually change key orders");
});
