// The workspace through `wymcp-lint --lsp` (docs/editors.md): each folder's config sets the
// severities; a change to it, reported by the client's watcher, relints (a pull client is
// asked to pull again); a broken config is one diagnostic in it plus one message, and the
// last good config keeps serving.

import assert from "node:assert/strict";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { cli, tempDir } from "../support/cli.js";
import { type Client, startClient, uriOf } from "../support/lsp-client.js";

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ACTIONS = '{ "find": { "description": "Find", "properties": {}, "requird": [] } }\n';
const config = (setting: string): string => `{ "rules": { "unknown-key": "${setting}" } }\n`;

/** A new directory that is a repository of its own, so no config above it is found. */
function repository(): string {
  const dir = tempDir();
  dirs.push(dir);
  mkdirSync(join(dir, ".git"));
  return dir;
}

const LIST = '{ list: { description: "List", properties: {} } }\n';

/** Opens `buffer` as a JSON5 action file and checks that its one diagnostic is a duplicate-tool whose other place is `owner`. */
async function openDuplicate(client: Client, buffer: string, owner: string): Promise<void> {
  client.open(uriOf(buffer), LIST, "json5");
  const { diagnostics } = await client.published_(uriOf(buffer));
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ["duplicate-tool"],
  );
  assert.equal(diagnostics[0]?.relatedInformation?.[0]?.location.uri, uriOf(owner));
}

function folder(setting: string): { dir: string; uri: string; configPath: string } {
  const dir = repository();
  const configPath = join(dir, "wymcp-lint.config.json");
  writeFileSync(configPath, config(setting));
  writeFileSync(join(dir, "find.actions.json"), ACTIONS);
  return { dir, uri: uriOf(join(dir, "find.actions.json")), configPath };
}

const changedOnDisk = (path: string) => ({ changes: [{ uri: uriOf(path), type: 2 }] });

test("a push client: the config's severities apply, a change to it relints, a broken one is reported and survived", async () => {
  const { dir, uri, configPath } = folder("warn");
  const client = await startClient({ folder: dir });
  try {
    client.open(uri, ACTIONS);
    const first = await client.published_(uri);
    assert.deepEqual(
      first.diagnostics.map((d) => [d.code, d.severity]),
      [["unknown-key", 2]],
    );
    writeFileSync(configPath, config("off"));
    const since = client.published.length;
    client.connection.sendNotification("workspace/didChangeWatchedFiles", changedOnDisk(configPath));
    const off = await client.published_(uri, undefined, since);
    assert.deepEqual(off.diagnostics, []);

    writeFileSync(configPath, config("sometimes"));
    const broken = client.published.length;
    client.connection.sendNotification("workspace/didChangeWatchedFiles", changedOnDisk(configPath));
    const reported = await client.published_(uriOf(configPath), undefined, broken);
    assert.equal(reported.diagnostics.length, 1);
    assert.match(String(reported.diagnostics[0]?.message), /sometimes/);
    assert.deepEqual(reported.diagnostics[0]?.range.start, { line: 0, character: 28 });
    await client.until(() => (client.messages.length > 0 ? true : undefined), "the message about the broken config");
    assert.equal(client.messages.length, 1);
    assert.equal(client.messages[0]?.type, 1);
    // The last good config (unknown-key off) keeps serving.
    const relinted = await client.published_(uri, undefined, broken);
    assert.deepEqual(relinted.diagnostics, []);

    writeFileSync(configPath, config("error"));
    const mended = client.published.length;
    client.connection.sendNotification("workspace/didChangeWatchedFiles", changedOnDisk(configPath));
    assert.deepEqual((await client.published_(uriOf(configPath), undefined, mended)).diagnostics, []);
    const error = await client.published_(uri, (p) => p.diagnostics.length > 0, mended);
    assert.deepEqual(
      error.diagnostics.map((d) => [d.code, d.severity]),
      [["unknown-key", 1]],
    );
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("a pull client is asked to pull again when the config changes, and then gets the new severities", async () => {
  const { dir, uri, configPath } = folder("warn");
  const client = await startClient({ folder: dir, pull: true, refresh: true });
  try {
    client.open(uri, ACTIONS);
    const first = await client.pullDiagnostics(uri);
    assert.deepEqual(
      first.items?.map((d) => d.severity),
      [2],
    );
    writeFileSync(configPath, config("error"));
    client.connection.sendNotification("workspace/didChangeWatchedFiles", changedOnDisk(configPath));
    await client.until(() => (client.refreshes > 0 ? true : undefined), "workspace/diagnostic/refresh");
    const again = await client.pullDiagnostics(uri, first.resultId);
    assert.equal(again.kind, "full");
    assert.deepEqual(
      again.items?.map((d) => d.severity),
      [1],
    );
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("one folder's broken config leaves another folder's alone", async () => {
  const good = folder("warn");
  const bad = folder("warn");
  writeFileSync(bad.configPath, "{ not json");
  const client = await startClient({ folder: good.dir, extraFolders: [bad.dir] });
  try {
    const reported = await client.published_(uriOf(bad.configPath), undefined, 0);
    assert.equal(reported.diagnostics.length, 1);
    client.open(good.uri, ACTIONS);
    client.open(bad.uri, ACTIONS);
    const goodDiagnostics = await client.published_(good.uri, undefined, 0);
    assert.deepEqual(
      goodDiagnostics.diagnostics.map((d) => d.severity),
      [2],
    );
    // With no good config yet, the broken folder lints with every default.
    const badDiagnostics = await client.published_(bad.uri, undefined, 0);
    assert.deepEqual(
      badDiagnostics.diagnostics.map((d) => d.severity),
      [1],
    );
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

for (const pull of [false, true]) {
  test(`a broken config open in the editor keeps its diagnostic (${pull ? "pull" : "push"} client), and with no good config before it the message says the defaults serve`, async () => {
    const { dir, uri, configPath } = folder("warn");
    writeFileSync(configPath, config("sometimes"));
    const client = await startClient({ folder: dir, pull });
    try {
      const reported = await client.published_(uriOf(configPath), undefined, 0);
      assert.equal(reported.diagnostics.length, 1);
      await client.until(() => (client.messages.length > 0 ? true : undefined), "the message about the broken config");
      assert.match(client.messages[0]?.message ?? "", /cannot be used, so the defaults serve until it is mended:/);
      // The config opened and edited, unsaved: it is no document the server lints.
      client.open(uriOf(configPath), config("sometimes"));
      client.change(uriOf(configPath), 2, config("seldom"));
      if (pull) assert.deepEqual((await client.pullDiagnostics(uriOf(configPath))).items, reported.diagnostics);
      // A document linted after it shows the config's diagnostic was not taken back meanwhile.
      client.open(uri, ACTIONS);
      if (pull)
        assert.deepEqual(
          (await client.pullDiagnostics(uri)).items?.map((d) => d.severity),
          [1],
        );
      else
        assert.deepEqual(
          (await client.published_(uri)).diagnostics.map((d) => d.severity),
          [1],
        );
      assert.deepEqual(
        client.published.filter((p) => p.uri === uriOf(configPath)).map((p) => p.diagnostics.length),
        [1],
      );
    } finally {
      assert.equal(await client.stop(), 0);
    }
  });
}

test("duplicate-tool sees the directory's files on disk and the unsaved buffers, and points at the owner", async () => {
  const dir = repository();
  const onDisk = join(dir, "books.actions.json");
  writeFileSync(onDisk, '{ "find": { "description": "Find", "properties": {} } }\n');
  const buffer = join(dir, "books.actions.json5");
  const module = join(dir, "shelf.tool.mjs");
  const client = await startClient({ folder: dir });
  try {
    await openDuplicate(client, buffer, onDisk);
    // A module never saved, named like them: its name is known once it is linted.
    const text = 'export const name = "books";\nexport const description = "Books";\nexport const actions = { shelve: { description: "Shelve", properties: {} } };\n';
    client.open(uriOf(module), text, "javascript");
    await client.published_(uriOf(module), (p) => p.diagnostics.some((d) => d.code === "duplicate-tool"), 0);
    // Renamed in the buffer: no longer a duplicate.
    client.change(uriOf(module), 2, text.replace('"books"', '"shelf"'));
    const renamed = await client.published_(uriOf(module), (p) => p.version === 2, 0);
    assert.deepEqual(renamed.diagnostics, []);
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("duplicate-tool judges every tool module of an Elixir document, not only its first", async () => {
  const dir = repository();
  const onDisk = join(dir, "books.actions.json");
  writeFileSync(onDisk, '{ "find": { "description": "Find", "properties": {} } }\n');
  const path = join(dir, "shelf.ex");
  const tool = (module: string, name: string): string =>
    `defmodule ${module} do\n  use Wymcp.Tool\n\n  def name, do: "${name}"\n  def description, do: "${module}"\n\n  def actions do\n    %{find: %{description: "Find", properties: %{}}}\n  end\nend\n`;
  const text = `${tool("MyApp.Shelf", "shelf")}\n${tool("MyApp.Books", "books")}`;
  const client = await startClient({ folder: dir });
  try {
    client.open(uriOf(path), text, "elixir");
    const opened = await client.published_(uriOf(path));
    // The second module's name line: the first module takes lines 0-9, a blank line, then its own four.
    assert.deepEqual(
      opened.diagnostics.map((d) => [d.code, d.range.start.line]),
      [["duplicate-tool", 14]],
    );
    assert.equal(opened.diagnostics[0]?.relatedInformation?.[0]?.location.uri, uriOf(onDisk));
    // The first tool renamed like the file on disk: it now owns the clash in the document.
    client.change(uriOf(path), 2, text.replace('"shelf"', '"books"').replace('"books"\n  def description, do: "MyApp.Books"', '"shelf"\n  def description, do: "MyApp.Books"'));
    const swapped = await client.published_(uriOf(path), (p) => p.version === 2, 0);
    assert.deepEqual(
      swapped.diagnostics.map((d) => [d.code, d.range.start.line]),
      [["duplicate-tool", 3]],
    );
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("duplicate-tool reads the Elixir files on disk beside the document, and again once one changes", async () => {
  const dir = repository();
  const onDisk = join(dir, "a_books.ex");
  const module = (name: string): string =>
    `defmodule MyApp.Books do\n  use Wymcp.Tool\n  def name, do: "${name}"\n  def description, do: "Books"\n  def actions, do: %{find: %{description: "Find", properties: %{}}}\nend\n`;
  writeFileSync(onDisk, module("books"));
  const buffer = join(dir, "books.actions.json5");
  const client = await startClient({ folder: dir });
  try {
    await openDuplicate(client, buffer, onDisk);
    // Renamed on disk, as the client's watcher reports it: the document is linted again, and clean.
    writeFileSync(onDisk, module("shelf"));
    const since = client.published.length;
    client.connection.sendNotification("workspace/didChangeWatchedFiles", changedOnDisk(onDisk));
    assert.deepEqual((await client.published_(uriOf(buffer), undefined, since)).diagnostics, []);
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("duplicate-tool reads a tool module on disk by the name its source writes; not a name built at run time, nor an ignored file's", async () => {
  const dir = repository();
  writeFileSync(join(dir, "wymcp-lint.config.json"), '{ "ignore": ["c_maps.tool.mjs"] }\n');
  const module = (name: string): string => `${name}\nexport const description = "A tool";\nexport const actions = { find: { description: "Find", properties: {} } };\n`;
  writeFileSync(join(dir, "a_books.tool.mjs"), module('export const name = "books";'));
  writeFileSync(join(dir, "b_catalogue.tool.mjs"), module('const stem = "cata";\nexport const name = `${stem}logue`;'));
  writeFileSync(join(dir, "c_maps.tool.mjs"), module('export const name = "maps";'));
  const client = await startClient({ folder: dir });
  try {
    await openDuplicate(client, join(dir, "books.actions.json5"), join(dir, "a_books.tool.mjs"));
    const clean = async (name: string): Promise<void> => {
      client.open(uriOf(join(dir, name)), LIST, "json5");
      assert.deepEqual((await client.published_(uriOf(join(dir, name)))).diagnostics, [], name);
    };
    // Only running the module tells its name (a run of the directory does): the editor says nothing rather than guess.
    await clean("catalogue.actions.json5");
    // A run of the directory leaves the ignored module out.
    await clean("maps.actions.json5");
  } finally {
    assert.equal(await client.stop(), 0);
  }
  // The run, which runs the modules, finds what the editor found, and the name built at run time too.
  for (const name of ["books", "catalogue", "maps"]) writeFileSync(join(dir, `${name}.actions.json5`), LIST);
  const run = await cli([".", "--format", "json"], { cwd: dir });
  const found = (JSON.parse(run.stdout) as { files: { file: string; offences: { code: string }[] }[] }).files.flatMap((f) => f.offences.map((o) => `${f.file} ${o.code}`));
  assert.deepEqual(found, ["./books.actions.json5 duplicate-tool", "./catalogue.actions.json5 duplicate-tool"]);
});

test("a workspace folder added later takes in its documents: its baseline applies to a document that lay outside every folder", async () => {
  const root = repository();
  mkdirSync(join(root, "tools"));
  const path = join(root, "tools", "find.actions.json");
  writeFileSync(path, ACTIONS);
  const written = await cli(["--update-baseline", "."], { cwd: root });
  assert.equal(written.code, 0, written.stderr);
  const elsewhere = tempDir();
  dirs.push(elsewhere);
  const client = await startClient({ folder: elsewhere });
  try {
    client.open(uriOf(path), ACTIONS);
    // Outside every folder, it is linted from its own directory, where no baseline lies.
    assert.deepEqual(
      (await client.published_(uriOf(path), undefined, 0)).diagnostics.map((d) => d.code),
      ["unknown-key"],
    );
    const since = client.published.length;
    client.connection.sendNotification("workspace/didChangeWorkspaceFolders", { event: { added: [{ uri: uriOf(root), name: "root" }], removed: [] } });
    assert.deepEqual((await client.published_(uriOf(path), undefined, since)).diagnostics, []);
  } finally {
    assert.equal(await client.stop(), 0);
  }
});
