// The reader against Elixir itself (docs/inputs.md, "Elixir tool modules"): the values and
// positions Elixir gives for the modules in test/fixtures/elixir/oracle/ (and the parity
// fixture's) are committed there
// (golden.json, made by oracle.exs), so every run compares the reader with them without
// Elixir; where `elixir` is installed, the fixtures are compiled again against a stub
// Wymcp.Tool (golden.json must be what Elixir says: UPDATE_GOLDEN=1 rewrites it), and so is a
// seeded set of generated modules (test/support/elixir-modules.ts). Elixir counts columns in
// code points; the comparison converts the reader's UTF-16 offsets to that.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { test } from "node:test";
import { pathKey, toValue, type Converted } from "../../src/elixir/convert.js";
import { readElixirTools, type ReadTool } from "../../src/elixir/index.js";
import { floatText } from "../../src/elixir/literals.js";
import type { Term } from "../../src/elixir/term.js";
import { elixirModule } from "../support/elixir-modules.js";
import { repoPath } from "../support/paths.js";

const DIR = repoPath("test/fixtures/elixir/oracle");
const GOLDEN = join(DIR, "golden.json");
const GENERATED = Number(process.env.ORACLE_MODULES ?? 40);
const FLOATS = 5000;

type Tagged = Record<string, unknown>;

interface Told {
  readonly file: string;
  readonly name?: Tagged;
  readonly description?: Tagged;
  readonly actions?: Tagged;
  readonly places?: Record<string, { key?: [number, number]; value: [number, number] | null }>;
  /** Each key a map literal writes again: [key, its place, the first's place]. */
  readonly repeats?: [string, [number, number], [number, number]][];
}

/** A tagged value in one canonical form: floats as numbers, map entries sorted by their key's form. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== "object" || value === null) return value;
  const tagged = value as Tagged;
  if ("f" in tagged) return { f: Number(tagged.f) };
  if ("m" in tagged) {
    const entries = (tagged.m as unknown[][]).map((pair) => pair.map(canonical));
    entries.sort((a, b) => (JSON.stringify(a[0]) < JSON.stringify(b[0]) ? -1 : 1));
    return { ...(tagged.struct === undefined ? {} : { struct: tagged.struct }), m: entries };
  }
  return Object.fromEntries(Object.entries(tagged).map(([k, v]) => [k, canonical(v)]));
}

/** A term as the oracle tags it. */
function tag(term: Term): Tagged {
  switch (term.kind) {
    case "string":
      return { s: term.value };
    case "atom":
      return { a: term.value };
    case "integer":
      return { i: term.value.toString() };
    case "float":
      return { f: term.value };
    case "list":
      return { l: term.items.map(tag) };
    case "tuple":
      return { t: term.items.map(tag) };
    case "map":
      return { ...(term.struct === undefined ? {} : { struct: term.struct }), m: term.entries.map((e) => [tag(e.key), tag(e.value)]) };
    case "dynamic":
      return { dynamic: term.what };
  }
}

/** An offset's line and column as Elixir counts them (code points). */
function elixirPosition(text: string, offset: number): [number, number] {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf("\n") + 1;
  return [before.split("\n").length, [...before.slice(lineStart)].length + 1];
}

/** What the reader says of one file, in the oracle's form. */
async function readerSays(file: string): Promise<Told> {
  const text = readFileSync(file, "utf8");
  const told = await readElixirTools(file, text);
  const base = file.split("/").pop() as string;
  if ("offence" in told) return { file: base };
  // The oracle calls the first tool module's actions/0: each fixture holds one.
  const read = told.tools[0] as ReadTool;
  const converted: Converted = { places: new Map(), dynamics: [], repeats: [] };
  if (read.actions !== null) toValue(read.actions, [], converted);
  const places: Told["places"] = {};
  for (const [key, place] of converted.places) {
    if (key === pathKey([]) || place.value.file !== file) continue;
    places[key] = {
      ...(place.key === undefined ? {} : { key: elixirPosition(text, place.key.span.start) }),
      value: elixirPosition(text, place.value.span.start),
    };
  }
  const repeats = converted.repeats
    .filter((r) => r.at.file === file)
    .map((r): [string, [number, number], [number, number]] => [r.key, elixirPosition(text, r.at.span.start), elixirPosition(text, r.first.span.start)]);
  return {
    file: base,
    repeats,
    ...(read.name === null ? {} : { name: tag(read.name) }),
    ...(read.description === null ? {} : { description: tag(read.description) }),
    ...(read.actions === null ? {} : { actions: tag(read.actions) }),
    places,
  };
}

/**
 * Whether Elixir's column for a place can be trusted: Elixir 1.14 counts each escaped
 * interpolation (`\#{`) two columns short for what follows it on its line, so those places
 * are not compared.
 */
function trusted(source: string, at: readonly [number, number] | null | undefined): boolean {
  if (at === undefined || at === null) return true;
  const before = [...(source.split("\n")[at[0] - 1] ?? "")].slice(0, at[1] - 1).join("");
  return !before.includes("\\#{");
}

const sortedRepeats = (told: Told): string[] => (told.repeats ?? []).map((r) => JSON.stringify(r)).sort();

/**
 * The reader agrees with what Elixir told: every value, every place Elixir gives of a
 * literal, and every key a literal writes again that the reader reports; with `allRepeats`,
 * every one Elixir finds (the fixtures' are all in what actions/0 returns; a generated
 * module's may be in a map a later key replaced, which the reader does not read).
 */
function assertAgrees(reader: Told, elixir: Told, source: string, allRepeats = false): void {
  const where = `${elixir.file}:\n${source}`;
  const told = sortedRepeats(elixir);
  if (allRepeats) assert.deepEqual(sortedRepeats(reader), told, `the repeated keys of ${where}`);
  else for (const repeat of sortedRepeats(reader)) assert.ok(told.includes(repeat), `Elixir repeats no ${repeat} in ${where}`);
  for (const part of ["name", "description", "actions"] as const) assert.deepEqual(canonical(reader[part]), canonical(elixir[part]), `${part} of ${where}`);
  for (const [path, told] of Object.entries(elixir.places ?? {})) {
    const read = reader.places?.[pathKey(JSON.parse(path))];
    if (told.key !== undefined && trusted(source, read?.key)) assert.deepEqual(read?.key, told.key, `the key at ${path} in ${where}`);
    if (told.value !== null && trusted(source, read?.value)) assert.deepEqual(read?.value, told.value, `the value at ${path} in ${where}`);
  }
}

// The oracle's own fixtures, and the parity fixture's module (test/elixir/index.test.ts).
const fixtures = [
  ...readdirSync(DIR)
    .filter((name) => name.endsWith(".ex"))
    .map((name) => join(DIR, name)),
  repoPath("test/fixtures/elixir/parity/elixir/catalogue.ex"),
].sort((a, b) => (basename(a) < basename(b) ? -1 : 1));

const elixir = spawnSync("elixir", ["--version"], { encoding: "utf8" });
const noElixir = elixir.status === 0 ? false : "Elixir is not installed (Debian: apt-get install elixir)";

function oracle(files: readonly string[]): Told[] {
  const run = spawnSync("elixir", [join(DIR, "oracle.exs"), ...files], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as Told[];
}

test("the reader reads the oracle's fixtures as Elixir does (golden.json, made by Elixir)", async () => {
  const golden = JSON.parse(readFileSync(GOLDEN, "utf8")) as Told[];
  assert.deepEqual(
    golden.map((g) => g.file),
    fixtures.map((f) => f.split("/").pop()),
  );
  for (const [i, file] of fixtures.entries()) assertAgrees(await readerSays(file), golden[i] as Told, readFileSync(file, "utf8"), true);
});

test("golden.json is what Elixir says of the fixtures", { skip: noElixir }, () => {
  const told = oracle(fixtures);
  if (process.env.UPDATE_GOLDEN === "1") writeFileSync(GOLDEN, `${JSON.stringify(told, null, 1)}\n`);
  assert.deepEqual(canonical(JSON.parse(readFileSync(GOLDEN, "utf8"))), canonical(told));
});

test(`the reader reads ${GENERATED} generated modules as Elixir does`, { skip: noElixir }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-lint-oracle-"));
  try {
    const files = Array.from({ length: GENERATED }, (_, seed) => {
      const file = join(dir, `generated_${seed}.ex`);
      writeFileSync(file, elixirModule(seed));
      return file;
    });
    const told = oracle(files);
    for (const [i, file] of files.entries()) assertAgrees(await readerSays(file), told[i] as Told, readFileSync(file, "utf8"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("what --fix writes into an Elixir module compiles, and means what the reader reads", { skip: noElixir }, async () => {
  const fixed = repoPath("test/fixtures/elixir/fix/fixed.ex");
  const [told] = oracle([fixed]);
  assertAgrees(await readerSays(fixed), told as Told, readFileSync(fixed, "utf8"));
});

/** `count` finite floats from a seed: every other one from any bit pattern, the rest of moderate size. */
function seededFloats(count: number): number[] {
  let state = 0x9e3779b9;
  const next = (): number => {
    // xorshift32: the same floats on every run.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  const bytes = new DataView(new ArrayBuffer(8));
  const floats: number[] = [];
  while (floats.length < count) {
    bytes.setUint32(0, next());
    bytes.setUint32(4, next());
    if (floats.length % 2 === 1) bytes.setUint16(0, (bytes.getUint16(0) & 0x800f) | ((0x3c0 + (next() % 0x100)) << 4));
    const value = bytes.getFloat64(0);
    if (Number.isFinite(value)) floats.push(value);
  }
  return floats;
}

test(`floats are written into text as Elixir writes them (${FLOATS} seeded values)`, { skip: noElixir }, () => {
  const floats = seededFloats(FLOATS);
  const bits = floats.map((value) => {
    const bytes = new DataView(new ArrayBuffer(8));
    bytes.setFloat64(0, value);
    return bytes.getBigUint64(0).toString(16).padStart(16, "0");
  });
  const script = 'IO.read(:stdio, :eof) |> String.split() |> Enum.each(fn h -> <<f::float-64>> = Base.decode16!(h, case: :lower); IO.puts("#{f}") end)';
  const run = spawnSync("elixir", ["-e", script], { input: bits.join("\n"), encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  assert.equal(run.status, 0, run.stderr);
  const written = run.stdout.trim().split("\n");
  assert.equal(written.length, floats.length);
  floats.forEach((value, i) => assert.equal(floatText(value), written[i], `the float with bits ${bits[i]}`));
});
