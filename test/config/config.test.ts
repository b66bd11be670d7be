// The config file: discovery (upward from the start directory, stopping at the
// repository root; package.json's key; two files in one directory), every kind of mistake
// (fixtures in test/fixtures/config/errors: the config beside the exact usage error),
// overrides, and the JSON Schema against the lists the loader checks.

import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Ajv } from "ajv";
import { CONFIG_KEYS, OVERRIDE_KEYS } from "../../src/config/config.js";
import { findConfig } from "../../src/config/find.js";
import { loadConfig } from "../../src/config/load.js";
import { codeSeveritiesFor } from "../../src/config/severity-rules.js";
import { configSchema } from "../../src/config/schema.js";
import { OFFENCE_CODES, SEVERITY_SETTINGS } from "../../src/core/codes.js";
import { UsageError } from "../../src/usage-error.js";
import { tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const ERRORS = repoPath("test/fixtures/config/errors");

/** A directory tree from { "a/b.json": "text" }; a path ending in "/" is a directory. */
function tree(files: Record<string, string>): string {
  const root = tempDir();
  for (const [path, text] of Object.entries(files)) {
    const full = join(root, path);
    if (path.endsWith("/")) {
      mkdirSync(full, { recursive: true });
    } else {
      mkdirSync(join(full, ".."), { recursive: true });
      writeFileSync(full, text);
    }
  }
  return root;
}

const RULES = '{ "rules": { "unknown-key": "warn" } }';

test("discovery: the nearest config upward from the start directory", () => {
  const root = tree({ ".git/": "", "wymcp-lint.config.json": RULES, "servers/a/wymcp-lint.config.json5": RULES, "servers/a/tools/x/": "" });
  assert.deepEqual(findConfig(join(root, "servers/a/tools/x")), { file: join(root, "servers/a/wymcp-lint.config.json5"), within: [] });
  assert.deepEqual(findConfig(join(root, "servers")), { file: join(root, "wymcp-lint.config.json"), within: [] });
});

test("discovery stops at the repository root (a .git directory or file)", () => {
  for (const git of [".git/", ".git"]) {
    const root = tree({ "wymcp-lint.config.json": RULES, [`repo/${git}`]: "gitdir: elsewhere", "repo/src/": "" });
    assert.equal(findConfig(join(root, "repo/src")), null, git);
    assert.equal(findConfig(join(root, "repo")), null, git);
  }
});

test('discovery: package.json\'s "wymcp-lint" key; a package.json without it is passed by', async () => {
  const root = tree({
    ".git/": "",
    "package.json": `{ "name": "x", "wymcp-lint": ${RULES} }`,
    "a/package.json": '{ "name": "a" }',
    "a/b/c/": "",
  });
  assert.deepEqual(findConfig(join(root, "a/b/c")), { file: join(root, "package.json"), within: ["wymcp-lint"] });
  const config = await loadConfig({ file: join(root, "package.json"), within: ["wymcp-lint"] }, root);
  assert.deepEqual(config.rules, { "unknown-key": "warn" });
});

test("discovery: a config file comes before package.json's key in one directory; two config files are a usage error", () => {
  const root = tree({ ".git/": "", "package.json": `{ "wymcp-lint": {} }`, "wymcp-lint.config.json": RULES });
  assert.deepEqual(findConfig(root), { file: join(root, "wymcp-lint.config.json"), within: [] });
  writeFileSync(join(root, "wymcp-lint.config.json5"), RULES);
  assert.throws(
    () => findConfig(root),
    (error: unknown) => error instanceof UsageError && /are both config files of one directory/.test(error.message),
  );
});

for (const name of readdirSync(ERRORS).sort()) {
  test(`config mistake ${name}: a usage error naming each place and the close match`, async () => {
    const dir = join(ERRORS, name);
    const expected = readFileSync(join(dir, "expected.txt"), "utf8").trimEnd();
    const location = findConfig(dir);
    assert.ok(location !== null);
    await assert.rejects(loadConfig(location, dir), (error: unknown) => error instanceof UsageError && error.message === expected);
  });
}

test("a config that checks: every key read, paths resolved against its directory", async () => {
  const root = tree({
    ".git/": "",
    "wymcp-lint.config.json5": `{
      $schema: "./node_modules/wymcp-lint/schemas/config.schema.json",
      ignore: ["dist/**"],
      rules: { "unknown-key": "warn" },
      overrides: [{ files: ["legacy/**"], rules: { "unknown-key": "off" } }],
      baseline: "ci/baseline.json",
      clients: ["claude-code", "cursor"],
      tokens: { tool: 1500 },
      formats: "assert",
      elixir: { evaluate: true, mix: "tools/mix" },
    }`,
  });
  const config = await loadConfig({ file: join(root, "wymcp-lint.config.json5"), within: [] }, root);
  assert.deepEqual(
    { ...config },
    {
      file: join(root, "wymcp-lint.config.json5"),
      dir: root,
      ignore: ["dist/**"],
      rules: { "unknown-key": "warn" },
      overrides: [{ files: ["legacy/**"], rules: { "unknown-key": "off" } }],
      baseline: join(root, "ci/baseline.json"),
      clients: ["claude-code", "cursor"],
      tokens: { tool: 1500 },
      formats: "assert",
      elixir: { evaluate: true, mix: "tools/mix", timeoutSeconds: 300 },
    },
  );
  assert.ok(Object.isFrozen(config));
});

test("overrides: globs relative to the config's directory, later ones win, base-name globs match at any depth", async () => {
  const root = tree({
    "wymcp-lint.config.json": JSON.stringify({
      rules: { "unknown-key": "warn", "missing-key": "warn" },
      overrides: [
        { files: ["legacy/**"], rules: { "unknown-key": "off" } },
        { files: ["legacy/keep/*.json"], rules: { "unknown-key": "error" } },
        { files: ["*.tool.ts"], rules: { "missing-key": "off" } },
      ],
    }),
  });
  const forFile = codeSeveritiesFor(await loadConfig({ file: join(root, "wymcp-lint.config.json"), within: [] }, root));
  assert.deepEqual(forFile(join(root, "src/a.actions.json")), { "unknown-key": "warn", "missing-key": "warn" });
  assert.deepEqual(forFile(join(root, "legacy/old/a.actions.json")), { "unknown-key": "off", "missing-key": "warn" });
  assert.deepEqual(forFile(join(root, "legacy/keep/a.actions.json")), { "unknown-key": "error", "missing-key": "warn" });
  assert.deepEqual(forFile(join(root, "src/deep/x.tool.ts")), { "unknown-key": "warn", "missing-key": "off" });
  assert.deepEqual(forFile(join(root, ".hidden/legacy/a.json")), { "unknown-key": "warn", "missing-key": "warn" }, "a glob is anchored at the config's directory");
  assert.deepEqual(forFile(join(root, "../elsewhere/x.tool.ts")), { "unknown-key": "warn", "missing-key": "warn" }, "outside the config's directory: no override");
  assert.deepEqual(forFile(join(root, "legacy", "..", "src", "b.actions.json")), { "unknown-key": "warn", "missing-key": "warn" });
});

test("schemas/config.schema.json is configSchema() (regenerate: npm run gen)", () => {
  const committed = JSON.parse(readFileSync(repoPath("schemas/config.schema.json"), "utf8"));
  assert.deepEqual(committed, configSchema());
});

test("the schema the loader checks against holds exactly the config's keys, every offence code and the severities", () => {
  const schema = configSchema() as {
    properties: Record<string, unknown>;
    definitions: { severity: { enum: unknown[] }; rules: { properties: Record<string, unknown> } };
  };
  assert.deepEqual(Object.keys(schema.properties), [...CONFIG_KEYS]);
  assert.deepEqual(Object.keys(schema.definitions.rules.properties), [...OFFENCE_CODES]);
  assert.deepEqual(schema.definitions.severity.enum, [...SEVERITY_SETTINGS]);
  const override = (schema.properties["overrides"] as { items: { properties: Record<string, unknown> } }).items;
  assert.deepEqual(Object.keys(override.properties), [...OVERRIDE_KEYS]);
});

test("the schema and the loader agree on the fixtures: a valid config passes both, each mistake fails both", async () => {
  const { parseJson5 } = await import("../../src/text/json5-parse.js");
  const validate = new Ajv({ strict: true, allErrors: true }).compile(configSchema());
  const good = { ignore: ["dist/**"], rules: { "unknown-key": "warn" }, overrides: [{ files: ["a/**"], rules: { cycle: "off" } }], baseline: "b.json" };
  assert.equal(validate(good), true);
  assert.equal(validate({ clients: ["openai", "vscode"] }), true);
  for (const name of ["unknown-key", "unknown-code", "bad-severity", "override-shape", "package-json", "unknown-client"]) {
    const dir = join(ERRORS, name);
    const file = readdirSync(dir).find((f) => f !== "expected.txt") as string;
    let value = parseJson5(readFileSync(join(dir, file), "utf8")) as Record<string, unknown>;
    if (file === "package.json") value = value["wymcp-lint"] as Record<string, unknown>;
    assert.equal(validate(value), false, name);
  }
});
