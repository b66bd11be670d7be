// The VS Code extension (editors/vscode/): its manifest says what the extension offers and
// points at files the build ships; where its build tools are installed (npm ci in
// editors/vscode), the .vsix is built and holds them: the client alone with nothing an
// earlier build left, or, bundled with the linter, for one platform, whose native parts alone
// it carries. test/editors/code-server.test.ts runs it in a real VS Code.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { repoPath } from "../support/paths.js";

const DIR = repoPath("editors/vscode");
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-lint-vsix-test-"));
  dirs.push(dir);
  return dir;
}
const manifest = JSON.parse(readFileSync(`${DIR}/package.json`, "utf8")) as {
  main: string;
  engines: { vscode: string };
  activationEvents: string[];
  dependencies: Record<string, string>;
  contributes: {
    configuration: { properties: Record<string, { default: unknown; enum?: string[] }> };
    commands: { command: string }[];
    jsonValidation: { fileMatch: string; url: string }[];
  };
};

test("the manifest: a thin vscode-languageclient client with its settings, commands, every kind the server lints, and a completion schema", () => {
  assert.equal(manifest.main, "./dist/extension.js");
  assert.ok(manifest.dependencies["vscode-languageclient"]);
  assert.match(manifest.engines.vscode, /^\^1\.\d+\.\d+$/);
  const settings = manifest.contributes.configuration.properties;
  assert.deepEqual(Object.keys(settings).sort(), ["wymcp-lint.debounceMs", "wymcp-lint.enable", "wymcp-lint.loadTimeout", "wymcp-lint.path", "wymcp-lint.run"]);
  assert.deepEqual(settings["wymcp-lint.run"]?.enum, ["onType", "onSave"]);
  // The server's own defaults (docs/editors.md, the CLI's --load-timeout).
  assert.equal(settings["wymcp-lint.debounceMs"]?.default, 150);
  assert.equal(settings["wymcp-lint.loadTimeout"]?.default, 10);
  assert.deepEqual(
    manifest.contributes.commands.map((c) => c.command),
    ["wymcp-lint.fixAll", "wymcp-lint.restart", "wymcp-lint.showOutput"],
  );
  // Completion and hover docs only: the linter reports each offence once, the schema none.
  assert.deepEqual(manifest.contributes.jsonValidation, [{ fileMatch: "*.actions.json", url: "./schemas/action-file.completion.json" }]);
  // Every command the client registers is contributed, and the other way round.
  const client = readFileSync(`${DIR}/src/extension.js`, "utf8");
  const registered = [...client.matchAll(/registerCommand\("([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(registered.sort(), manifest.contributes.commands.map((c) => c.command).sort());
  // Every kind of file the server lints is in the selector and wakes the extension.
  for (const pattern of ["**/*.actions.json", "**/*.actions.json5", "**/*.tools.json", "**/*.tools.json5", "**/*.tool.{js,mjs,cjs,ts,mts,cts}", "**/*.{ex,exs}"]) {
    assert.ok(client.includes(`"${pattern}"`), `${pattern} in the document selector`);
    assert.ok(manifest.activationEvents.includes(`workspaceContains:${pattern}`), `${pattern} in the activation events`);
  }
  // A log channel, which the language client needs for its own log.
  assert.match(client, /createOutputChannel\(NAME, \{ log: true \}\)/);
});

test("the completion schema keeps the action-file schema's keys and docs and none of its assertions", async () => {
  const { completionSchema } = (await import(repoPath("editors/vscode/scripts/completion-schema.mjs"))) as { completionSchema: (schema: unknown) => unknown };
  const schema = JSON.parse(readFileSync(repoPath("schemas/action-file.schema.json"), "utf8")) as Record<string, unknown>;
  const derived = completionSchema(schema) as { definitions: { actionSchema: { properties: Record<string, { description?: string }> } } };
  const keys = (schema["definitions"] as { actionSchema: { properties: Record<string, { description: string }> } }).actionSchema.properties;
  assert.deepEqual(Object.keys(derived.definitions.actionSchema.properties), Object.keys(keys));
  for (const [key, { description }] of Object.entries(keys)) assert.equal(derived.definitions.actionSchema.properties[key]?.description, description, key);
  const asserting = new Set(["type", "required", "pattern", "enum", "const", "minItems", "uniqueItems", "propertyNames", "minLength", "maxLength", "not"]);
  const found: string[] = [];
  const walk = (node: unknown, keyword: boolean): void => {
    if (typeof node !== "object" || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (keyword && (asserting.has(key) || (key === "additionalProperties" && typeof value === "boolean"))) found.push(key);
      // Below "properties" and "definitions", keys are names, not keywords.
      walk(value, !(keyword && (key === "properties" || key === "definitions")));
    }
  };
  walk(derived, true);
  assert.deepEqual(found, []);
});

const vsce = `${DIR}/node_modules/@vscode/vsce/vsce`;
const skip = existsSync(vsce) ? false : "the extension's build tools are not installed (npm ci in editors/vscode)";

function listing(vsix: string): string[] {
  return execFileSync("unzip", ["-Z1", vsix], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line !== "");
}

test("the client-only .vsix holds the client, the manifest and the schema, and nothing an earlier build left", { skip }, () => {
  // What a bundled build once left in the folder: the client alone must not carry it.
  mkdirSync(`${DIR}/server/node_modules/wymcp-lint`, { recursive: true });
  writeFileSync(`${DIR}/server/node_modules/wymcp-lint/stale.js`, "");
  const vsix = join(tempDir(), "wymcp-lint.vsix");
  try {
    execFileSync(process.execPath, ["scripts/package.mjs", "--out", vsix], { cwd: DIR, stdio: "pipe" });
  } finally {
    rmSync(`${DIR}/server`, { recursive: true, force: true });
  }
  const files = listing(vsix);
  for (const file of ["extension/package.json", "extension/dist/extension.js", "extension/schemas/action-file.completion.json", "extension/readme.md"]) {
    assert.ok(files.includes(file), `${file} in ${files.join(", ")}`);
  }
  assert.deepEqual(
    files.filter((file) => file.startsWith("extension/server/")),
    [],
  );
  assert.doesNotMatch(execFileSync("unzip", ["-p", vsix, "extension.vsixmanifest"], { encoding: "utf8" }), /TargetPlatform/);
});

test("a .vsix bundled with the linter is built for one platform and carries that platform's native parts alone", { skip, timeout: 600_000 }, () => {
  const vsix = join(tempDir(), "wymcp-lint-darwin-arm64.vsix");
  execFileSync(process.execPath, ["scripts/package.mjs", "--bundle-linter", "--target", "darwin-arm64", "--out", vsix], { cwd: DIR, stdio: "pipe" });
  assert.match(execFileSync("unzip", ["-p", vsix, "extension.vsixmanifest"], { encoding: "utf8" }), /TargetPlatform="darwin-arm64"/);
  const files = listing(vsix);
  assert.ok(files.includes("extension/server/node_modules/wymcp-lint/bin/wymcp-lint.js"));
  // The oxc parser's and transformer's bindings.
  const native = files.filter((file) => file.endsWith(".node"));
  assert.ok(native.length >= 2, native.join(", "));
  for (const file of native) assert.match(file, /darwin-arm64/, file);
});
