// What the language server takes as a file (src/lsp/uri.ts): a document or workspace folder
// whose URI names no local file (a host, an escaped slash, no string at all) is not linted
// and not opened, and the server goes on serving every other document.

import assert from "node:assert/strict";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { tempDir } from "../support/cli.js";
import { startClient, uriOf } from "../support/lsp-client.js";

const ACTIONS = '{ "write": { "description": "Write a note", "properties": {}, "requird": [] } }\n';

test("a URI with a host, an escaped slash or no string, and a workspace folder with a host, leave the server serving", async () => {
  const dir = tempDir();
  try {
    const path = join(dir, "notes.actions.json");
    writeFileSync(path, ACTIONS);
    const client = await startClient({ folder: dir, extraFolderUris: ["file://fileserver/share/tools", "file:///tmp/a%2Fb"] });
    for (const uri of ["file://fileserver/share/tools/notes.actions.json", `${uriOf(dir)}/a%2Fb.actions.json`, 5, null, { path }]) {
      client.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "json", version: 1, text: ACTIONS } });
      client.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version: 2 }, contentChanges: [{ text: ACTIONS }] });
      client.connection.sendNotification("textDocument/didSave", { textDocument: { uri } });
      client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri, type: 2 }] });
    }
    // Answered, with nothing to say, for a document that is no file.
    const hover = await client.request("textDocument/hover", { textDocument: { uri: "file://fileserver/x.actions.json" }, position: { line: 0, character: 0 } });
    assert.equal(hover, null);
    client.open(uriOf(path), ACTIONS);
    const { diagnostics } = await client.published_(uriOf(path));
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ["unknown-key"],
    );
    // A document that names no file is published nothing.
    assert.deepEqual(
      client.published.filter((p) => p.uri !== uriOf(path)),
      [],
    );
    assert.equal(await client.stop(), 0);
    assert.doesNotMatch(client.stderr(), /TypeError|ERR_INVALID/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
