// What the language server takes from disk through its folder's engine (docs/editors.md, "The
// workspace"): the ignore rules (an ignored document gets no diagnostics), the baseline (a
// recorded offence is not shown), each reloaded when it changes; and a change to a file a
// tool module loaded lints again that module's document, and no other; what sits where an
// ignore file or a neighbour would be (a FIFO, a link to a device) is never waited for nor read
// without end.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { cli, tempDir } from "../support/cli.js";
import { startClient, uriOf } from "../support/lsp-client.js";

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ACTIONS = '{ "find": { "description": "Find", "properties": {}, "requird": [] } }\n';

/** A folder that is a repository of its own, so no config or .gitignore above it counts. */
function repository(): string {
  const dir = tempDir();
  dirs.push(dir);
  mkdirSync(join(dir, ".git"));
  return dir;
}

const changedOnDisk = (...paths: string[]) => ({ changes: paths.map((path) => ({ uri: uriOf(path), type: 2 })) });
const codes = (p: { diagnostics: { code?: unknown }[] }): unknown[] => p.diagnostics.map((d) => d.code);

test("a document the folder's ignore rules skip, or one below node_modules, gets no diagnostics, until a change to the ignore file takes the rule away", async () => {
  const dir = repository();
  writeFileSync(join(dir, ".gitignore"), "drafts/\n");
  mkdirSync(join(dir, "drafts"));
  const ignored = join(dir, "drafts", "find.actions.json");
  writeFileSync(ignored, ACTIONS);
  const near = join(dir, "find.actions.json");
  writeFileSync(near, ACTIONS);
  const client = await startClient({ folder: dir });
  try {
    // Below node_modules, as a directory search never walks there.
    mkdirSync(join(dir, "node_modules", "pkg"), { recursive: true });
    const dependency = join(dir, "node_modules", "pkg", "find.actions.json");
    writeFileSync(dependency, ACTIONS);
    client.open(uriOf(dependency), ACTIONS);
    client.open(uriOf(ignored), ACTIONS);
    client.open(uriOf(near), ACTIONS);
    assert.deepEqual(codes(await client.published_(uriOf(near), undefined, 0)), ["unknown-key"], "a file the rules do not name is linted");
    assert.deepEqual(codes(await client.published_(uriOf(ignored), undefined, 0)), []);
    assert.deepEqual(codes(await client.published_(uriOf(dependency), undefined, 0)), []);
    const since = client.published.length;
    writeFileSync(join(dir, ".gitignore"), "");
    client.connection.sendNotification("workspace/didChangeWatchedFiles", changedOnDisk(join(dir, ".gitignore")));
    assert.deepEqual(codes(await client.published_(uriOf(ignored), undefined, since)), ["unknown-key"]);
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("an offence the folder's baseline records is not shown; a new one is, and so is the old one while the baseline is broken or gone", async () => {
  const dir = repository();
  const path = join(dir, "find.actions.json");
  writeFileSync(path, ACTIONS);
  const written = await cli(["--update-baseline", "."], { cwd: dir });
  assert.equal(written.code, 0, written.stderr);
  const baseline = join(dir, "wymcp-lint-baseline.json");
  const client = await startClient({ folder: dir });
  try {
    client.open(uriOf(path), ACTIONS);
    assert.deepEqual(codes(await client.published_(uriOf(path), undefined, 0)), []);
    // A second mistake the baseline does not record.
    client.change(uriOf(path), 2, ACTIONS.replace('"Find"', '"Find", "exampels": []'));
    assert.deepEqual(codes(await client.published_(uriOf(path), (p) => p.version === 2, 0)), ["unknown-key"]);
    // A baseline that cannot be read: one diagnostic in it and one message, and the document shown without it.
    const broken = client.published.length;
    writeFileSync(baseline, "{ not json");
    client.connection.sendNotification("workspace/didChangeWatchedFiles", changedOnDisk(baseline));
    assert.equal((await client.published_(uriOf(baseline), undefined, broken)).diagnostics.length, 1);
    assert.deepEqual(codes(await client.published_(uriOf(path), undefined, broken)), ["unknown-key", "unknown-key"]);
    await client.until(() => (client.messages.length > 0 ? true : undefined), "the message about the broken baseline");
    assert.match(client.messages[0]?.message ?? "", /shown without it/);
    const since = client.published.length;
    rmSync(baseline);
    client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: uriOf(baseline), type: 3 }] });
    assert.deepEqual(codes(await client.published_(uriOf(path), undefined, since)), ["unknown-key", "unknown-key"]);
    // The problem goes with the file that had it.
    assert.deepEqual((await client.published_(uriOf(baseline), undefined, since)).diagnostics, []);
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("a change to a file a tool module loaded lints that module's document again, in a process that does not hold the old file, and no other document", async () => {
  const dir = repository();
  const helper = join(dir, "find-actions.mjs");
  const good = 'export const actions = { find: { description: "Find", properties: {} } };\n';
  writeFileSync(helper, good);
  const importing = join(dir, "books.tool.mjs");
  const importingText = 'import { actions } from "./find-actions.mjs";\nexport default { name: "books", description: "Books", actions: () => actions };\n';
  // An action file, so the one module process used is the one that loaded the helper.
  const alone = join(dir, "shelf.actions.json");
  const aloneText = '{ "list": { "description": "List", "properties": {} } }\n';
  writeFileSync(importing, importingText);
  writeFileSync(alone, aloneText);
  const client = await startClient({ folder: dir, pull: true, refresh: true });
  try {
    client.open(uriOf(importing), importingText, "javascript");
    client.open(uriOf(alone), aloneText);
    const before = await client.pullDiagnostics(uriOf(importing));
    assert.deepEqual(before.items, []);
    const other = await client.pullDiagnostics(uriOf(alone));
    assert.deepEqual(other.items, []);
    writeFileSync(helper, good.replace("properties", "propertes"));
    // With it, a package.json in node_modules, which is no config of the folder's.
    const installed = join(dir, "node_modules", "pkg", "package.json");
    mkdirSync(join(dir, "node_modules", "pkg"), { recursive: true });
    writeFileSync(installed, '{ "name": "pkg" }\n');
    client.connection.sendNotification("workspace/didChangeWatchedFiles", changedOnDisk(helper, installed));
    await client.until(() => (client.refreshes > 0 ? true : undefined), "workspace/diagnostic/refresh");
    const after = await client.pullDiagnostics(uriOf(importing), before.resultId);
    assert.equal(after.kind, "full");
    assert.deepEqual(after.items?.map((d) => d.code).sort(), ["missing-key", "unknown-key"]);
    // The document that loaded nothing of it was not linted again: its result is the one it had.
    assert.deepEqual(await client.pullDiagnostics(uriOf(alone), other.resultId), { kind: "unchanged", resultId: other.resultId });
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("a FIFO or a link to /dev/zero as an ignore file or a tool module beside a document freezes and bloats nothing: the documents get their diagnostics", async () => {
  const dir = repository();
  mkdirSync(join(dir, ".git", "info"));
  execFileSync("mkfifo", [join(dir, ".gitignore")]);
  execFileSync("mkfifo", [join(dir, ".git", "info", "exclude")]);
  execFileSync("mkfifo", [join(dir, "waits.tool.mjs")]);
  symlinkSync("/dev/zero", join(dir, "endless.tool.ts"));
  mkdirSync(join(dir, "sub"));
  symlinkSync("/dev/zero", join(dir, "sub", ".gitignore"));
  symlinkSync("/dev/zero", join(dir, "sub", "endless.ex"));
  const actions = join(dir, "sub", "find.actions.json");
  writeFileSync(actions, ACTIONS);
  const module = join(dir, "notes.tool.mjs");
  const MODULE = 'export const name = "notes";\nexport const description = "Notes";\nexport const actions = { write: { description: "Write", properties: {}, requird: [] } };\n';
  writeFileSync(module, MODULE);
  const client = await startClient({ folder: dir });
  try {
    client.open(uriOf(actions), ACTIONS);
    client.open(uriOf(module), MODULE, "javascript");
    assert.deepEqual(codes(await client.published_(uriOf(actions), undefined, 0)), ["unknown-key"]);
    assert.deepEqual(codes(await client.published_(uriOf(module), undefined, 0)), ["unknown-key"]);
    // Nothing was read without end: the server's peak resident memory stays that of a server.
    const peakKb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${client.child.pid}/status`, "utf8"))?.[1]);
    assert.ok(peakKb < 512 * 1024, `peak ${peakKb} kB`);
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("with a client that cannot watch files, the server asks it nothing and watches the disk itself: a file a module loaded, the config, .git/info/exclude", async () => {
  const dir = repository();
  const helper = join(dir, "find-actions.mjs");
  const good = 'export const actions = { find: { description: "Find", properties: {} } };\n';
  writeFileSync(helper, good);
  const importing = join(dir, "books.tool.mjs");
  const importingText = 'import { actions } from "./find-actions.mjs";\nexport default { name: "books", description: "Books", actions: () => actions };\n';
  writeFileSync(importing, importingText);
  const shelf = join(dir, "shelf.actions.json");
  writeFileSync(shelf, ACTIONS);
  // As git makes it.
  mkdirSync(join(dir, ".git", "info"));
  const client = await startClient({ folder: dir, watchFiles: false });
  try {
    client.open(uriOf(importing), importingText, "javascript");
    client.open(uriOf(shelf), ACTIONS);
    assert.deepEqual(codes(await client.published_(uriOf(importing), undefined, 0)), []);
    assert.deepEqual(
      (await client.published_(uriOf(shelf), undefined, 0)).diagnostics.map((d) => d.severity),
      [1],
    );
    // Changed outside the editor, and nothing told of it but the disk.
    let since = client.published.length;
    writeFileSync(helper, good.replace("properties", "propertes"));
    assert.deepEqual(codes(await client.published_(uriOf(importing), (p) => p.diagnostics.length > 0, since)).sort(), ["missing-key", "unknown-key"]);
    since = client.published.length;
    writeFileSync(join(dir, "wymcp-lint.config.json"), '{ "rules": { "unknown-key": "warn" } }\n');
    assert.deepEqual(
      (await client.published_(uriOf(shelf), (p) => p.diagnostics[0]?.severity === 2, since)).diagnostics.map((d) => d.code),
      ["unknown-key"],
    );
    since = client.published.length;
    writeFileSync(join(dir, ".git", "info", "exclude"), "shelf.actions.json\n");
    assert.deepEqual(codes(await client.published_(uriOf(shelf), (p) => p.diagnostics.length === 0, since)), []);
    assert.equal(client.registrations, 0);
  } finally {
    assert.equal(await client.stop(), 0);
  }
});
