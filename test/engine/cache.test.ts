// The result cache through the real command (docs/cli.md, "Cache"): a warm run reports exactly
// what a cold one does, in every format; the hits and misses are exactly what changed (a
// file, the config, a file a module imports, the linter's version or build); a corrupt cache costs one
// warning and a correct report; files --fix wrote are linted again; duplicate-tool is found
// again every run.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const BIN = fileURLToPath(new URL("../../bin/wymcp-lint.js", import.meta.url));
const CACHE = ".wymcp-lint-cache";

interface Spawned {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function wymcpLint(cwd: string, args: readonly string[], bin = BIN): Spawned {
  const env = { ...process.env };
  for (const name of ["NO_COLOR", "FORCE_COLOR", "WYMCP_LINT_DEBUG"]) delete env[name];
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, env, encoding: "utf8", timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The json report's cache counts after a --cache run of `args`. */
function counts(cwd: string, args: readonly string[] = ["."], bin = BIN): { hits: number; misses: number } {
  const run = wymcpLint(cwd, ["--cache", "--format", "json", ...args], bin);
  assert.equal(run.stderr, "");
  return (JSON.parse(run.stdout) as { summary: { cache: { hits: number; misses: number } } }).summary.cache;
}

const untimed = (report: string): string => report.replace(/ \(\d+\.\d\d s\)\n$/, " (T s)\n");
const uncounted = (report: string): string => report.replace(/,\n {4}"cache": \{\n {6}"hits": \d+,\n {6}"misses": \d+\n {4}\}/, "");

/**
 * A small project with every kind of thing the cache keeps: clean and broken action files in
 * JSON and JSON5 (one with a directive), a tool module importing a JSON file and a module of
 * its own, one in TypeScript, and two files of one directory with the same tool name.
 */
function project(): string {
  const dir = tempDir();
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  writeFileSync(join(dir, "clean.actions.json"), '{ "find": { "description": "Find", "properties": { "q": { "type": "string" } } } }\n');
  writeFileSync(join(dir, "broken.actions.json"), '{ "find": { "description": "Find", "propertes": {} } }\n');
  writeFileSync(
    join(dir, "quiet.actions.json5"),
    '{\n  // wymcp-lint-disable-next-line unknown-key\n  find: { description: "Find", properties: {}, extra: 1 },\n  get: { description: "Get\\nit", properties: {} },\n}\n',
  );
  writeFileSync(join(dir, "props.json"), '{ "q": { "type": "string" } }\n');
  writeFileSync(join(dir, "shared.mjs"), 'import props from "./props.json" with { type: "json" };\nexport const properties = props;\n');
  writeFileSync(
    join(dir, "search.tool.mjs"),
    'import { properties } from "./shared.mjs";\nexport default { name: "search", description: "Search", actions: () => ({ find: { description: "Find", properties } }) };\n',
  );
  writeFileSync(
    join(dir, "notes.tool.ts"),
    'const tags: string[] = [];\nexport default { name: "notes", description: "Notes", actions: () => ({ add: { description: "Add", properties: { text: { type: "string" } }, requried: tags } }) };\n',
  );
  mkdirSync(join(dir, "server"));
  writeFileSync(join(dir, "server", "orders.actions.json"), '{ "list": { "description": "List", "properties": {} } }\n');
  writeFileSync(join(dir, "server", "orders.actions.json5"), '{ list: { description: "List", properties: {} } }\n');
  return dir;
}

/** The files the project's run lints (props.json and shared.mjs only through search.tool.mjs). */
const FILES = 7;

test("a warm run reports exactly what a cold run does, in every format, and what a run without the cache does", () => {
  const dir = project();
  for (const format of ["text", "json", "sarif", "github"]) {
    const plain = wymcpLint(dir, ["--format", format, "."]);
    const cold = wymcpLint(dir, ["--cache", "--cache-location", `cache-${format}`, "--format", format, "."]);
    const warm = wymcpLint(dir, ["--cache", "--cache-location", `cache-${format}`, "--format", format, "."]);
    assert.equal(cold.code, 1, format);
    assert.deepEqual([warm.code, warm.stderr], [cold.code, cold.stderr], format);
    assert.equal(untimed(uncounted(warm.stdout)), untimed(uncounted(cold.stdout)), format);
    assert.equal(untimed(uncounted(cold.stdout)), untimed(plain.stdout), format);
  }
  // Not vacuous: the report holds a module's located offence, a directive's work and duplicate-tool.
  const text = wymcpLint(dir, ["--cache", "--cache-location", "cache-text", "."]).stdout;
  assert.match(text, /notes\.tool\.ts:2:\d+ {2}unknown-key/);
  assert.match(text, /server\/orders\.actions\.json5 {2}duplicate-tool/);
  assert.doesNotMatch(text, /quiet\.actions\.json5:3/);
  assert.match(text, /quiet\.actions\.json5:4:\d+ {2}newline/);
});

test("hits and misses are exactly what changed: one file, a file a module imports, the config, the linter's version", () => {
  const dir = project();
  assert.deepEqual(counts(dir), { hits: 0, misses: FILES });
  assert.deepEqual(counts(dir), { hits: FILES, misses: 0 });

  writeFileSync(join(dir, "clean.actions.json"), '{ "find": { "description": "Find things", "properties": {} } }\n');
  assert.deepEqual(counts(dir), { hits: FILES - 1, misses: 1 });

  // props.json is no file of the run, but search.tool.mjs loaded it through shared.mjs.
  writeFileSync(join(dir, "props.json"), '{ "q": { "type": "string" }, "r": 5 }\n');
  const edited = wymcpLint(dir, ["--cache", "--format", "json", "."]);
  const report = JSON.parse(edited.stdout) as { files: { file: string; offences: { code: string }[] }[]; summary: { cache: unknown } };
  assert.deepEqual(report.summary.cache, { hits: FILES - 1, misses: 1 });
  assert.deepEqual(
    report.files.find((f) => f.file === "./search.tool.mjs")?.offences.map((o) => o.code),
    ["wrong-type"],
  );
  assert.deepEqual(counts(dir), { hits: FILES, misses: 0 });

  writeFileSync(join(dir, "wymcp-lint.config.json"), '{ "rules": { "newline": "warn" } }\n');
  assert.deepEqual(counts(dir), { hits: 0, misses: FILES });
  assert.deepEqual(counts(dir), { hits: FILES, misses: 0 });

  // The cache says which version wrote it: another version's cache holds nothing.
  const cache = readFileSync(join(dir, CACHE), "utf8");
  const key = JSON.parse((JSON.parse(cache) as { key: string }).key) as { version: string };
  assert.notEqual(key.version, "0.0.0-older");
  writeFileSync(join(dir, CACHE), cache.replace(JSON.stringify(`"version":"${key.version}"`).slice(1, -1), JSON.stringify('"version":"0.0.0-older"').slice(1, -1)));
  assert.deepEqual(counts(dir), { hits: 0, misses: FILES });
});

test("a corrupt, truncated or foreign cache costs one warning and a full, correct run, and is written again", () => {
  const dir = project();
  const expected = untimed(wymcpLint(dir, ["."]).stdout);
  counts(dir);
  const whole = readFileSync(join(dir, CACHE), "utf8");
  for (const broken of [whole.slice(0, whole.length / 2), '{ "not": "ours" }', "\u0000\u0001garbage"]) {
    writeFileSync(join(dir, CACHE), broken);
    const run = wymcpLint(dir, ["--cache", "."]);
    assert.equal(run.code, 1);
    assert.equal(untimed(run.stdout), expected);
    const lines = run.stderr.split("\n").filter((line) => line !== "");
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0] as string, /^wymcp-lint: warning: the cache ".*\.wymcp-lint-cache" cannot be used \(.+\); linting every file, and writing it again$/);
    assert.deepEqual(counts(dir), { hits: FILES, misses: 0 });
  }
});

test("a file --fix wrote is linted again by the next run; the rest hit", () => {
  const dir = project();
  counts(dir);
  const fixed = wymcpLint(dir, ["--cache", "--fix", "broken.actions.json", "clean.actions.json"]);
  assert.equal(fixed.code, 0, fixed.stderr + fixed.stdout);
  assert.match(readFileSync(join(dir, "broken.actions.json"), "utf8"), /"properties"/);
  assert.deepEqual(counts(dir), { hits: FILES - 1, misses: 1 });
});

test("--cache-strategy metadata tells a file changed by its size and mtime, and reads no unchanged one", () => {
  const dir = project();
  const metadata = ["--cache-strategy", "metadata", "."];
  assert.deepEqual(counts(dir, metadata), { hits: 0, misses: FILES });
  assert.deepEqual(counts(dir, metadata), { hits: FILES, misses: 0 });
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(dir, "clean.actions.json"), later, later);
  assert.deepEqual(counts(dir, metadata), { hits: FILES - 1, misses: 1 });
  // The content strategy's cache is another cache: the strategy is part of its key.
  assert.deepEqual(counts(dir), { hits: 0, misses: FILES });
});

/** The content strategy's stat of a file as the cache keeps it: size, mtime, ctime and inode. */
function statKey(path: string): string {
  const { size, mtimeNs, ctimeNs, ino } = statSync(path, { bigint: true });
  return `${size}:${mtimeNs}:${ctimeNs}:${ino}`;
}

/** The cache file's entries, by absolute path. */
function cacheEntries(dir: string): Record<string, { stat?: string }> {
  return (JSON.parse(readFileSync(join(dir, CACHE), "utf8")) as { files: Record<string, { stat?: string }> }).files;
}

/** Sets the entry of the one file whose path ends in `name` as `edit` makes it, and writes the cache back. */
function editEntry(dir: string, name: string, edit: (entry: { stat?: string }) => void): void {
  const document = JSON.parse(readFileSync(join(dir, CACHE), "utf8")) as { files: Record<string, { stat?: string }> };
  const [path] = Object.keys(document.files).filter((file) => file.endsWith(`/${name}`));
  edit(document.files[path as string] as { stat?: string });
  writeFileSync(join(dir, CACHE), JSON.stringify(document));
}

const HOUR_AGO = new Date(Date.now() - 3_600_000);

test("the content strategy sees an edit that keeps the size and puts the mtime back (the ctime changed), and writes nothing when nothing changed", () => {
  const dir = project();
  const file = join(dir, "clean.actions.json");
  // An hour old, so outside the racy window: only its stat decides.
  utimesSync(file, HOUR_AGO, HOUR_AGO);
  assert.deepEqual(counts(dir), { hits: 0, misses: FILES });
  assert.deepEqual(counts(dir), { hits: FILES, misses: 0 });
  const cache = { text: readFileSync(join(dir, CACHE), "utf8"), mtime: statSync(join(dir, CACHE)).mtimeMs };
  assert.deepEqual(counts(dir), { hits: FILES, misses: 0 });
  assert.deepEqual({ text: readFileSync(join(dir, CACHE), "utf8"), mtime: statSync(join(dir, CACHE)).mtimeMs }, cache);

  const before = statSync(file, { bigint: true });
  writeFileSync(file, readFileSync(file, "utf8").replace('"Find"', '"Fond"'));
  utimesSync(file, HOUR_AGO, HOUR_AGO);
  const after = statSync(file, { bigint: true });
  assert.deepEqual([after.size, after.mtimeNs, after.ino], [before.size, before.mtimeNs, before.ino]);
  assert.deepEqual(counts(dir), { hits: FILES - 1, misses: 1 });
});

test("the content strategy hits on a copy of the tree (new inodes and mtimes), and then trusts the copy's stat", () => {
  const dir = project();
  assert.deepEqual(counts(dir), { hits: 0, misses: FILES });
  // A fresh checkout at the same place, the cache restored: the same content under other stats.
  const away = tempDir();
  cpSync(dir, away, { recursive: true });
  rmSync(dir, { recursive: true });
  cpSync(away, dir, { recursive: true });
  const file = join(dir, "clean.actions.json");
  utimesSync(file, HOUR_AGO, HOUR_AGO);
  const copied = Object.entries(cacheEntries(dir)).find(([path]) => path.endsWith("/clean.actions.json"))?.[1].stat;
  assert.notEqual(copied, statKey(file));
  assert.deepEqual(counts(dir), { hits: FILES, misses: 0 });
  // The hit recorded the stat it was found under; a run after it writes nothing.
  assert.equal(Object.entries(cacheEntries(dir)).find(([path]) => path.endsWith("/clean.actions.json"))?.[1].stat, statKey(file));
  const written = readFileSync(join(dir, CACHE), "utf8");
  assert.deepEqual(counts(dir), { hits: FILES, misses: 0 });
  assert.equal(readFileSync(join(dir, CACHE), "utf8"), written);
});

test("the content strategy hashes a file modified in the racy window again, whatever its stat, and reads no file outside it", () => {
  const dir = project();
  const file = join(dir, "clean.actions.json");
  assert.deepEqual(counts(dir), { hits: 0, misses: FILES });
  // An edit in the same timestamp tick as the hash would leave the stat as it was: the cache is
  // given the edited file's stat to stand for that, and the file, modified just now, is racy.
  writeFileSync(file, '{ "find": { "description": "Find", "propertes": {} } }\n');
  editEntry(dir, "clean.actions.json", (entry) => (entry.stat = statKey(file)));
  assert.deepEqual(counts(dir), { hits: FILES - 1, misses: 1 });

  // The same, with the cache written an hour after the file's mtime: its stat is trusted, and
  // the file is not read (the kept lint, of the text before, is reported).
  writeFileSync(file, '{ "find": { "description": "Find", "properties": {} } }\n');
  editEntry(dir, "clean.actions.json", (entry) => (entry.stat = statKey(file)));
  const later = new Date(statSync(file).mtimeMs + 3_600_000);
  utimesSync(join(dir, CACHE), later, later);
  const run = JSON.parse(wymcpLint(dir, ["--cache", "--format", "json", "."]).stdout) as { files: { file: string; offences: { code: string }[] }[]; summary: { cache: unknown } };
  assert.deepEqual(run.summary.cache, { hits: FILES, misses: 0 });
  assert.deepEqual(
    run.files.find((f) => f.file === "./clean.actions.json")?.offences.map((o) => o.code),
    ["unknown-key", "missing-key"],
  );
});

test("a run that writes the cache drops the stat of each racy entry it did not look up", () => {
  const dir = project();
  assert.deepEqual(counts(dir), { hits: 0, misses: FILES });
  assert.ok(Object.values(cacheEntries(dir)).every((entry) => entry.stat !== undefined));
  // Every file is racy (just written); a run over one file that changed writes the cache, whose
  // racy window then moves past files nothing hashed since.
  writeFileSync(join(dir, "clean.actions.json"), '{ "find": { "description": "Find things", "properties": {} } }\n');
  assert.deepEqual(counts(dir, ["clean.actions.json"]), { hits: 0, misses: 1 });
  const entries = Object.entries(cacheEntries(dir));
  assert.deepEqual(
    entries.filter(([, entry]) => entry.stat !== undefined).map(([path]) => path.slice(path.lastIndexOf("/") + 1)),
    ["clean.actions.json"],
  );
  assert.deepEqual(counts(dir), { hits: FILES, misses: 0 });
});

test("a run whose files all hit loads none of the checks (the bundle's chunk of core/chain.ts)", () => {
  const dir = tempDir();
  writeFileSync(join(dir, "clean.actions.json"), '{ "find": { "description": "Find", "properties": {} } }\n');
  /** The bundle's chunks a --cache run evaluates, as its loader traces them (WYMCP_LINT_TRACE=chunks). */
  const loaded = (): string[] => {
    const run = spawnSync(process.execPath, [BIN, "--cache", "--format", "json", "."], { cwd: dir, env: { ...process.env, WYMCP_LINT_TRACE: "chunks" }, encoding: "utf8" });
    return [...run.stderr.matchAll(/^wymcp-lint: trace: chunk (\S+\.cjs) /gm)].map((match) => repoPath(`dist/bundle/${match[1] as string}`));
  };
  // The chunk that defines the chain's actionSchemaDrafts (a bundler may suffix a name it renames).
  const holdsChain = (file: string): boolean => /\bfunction actionSchemaDrafts(?:\$\d+)?\(/.test(readFileSync(file, "utf8"));
  const cold = loaded();
  assert.ok(cold.some(holdsChain), "a cold run loads the chain");
  assert.deepEqual(loaded().filter(holdsChain), []);
});

test("duplicate-tool is found again every run from the kept tool names", () => {
  const dir = project();
  const duplicated = (): string[] =>
    (JSON.parse(wymcpLint(dir, ["--cache", "--format", "json", "."]).stdout) as { files: { file: string; offences: { code: string }[] }[] }).files
      .filter((f) => f.offences.some((o) => o.code === "duplicate-tool"))
      .map((f) => f.file);
  assert.deepEqual(duplicated(), ["./server/orders.actions.json5"]);
  assert.deepEqual(duplicated(), ["./server/orders.actions.json5"]);
  // The owner of the name gone, the other file, a hit, has no duplicate any more.
  rmSync(join(dir, "server", "orders.actions.json"));
  const run = JSON.parse(wymcpLint(dir, ["--cache", "--format", "json", "."]).stdout) as { files: { file: string; offences: unknown[] }[]; summary: { cache: unknown } };
  assert.deepEqual(run.summary.cache, { hits: FILES - 1, misses: 0 });
  assert.deepEqual(run.files.find((f) => f.file === "./server/orders.actions.json5")?.offences, []);
});

test("the cache flags apply only where a cache can: files, with --cache", () => {
  const dir = project();
  const usage = (args: readonly string[]): string => {
    const run = wymcpLint(dir, args);
    assert.equal(run.code, 2, args.join(" "));
    return run.stderr;
  };
  assert.match(usage(["--cache-location", "x", "."]), /--cache-location names the cache file of --cache; give --cache too/);
  assert.match(usage(["--cache-strategy", "metadata", "."]), /--cache-strategy says how --cache tells a file unchanged; give --cache too/);
  assert.match(usage(["--cache", "--cache-strategy", "mtime", "."]), /--cache-strategy must be content or metadata; got "mtime"/);
  assert.match(usage(["--cache", "--stdin", "--stdin-filename", "a.actions.json"]), /--cache applies only to files/);
  // --cache-location naming a directory puts the cache file in it.
  mkdirSync(join(dir, "caches"));
  assert.deepEqual(counts(dir, ["--cache-location", "caches", "."]), { hits: 0, misses: FILES });
  assert.ok(readFileSync(join(dir, "caches", CACHE), "utf8").length > 0);
});

test("a rebuild of the linter at the same version holds nothing of the cache the old build wrote", () => {
  // A copy of the built package whose bundle can be changed, as `npm run build` or a patched install changes it.
  const linter = tempDir();
  for (const part of ["bin", "package.json", join("dist", "bundle")]) cpSync(repoPath(part), join(linter, part), { recursive: true });
  for (const part of ["node_modules", "vendor"]) symlinkSync(repoPath(part), join(linter, part));
  const bin = join(linter, "bin", "wymcp-lint.js");
  const dir = project();
  assert.deepEqual(counts(dir, ["."], bin), { hits: 0, misses: FILES });
  assert.deepEqual(counts(dir, ["."], bin), { hits: FILES, misses: 0 });
  const version = (JSON.parse(JSON.parse(readFileSync(join(dir, CACHE), "utf8")).key) as { version: string }).version;

  appendFileSync(join(linter, "dist", "bundle", "cli.cjs"), "\n// rebuilt\n");
  assert.deepEqual(counts(dir, ["."], bin), { hits: 0, misses: FILES });
  assert.deepEqual(counts(dir, ["."], bin), { hits: FILES, misses: 0 });
  assert.equal((JSON.parse(JSON.parse(readFileSync(join(dir, CACHE), "utf8")).key) as { version: string }).version, version);
  // So is a file the module processes run, which the CLI itself never loads.
  appendFileSync(join(linter, "dist", "bundle", "child", "main.js"), "\n// rebuilt\n");
  assert.deepEqual(counts(dir, ["."], bin), { hits: 0, misses: FILES });
  assert.deepEqual(counts(dir, ["."], bin), { hits: FILES, misses: 0 });
  // The code cache is made from the chunks and changes no result: another one keeps every hit.
  appendFileSync(join(linter, "dist", "bundle", "code-cache", "cli.cjs.cache"), "another cache");
  assert.deepEqual(counts(dir, ["."], bin), { hits: FILES, misses: 0 });
});
