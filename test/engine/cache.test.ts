// The result cache through the real command (docs/cli.md, "Cache"): a warm run reports exactly
// what a cold one does, in every format; the hits and misses are exactly what changed (a
// file, the config, a file a module imports, what decides how a module loads, the linter's
// version or build); a corrupt cache costs one warning and a correct report; files --fix wrote
// are linted again; duplicate-tool is found again every run. And a cache is a hint: only this
// user's signed cache is read, each entry only when it is what the linter writes, and what sits
// at the cache's place (a link, a FIFO, a package.json) is neither followed, waited for nor
// written over.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { appendFileSync, cpSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const BIN = fileURLToPath(new URL("../../bin/wymcp-lint.js", import.meta.url));
const CACHE = ".wymcp-lint-cache";
// The user's cache folder of these runs, which holds the secret the cache is signed with.
const USER_CACHE = tempDir();
const SECRET_FILE = join(USER_CACHE, "wymcp-lint", "cache-secret");

interface Spawned {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function wymcpLint(cwd: string, args: readonly string[], bin = BIN, given: NodeJS.ProcessEnv = {}): Spawned {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: USER_CACHE };
  for (const name of ["NO_COLOR", "FORCE_COLOR", "WYMCP_LINT_DEBUG", "WYMCP_LINT_CACHE_SECRET"]) delete env[name];
  Object.assign(env, given);
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, env, encoding: "utf8", timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The json report's cache counts after a --cache run of `args`. */
function counts(cwd: string, args: readonly string[] = ["."], bin = BIN): { hits: number; misses: number } {
  const run = wymcpLint(cwd, ["--cache", "--format", "json", ...args], bin);
  assert.equal(run.stderr, "");
  return (JSON.parse(run.stdout) as { summary: { cache: { hits: number; misses: number } } }).summary.cache;
}

/** What the cache file holds: its key, span and entries (the part its signature covers). */
interface CacheContents {
  key: string;
  span: number;
  files: Record<string, Record<string, unknown> & { stat?: string; lint: Record<string, unknown> }>;
}

/** The cache file's contents. */
function readCache(dir: string, file = CACHE): CacheContents {
  return (JSON.parse(readFileSync(join(dir, file), "utf8")) as { cache: CacheContents }).cache;
}

/** Writes `contents` as the cache file, signed as the linter signs it: with `secret`, the user's unless given. */
function writeCache(dir: string, contents: CacheContents, secret: Buffer = readFileSync(SECRET_FILE)): void {
  const text = JSON.stringify(contents);
  const signature = createHmac("sha256", secret).update(text).digest("hex");
  writeFileSync(join(dir, CACHE), `{"wymcp-lint-cache":4,"signature":"${signature}","cache":${text}}`);
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
  const cache = readCache(dir);
  const key = JSON.parse(cache.key) as { version: string };
  assert.notEqual(key.version, "0.0.0-older");
  writeCache(dir, { ...cache, key: JSON.stringify({ ...key, version: "0.0.0-older" }) });
  assert.deepEqual(counts(dir), { hits: 0, misses: FILES });
});

test("a cache cut short, of another format or written with another secret costs one warning and a full, correct run, and is written again", () => {
  const dir = project();
  const expected = untimed(wymcpLint(dir, ["."]).stdout);
  counts(dir);
  const whole = readFileSync(join(dir, CACHE), "utf8");
  const older = `{"wymcp-lint-cache":3,"key":"","span":0,"files":{}}`;
  for (const broken of [whole.slice(0, whole.length / 2), older, ""]) {
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
function cacheEntries(dir: string): CacheContents["files"] {
  return readCache(dir).files;
}

/** Sets the entry of the one file whose path ends in `name` as `edit` makes it, and writes the cache back, signed with `secret` (the user's unless given). */
function editEntry(dir: string, name: string, edit: (entry: CacheContents["files"][string]) => void, secret?: Buffer): void {
  const contents = readCache(dir);
  const [path] = Object.keys(contents.files).filter((file) => file.endsWith(`/${name}`));
  edit(contents.files[path as string] as CacheContents["files"][string]);
  writeCache(dir, contents, secret);
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
    const run = spawnSync(process.execPath, [BIN, "--cache", "--format", "json", "."], {
      cwd: dir,
      env: { ...process.env, XDG_CACHE_HOME: USER_CACHE, WYMCP_LINT_TRACE: "chunks" },
      encoding: "utf8",
    });
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
  const version = (JSON.parse(readCache(dir).key) as { version: string }).version;

  appendFileSync(join(linter, "dist", "bundle", "cli.cjs"), "\n// rebuilt\n");
  assert.deepEqual(counts(dir, ["."], bin), { hits: 0, misses: FILES });
  assert.deepEqual(counts(dir, ["."], bin), { hits: FILES, misses: 0 });
  assert.equal((JSON.parse(readCache(dir).key) as { version: string }).version, version);
  // So is a file the module processes run, which the CLI itself never loads.
  appendFileSync(join(linter, "dist", "bundle", "child", "main.js"), "\n// rebuilt\n");
  assert.deepEqual(counts(dir, ["."], bin), { hits: 0, misses: FILES });
  assert.deepEqual(counts(dir, ["."], bin), { hits: FILES, misses: 0 });
  // The code cache is made from the chunks and changes no result: another one keeps every hit.
  appendFileSync(join(linter, "dist", "bundle", "code-cache", "cli.cjs.cache"), "another cache");
  assert.deepEqual(counts(dir, ["."], bin), { hits: FILES, misses: 0 });
});

/** The one warning of a run, checked to say why the cache at `shown` is left alone. */
function leftAlone(run: Spawned, shown: string, why: RegExp): void {
  const lines = run.stderr.split("\n").filter((line) => line !== "");
  assert.equal(lines.length, 1, run.stderr);
  assert.ok((lines[0] as string).startsWith(`wymcp-lint: warning: the cache "${shown}" is neither used nor written over (`), lines[0]);
  assert.match(lines[0] as string, why);
}

test("the cache replaces only its own file: a link at its place (to a file outside the project) is neither followed nor replaced, and a package.json named by mistake is left as it is", () => {
  const dir = project();
  const expected = wymcpLint(dir, ["."]);
  const outside = join(tempDir(), "notes.txt");
  writeFileSync(outside, "not a cache\n");
  symlinkSync(outside, join(dir, CACHE));
  for (let i = 0; i < 2; i++) {
    const run = wymcpLint(dir, ["--cache", "."]);
    assert.deepEqual([run.code, untimed(run.stdout)], [expected.code, untimed(expected.stdout)]);
    leftAlone(run, join(dir, CACHE), /it is a symbolic link, which the cache never follows/);
  }
  assert.equal(readFileSync(outside, "utf8"), "not a cache\n");
  assert.ok(lstatSync(join(dir, CACHE)).isSymbolicLink());
  // A link to a cache is no more the cache's own than a link to anything else.
  rmSync(join(dir, CACHE));
  counts(dir, ["--cache-location", "elsewhere", "."]);
  symlinkSync(join(dir, "elsewhere"), join(dir, CACHE));
  leftAlone(wymcpLint(dir, ["--cache", "."]), join(dir, CACHE), /symbolic link/);
  assert.ok(lstatSync(join(dir, CACHE)).isSymbolicLink());
  // Nor is a link to a directory (outside the project) a directory to keep the cache in.
  rmSync(join(dir, CACHE));
  const away = tempDir();
  symlinkSync(away, join(dir, CACHE));
  leftAlone(wymcpLint(dir, ["--cache", "."]), join(dir, CACHE), /symbolic link/);
  assert.deepEqual(readdirSync(away), []);

  const manifest = readFileSync(join(dir, "package.json"));
  for (let i = 0; i < 2; i++) {
    const run = wymcpLint(dir, ["--cache", "--cache-location", "package.json", "."]);
    assert.deepEqual([run.code, untimed(run.stdout)], [expected.code, untimed(expected.stdout)]);
    leftAlone(run, join(dir, "package.json"), /it is not a wymcp-lint cache/);
  }
  assert.deepEqual(readFileSync(join(dir, "package.json")), manifest);
});

test("what sits at the cache's place is never waited for nor read without end: a FIFO, a link to /dev/zero, a link that loops, a device named", () => {
  const dir = project();
  const expected = wymcpLint(dir, ["."]);
  assert.equal(spawnSync("mkfifo", [join(dir, "fifo")]).status, 0);
  symlinkSync("/dev/zero", join(dir, "zero"));
  symlinkSync("loop", join(dir, "loop"));
  for (const [location, why] of [
    ["fifo", /it is a FIFO, not a regular file/],
    ["zero", /it is a symbolic link/],
    ["loop", /it is a symbolic link/],
    ["/dev/zero", /it is a character device, not a regular file/],
  ] as const) {
    const run = wymcpLint(dir, ["--cache", "--cache-location", location, "."]);
    assert.deepEqual([run.code, untimed(run.stdout)], [expected.code, untimed(expected.stdout)], location);
    leftAlone(run, location.startsWith("/") ? location : join(dir, location), why);
  }
  assert.ok(lstatSync(join(dir, "fifo")).isFIFO());
  assert.ok(lstatSync(join(dir, "zero")).isSymbolicLink());
});

test("a cache is a hint: an entry that is not what the linter writes is linted again, even signed; an entry not signed with the user's secret holds nothing", () => {
  const dir = project();
  const expected = wymcpLint(dir, ["."]);
  counts(dir);
  const forgeries: readonly [string, (entry: CacheContents["files"][string]) => void][] = [
    ["a null offence", (entry) => (entry.lint["offences"] as unknown[]).push(null)],
    ["a message with raw escapes", (entry) => (((entry.lint["offences"] as { message: string }[])[0] as { message: string }).message = "\u001b[2J\n::error file=x::forged")],
    ["a location that is not its path", (entry) => (((entry.lint["offences"] as { location: string }[])[0] as { location: string }).location = "\u001b[31m")],
    ["an unknown code", (entry) => (((entry.lint["offences"] as { code: string }[])[0] as { code: string }).code = "no-such-code")],
  ];
  for (const [what, forge] of forgeries) {
    editEntry(dir, "broken.actions.json", forge);
    const run = wymcpLint(dir, ["--cache", "--format", "json", "."]);
    const report = JSON.parse(run.stdout) as { files: { file: string; offences: { code: string }[] }[]; summary: { cache: unknown } };
    assert.equal(run.code, 1, what);
    assert.deepEqual(report.summary.cache, { hits: FILES - 1, misses: 1 }, what);
    assert.deepEqual(
      report.files.find((f) => f.file === "./broken.actions.json")?.offences.map((o) => o.code),
      ["unknown-key", "missing-key"],
      what,
    );
    assert.match(
      run.stderr,
      /^wymcp-lint: warning: the cache ".*" has entries that are not what the linter writes \(the first for ".*broken\.actions\.json"\); their files are linted again\n$/,
      what,
    );
    assert.deepEqual(counts(dir), { hits: FILES, misses: 0 }, what);
  }
  // A clean entry forged for a broken file is an entry like any other: only the secret keeps it out.
  const other = Buffer.alloc(32, 7);
  editEntry(dir, "broken.actions.json", (entry) => (entry.lint["offences"] = []), other);
  const forged = wymcpLint(dir, ["--cache", "."]);
  assert.deepEqual([forged.code, untimed(forged.stdout)], [1, untimed(expected.stdout)]);
  assert.match(
    forged.stderr,
    /^wymcp-lint: warning: the cache ".*" cannot be used \(it does not carry this user's signature \(written elsewhere, or edited\)\); linting every file, and writing it again\n$/,
  );
  assert.deepEqual(counts(dir), { hits: FILES, misses: 0 });
  // The same edit, unsigned.
  const contents = readFileSync(join(dir, CACHE), "utf8");
  writeFileSync(join(dir, CACHE), contents.replace(/"offences":\[[^\]]*"propertes"[^\]]*\]/, '"offences":[]'));
  assert.notEqual(readFileSync(join(dir, CACHE), "utf8"), contents);
  const edited = wymcpLint(dir, ["--cache", "."]);
  assert.deepEqual([edited.code, untimed(edited.stdout)], [1, untimed(expected.stdout)]);
  assert.match(edited.stderr, /does not carry this user's signature/);
  // The secret is the user's alone.
  assert.equal(statSync(SECRET_FILE).mode & 0o777, 0o600);
  assert.equal(statSync(dirname(SECRET_FILE)).mode & 0o777, 0o700);
});

test("a cache signed with WYMCP_LINT_CACHE_SECRET is read wherever that secret is given (a CI cache on another machine), and nowhere else", () => {
  const dir = project();
  const expected = wymcpLint(dir, ["."]);
  const secret = "0123456789abcdef0123456789abcdef";
  // Two machines: each has its own user cache folder, so its own secret file.
  const [first, second] = [tempDir(), tempDir()];
  const on = (machine: string, extra: NodeJS.ProcessEnv = {}): Spawned => wymcpLint(dir, ["--cache", "--format", "json", "."], BIN, { XDG_CACHE_HOME: machine, ...extra });
  const cache = (run: Spawned): unknown => (JSON.parse(run.stdout) as { summary: { cache: unknown } }).summary.cache;
  assert.deepEqual(cache(on(first, { WYMCP_LINT_CACHE_SECRET: secret })), { hits: 0, misses: FILES });
  const warm = on(second, { WYMCP_LINT_CACHE_SECRET: secret });
  assert.deepEqual([warm.stderr, cache(warm)], ["", { hits: FILES, misses: 0 }]);
  // The secret given stands in for the file: none is made.
  assert.deepEqual(
    [first, second].map((machine) => readdirSync(machine)),
    [[], []],
  );
  // Without it, or with another, the cache is not this run's.
  const without = on(second);
  assert.match(without.stderr, /does not carry this user's signature/);
  assert.deepEqual(cache(without), { hits: 0, misses: FILES });
  const other = on(first, { WYMCP_LINT_CACHE_SECRET: `${secret}0` });
  assert.match(other.stderr, /does not carry this user's signature/);
  // A secret too short to keep a forger out is refused, not used: the run lints every file.
  const short = wymcpLint(dir, ["--cache", "."], BIN, { XDG_CACHE_HOME: second, WYMCP_LINT_CACHE_SECRET: "hunter2" });
  assert.deepEqual([short.code, untimed(short.stdout)], [expected.code, untimed(expected.stdout)]);
  assert.match(
    short.stderr,
    /^wymcp-lint: warning: the cache ".*" is not used: there is no secret to sign it with \(WYMCP_LINT_CACHE_SECRET has 7 characters, fewer than 32\); linting every file\n$/,
  );
});

test("a module's result is kept only while what decides how it loads is unchanged: package.json's type, a package.json made closer, the tsconfig", () => {
  const dir = tempDir();
  writeFileSync(join(dir, "package.json"), '{ "name": "tools", "version": "1.0.0" }\n');
  mkdirSync(join(dir, "tools"));
  // CommonJS: loads only while no package.json says "type": "module".
  writeFileSync(
    join(dir, "tools", "search.tool.js"),
    'module.exports = { name: "search", description: "Search", actions: () => ({ find: { description: "Find", properties: {} } }) };\n',
  );
  writeFileSync(join(dir, "tools", "notes.tool.ts"), 'export default { name: "notes", description: "Notes", actions: () => ({ add: { description: "Add", properties: {} } }) };\n');
  const run = (): { code: number | null; cache: { hits: number; misses: number }; codes: Record<string, string[]> } => {
    const spawned = wymcpLint(dir, ["--cache", "--format", "json", "tools"]);
    assert.equal(spawned.stderr, "");
    const report = JSON.parse(spawned.stdout) as { files: { file: string; offences: { code: string }[] }[]; summary: { cache: { hits: number; misses: number } } };
    return { code: spawned.code, cache: report.summary.cache, codes: Object.fromEntries(report.files.map((f) => [f.file, f.offences.map((o) => o.code)])) };
  };
  const clean = { "tools/notes.tool.ts": [], "tools/search.tool.js": [] };
  assert.deepEqual(run(), { code: 0, cache: { hits: 0, misses: 2 }, codes: clean });
  assert.deepEqual(run().cache, { hits: 2, misses: 0 });
  // A version and a script change nothing of how a module loads.
  writeFileSync(join(dir, "package.json"), '{ "name": "tools", "version": "1.0.1", "scripts": { "x": "y" } }\n');
  assert.deepEqual(run().cache, { hits: 2, misses: 0 });
  writeFileSync(join(dir, "package.json"), '{ "name": "tools", "version": "1.0.1", "type": "module" }\n');
  assert.deepEqual(run(), { code: 1, cache: { hits: 0, misses: 2 }, codes: { "tools/notes.tool.ts": [], "tools/search.tool.js": ["load-error"] } });
  assert.deepEqual(run().cache, { hits: 2, misses: 0 });
  // A package.json made closer decides from then on.
  writeFileSync(join(dir, "tools", "package.json"), '{ "type": "commonjs" }\n');
  assert.deepEqual(run(), { code: 0, cache: { hits: 0, misses: 2 }, codes: clean });
  // A TypeScript module's tsconfig, made or changed, and what it extends.
  writeFileSync(join(dir, "tsconfig.json"), '{ "extends": "./tsconfig.base.json" }\n');
  assert.deepEqual(run().cache, { hits: 1, misses: 1 });
  assert.deepEqual(run().cache, { hits: 2, misses: 0 });
  writeFileSync(join(dir, "tsconfig.base.json"), '{ "compilerOptions": { "experimentalDecorators": true } }\n');
  assert.deepEqual(run().cache, { hits: 1, misses: 1 });
  assert.deepEqual(run().cache, { hits: 2, misses: 0 });
});
