// The config through the CLI: found from a subdirectory, --config FILE and
// --no-config, severities from rules and overrides in every format with the exit code they
// give, and a broken config as a usage error (exit 2) before anything is linted. Expected
// reports sit beside the fixture as expected.<format>.txt (UPDATE_GOLDEN=1 rewrites them).

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { cli, summary, tempDir, untimed } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const CONFIG = repoPath("test/fixtures/config");
const SEVERITIES = join(CONFIG, "severities");
const UPDATE = process.env["UPDATE_GOLDEN"] === "1";

function golden(dir: string, name: string, actual: string): void {
  const file = join(dir, name);
  if (UPDATE) writeFileSync(file, actual);
  assert.equal(actual, readFileSync(file, "utf8"), `${name} differs; rerun with UPDATE_GOLDEN=1 if the change is intended`);
}

/** The report with its time fixed (text and github end with "(N.NN s)"). */
const fixed = (report: string): string => untimed(report);

for (const format of ["text", "json", "github"] as const) {
  test(`severities from the config's rules and overrides, in the ${format} format, exit 1 for the errors left`, async () => {
    const { code, stdout, stderr } = await cli(["--format", format], { cwd: SEVERITIES });
    assert.equal(stderr, "");
    assert.equal(code, 1);
    golden(SEVERITIES, `expected.${format}.txt`, fixed(stdout));
  });
}

test("severities from the config in the sarif format: each result's level", async () => {
  const { code, stdout } = await cli(["--format", "sarif"], { cwd: SEVERITIES });
  assert.equal(code, 1);
  const results = JSON.parse(stdout).runs[0].results as { ruleId: string; level: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[];
  assert.deepEqual(
    results.map((r) => [r.locations[0]?.physicalLocation.artifactLocation.uri, r.ruleId, r.level]),
    [
      ["legacy/old.actions.json", "unknown-key", "error"],
      ["tools/search.actions.json", "unknown-key", "warning"],
      ["tools/search.actions.json", "undeclared", "error"],
    ],
  );
});

test("the config is found from a subdirectory: globs stay relative to the config's directory", async () => {
  const { stdout } = await cli(["--format", "json", ".."], { cwd: join(SEVERITIES, "sub") });
  const report = JSON.parse(stdout);
  assert.deepEqual(
    report.files.flatMap((f: { file: string; offences: { code: string; severity: string }[] }) => f.offences.map((o) => [f.file, o.code, o.severity])),
    [
      ["../legacy/old.actions.json", "unknown-key", "error"],
      ["../tools/search.actions.json", "unknown-key", "warn"],
      ["../tools/search.actions.json", "undeclared", "error"],
    ],
  );
});

test("--no-config: every code at its default severity, as before any config", async () => {
  const { code, stdout } = await cli(["--no-config"], { cwd: SEVERITIES });
  assert.equal(code, 1);
  assert.equal(summary(stdout), "2 files, 4 actions: 4 offences (T s)");
  assert.doesNotMatch(stdout, /warning/);
});

test("--config FILE: that file instead of the one found, relative to the current directory", async () => {
  const { code, stdout } = await cli(["--config", "../warnings-only/wymcp-lint.config.json", "--format", "json"], { cwd: SEVERITIES });
  assert.equal(code, 1);
  const report = JSON.parse(stdout);
  // warnings-only's config sets unknown-key to warn and nothing else: missing-key is back.
  assert.deepEqual(report.summary, { files: 2, actions: 4, offences: 4, errors: 2, warnings: 2 });
});

test("a config of warnings only: exit 0, and 1 past --max-warnings", async () => {
  const cwd = join(CONFIG, "warnings-only");
  const clean = await cli([], { cwd });
  assert.equal(clean.code, 0);
  assert.equal(summary(clean.stdout), "1 file, 1 action: 1 offence: 0 errors, 1 warning (T s)");
  const strict = await cli(["--max-warnings", "0"], { cwd });
  assert.equal(strict.code, 1);
});

test("a broken config is a usage error (exit 2) naming the place, before anything is linted", async () => {
  const { code, stdout, stderr } = await cli([], { cwd: join(CONFIG, "errors/unknown-code") });
  assert.equal(code, 2);
  assert.equal(stdout, "");
  assert.equal(
    stderr,
    'wymcp-lint: error: the config file has a mistake:\n  wymcp-lint.config.json:3:5: rules["unknwon-key"]: "unknwon-key" is not an offence code; did you mean "unknown-key"?\n',
  );
});

test("a config's mistakes are listed in the file's order, by line and column, whatever order they are checked in", async () => {
  const cwd = tempDir();
  writeFileSync(join(cwd, "search.actions.json"), '{"search": {"description": "Search", "properties": {}}}\n');
  writeFileSync(join(cwd, "wymcp-lint.config.json"), '{\n  "overrides": [{ "files": 5 }],\n  "bogus": 1,\n  "rules": { "unknown-key": "wrn" }\n}\n');
  const { code, stderr } = await cli([], { cwd });
  assert.equal(code, 2);
  assert.deepEqual(
    stderr.split("\n").flatMap((line) => /^ {2}wymcp-lint\.config\.json:(\d+:\d+): /.exec(line)?.[1] ?? []),
    ["2:17", "2:28", "3:3", "4:29"],
  );
});

test("--config naming no file, or an empty name, is a usage error", async () => {
  const missing = await cli(["--config", "nope.json"], { cwd: SEVERITIES });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--config "nope\.json": no such file/);
  const empty = await cli(["--config="], { cwd: SEVERITIES });
  assert.equal(empty.code, 2);
});

test('--config FILE accepts a package.json: its "wymcp-lint" key', async () => {
  const { code, stderr } = await cli(["--config", "errors/package-json/package.json", "."], { cwd: CONFIG });
  assert.equal(code, 2);
  assert.match(stderr, /\["wymcp-lint"\]\.rules\.cycles: "cycles" is not an offence code; did you mean "cycle"\?/);
});

/** A repository holding a clean action file in tools/, a subdirectory a/b/ to run in, and `files`. */
function repository(files: Record<string, string>): string {
  const root = tempDir();
  mkdirSync(join(root, ".git"));
  mkdirSync(join(root, "a/b/tools"), { recursive: true });
  writeFileSync(join(root, "a/b/tools/t.actions.json"), '{"one": {"description": "x", "properties": {}, "required": ["nope"]}}');
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  return root;
}

test("a package.json the config search meets that does not parse is a usage error naming it, not passed by", async () => {
  // Passed by, the parent's config would turn "undeclared" off and the run would pass.
  const root = repository({ "package.json": '{"wymcp-lint": {"rules": {"undeclared": "off"}}}', "a/package.json": "{ not json" });
  const { code, stdout, stderr } = await cli(["tools"], { cwd: join(root, "a/b") });
  assert.equal(code, 2);
  assert.equal(stdout, "");
  assert.match(
    stderr,
    /^wymcp-lint: error: "\/[^"]*\/a\/package\.json" is not valid JSON \(.+\), so whether it holds a "wymcp-lint" config is unknown; fix it, or name a config with --config FILE, or none with --no-config\.\n$/,
  );
  // --no-config does not search, so it still lints.
  assert.equal((await cli(["tools", "--no-config"], { cwd: join(root, "a/b") })).code, 1);
});

test("a FIFO named like a config file is a usage error naming it (neither read nor passed by)", async () => {
  const root = repository({});
  execFileSync("mkfifo", [join(root, "a/wymcp-lint.config.json")]);
  const { code, stderr } = await cli(["tools"], { cwd: join(root, "a/b") });
  assert.equal(code, 2);
  assert.match(stderr, /^wymcp-lint: error: "\/[^"]*\/a\/wymcp-lint\.config\.json" is a FIFO, not a regular file; /);
  const named = await cli(["tools", "--config", "../wymcp-lint.config.json"], { cwd: join(root, "a/b") });
  assert.equal(named.code, 2);
  assert.match(named.stderr, / is a FIFO, not a regular file; /);
});

test("an override glob with more '*' in one segment than the bound is a config mistake at once, not a match that hangs", async () => {
  const root = repository({ "wymcp-lint.config.json": JSON.stringify({ overrides: [{ files: ["*a*a*a*a*b*", "src/**/*.tool.ts"], rules: { undeclared: "off" } }] }) });
  writeFileSync(join(root, "a/b/tools", `${"a".repeat(200)}.actions.json`), '{"x": {"description": "x", "properties": {}}}');
  const { code, stdout, stderr } = await cli(["tools"], { cwd: join(root, "a/b") });
  assert.equal(code, 2);
  assert.equal(stdout, "");
  assert.match(
    stderr,
    /^wymcp-lint: error: the config file has a mistake:\n {2}\S+wymcp-lint\.config\.json:1:\d+: overrides\[0\]\.files\[0\]: the path segment "\*a\*a\*a\*a\*b\*" has 6 "\*" wildcards, more than the 4 allowed \(matching such a glob can take exponential time\); write it with fewer, or as several globs\n$/,
  );
  // Four are allowed, and "**" segments do not count: the run lints (t.actions.json's undeclared stays an error).
  writeFileSync(join(root, "wymcp-lint.config.json"), JSON.stringify({ overrides: [{ files: ["**/*a*a*b*/**"], rules: { undeclared: "off" } }] }));
  assert.equal((await cli(["tools"], { cwd: join(root, "a/b") })).code, 1);
});

test("a config with more ignore globs than the documented bound is refused with exit 2, before any search", async () => {
  const root = repository({ "wymcp-lint.config.json": JSON.stringify({ ignore: Array.from({ length: 1_000_001 }, (_, i) => `gen${i}/`) }) });
  const { code, stderr } = await cli(["tools"], { cwd: join(root, "a/b") });
  assert.equal(code, 2);
  assert.match(stderr, /: ignore: holds 1000001 globs, more than the 1000 allowed; match a directory with one glob \("generated\/\*\*"\) rather than each file\n$/);
  // At the bound, the run lints (the globs are compiled once).
  writeFileSync(join(root, "wymcp-lint.config.json"), JSON.stringify({ ignore: Array.from({ length: 1000 }, (_, i) => `gen${i}/`) }));
  assert.equal((await cli(["tools"], { cwd: join(root, "a/b") })).code, 1);
});

test("the config's clients choose whose limits are reported; without it, every client's", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "orders.tools.json"), JSON.stringify({ tools: [{ name: "orders.search", description: "Search the orders", inputSchema: { type: "object" } }] }));
  const clientsOf = async (config: unknown): Promise<string[]> => {
    if (config !== undefined) writeFileSync(join(dir, "wymcp-lint.config.json"), JSON.stringify(config));
    const { code, stdout } = await cli(["--format", "json", "orders.tools.json"], { cwd: dir });
    assert.equal(code, 0, "client limits are warnings");
    const report = JSON.parse(stdout) as { files: { offences: { code: string; client?: string }[] }[] };
    return report.files.flatMap((f) => f.offences.filter((o) => o.code === "client-limit").map((o) => o.client as string));
  };
  assert.deepEqual(await clientsOf(undefined), ["anthropic", "openai"]);
  assert.deepEqual(await clientsOf({ clients: ["openai", "cursor"] }), ["openai"]);
  assert.deepEqual(await clientsOf({ clients: [] }), []);
  assert.deepEqual(await clientsOf({ clients: ["gemini"], rules: { "client-limit": "error" } }), []);
});
