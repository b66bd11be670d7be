// The VS Code extension (editors/vscode/): its manifest says what the extension offers and
// points at files the build ships; where its build tools are installed (npm ci in
// editors/vscode), the .vsix is built, offline, and holds them. VS Code itself is not run
// here (editors/vscode/README.md says what was and was not).

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { repoPath } from "../support/paths.js";

const DIR = repoPath("editors/vscode");
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

test("the manifest: a thin vscode-languageclient client with its settings, commands and the action-file schema", () => {
  assert.equal(manifest.main, "./dist/extension.js");
  assert.ok(manifest.dependencies["vscode-languageclient"]);
  assert.match(manifest.engines.vscode, /^\^1\.\d+\.\d+$/);
  const settings = manifest.contributes.configuration.properties;
  assert.deepEqual(Object.keys(settings).sort(), ["wymcp-lint.enable", "wymcp-lint.path", "wymcp-lint.run"]);
  assert.deepEqual(settings["wymcp-lint.run"]?.enum, ["onType", "onSave"]);
  assert.deepEqual(
    manifest.contributes.commands.map((c) => c.command),
    ["wymcp-lint.fixAll", "wymcp-lint.restart", "wymcp-lint.showOutput"],
  );
  assert.deepEqual(manifest.contributes.jsonValidation, [{ fileMatch: "*.actions.json", url: "./schemas/action-file.schema.json" }]);
  // The schema it points at is the linter's, copied in by the build.
  assert.ok(existsSync(repoPath("schemas/action-file.schema.json")));
  assert.match(readFileSync(`${DIR}/scripts/package.mjs`, "utf8"), /schemas\/action-file\.schema\.json/);
  // Every command the client registers is contributed, and the other way round.
  const client = readFileSync(`${DIR}/src/extension.js`, "utf8");
  const registered = [...client.matchAll(/registerCommand\("([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(registered.sort(), manifest.contributes.commands.map((c) => c.command).sort());
  // It starts the linter's language server, and passes the run setting.
  assert.match(client, /args: \["--lsp"\]/);
  assert.match(client, /initializationOptions: \{ run \}/);
  assert.ok(manifest.activationEvents.includes("workspaceContains:**/*.actions.json"));
});

const vsce = `${DIR}/node_modules/@vscode/vsce/vsce`;
const skip = existsSync(vsce) ? false : "the extension's build tools are not installed (npm ci in editors/vscode)";

test("the .vsix builds offline and holds the client, the manifest and the schema", { skip }, () => {
  execFileSync(process.execPath, ["scripts/package.mjs"], { cwd: DIR, stdio: "pipe" });
  const listing = execFileSync(process.execPath, [vsce, "ls", "--no-dependencies"], { cwd: DIR, encoding: "utf8" });
  const files = listing.split("\n").filter((line) => line !== "");
  for (const file of ["package.json", "dist/extension.js", "schemas/action-file.schema.json", "README.md"]) assert.ok(files.includes(file), `${file} in ${files.join(", ")}`);
  assert.ok(existsSync(`${DIR}/wymcp-lint.vsix`));
});
