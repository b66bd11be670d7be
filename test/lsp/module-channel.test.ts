// A tool module that floods its result channel costs the language server nothing but that
// module's diagnostic (docs/editors.md): the channel's line cap (text/line-framer.ts) holds for
// the server as it does for the CLI, which died of a string too long before it.

import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { tempDir } from "../support/cli.js";
import { startClient, uriOf } from "../support/lsp-client.js";
import { repoPath } from "../support/paths.js";

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ACTIONS = '{ "write": { "description": "Write a note", "properties": {}, "requird": [] } }\n';

test("a module writing 600 MB with no newline into its result channel is its own load-error, and the server lints on", { timeout: 180_000 }, async () => {
  const dir = tempDir();
  dirs.push(dir);
  const text = readFileSync(repoPath("test/fixtures/isolation/hostile/floods-channel.tool.mjs"), "utf8");
  const modulePath = join(dir, "floods.tool.mjs");
  writeFileSync(modulePath, text);
  const actionsPath = join(dir, "notes.actions.json");
  writeFileSync(actionsPath, ACTIONS);
  const client = await startClient({ folder: dir });
  client.open(uriOf(modulePath), text, "javascript");
  const flooded = await client.published_(uriOf(modulePath), (p) => p.diagnostics.length > 0);
  assert.deepEqual(
    flooded.diagnostics.map((d) => [d.code, d.message]),
    [["load-error", "its process answered with a line longer than 64 MiB (did the module write to the linter's channel?)"]],
  );
  client.open(uriOf(actionsPath), ACTIONS);
  const { diagnostics } = await client.published_(uriOf(actionsPath));
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ["unknown-key"],
  );
  assert.equal(await client.stop(), 0);
});
