// `wymcp-lint --lsp` over stdio, driven by a protocol client (test/support/lsp-client.ts):
// diagnostics pushed and pulled, on open, change and close, never for a stale version, with
// their code, source, link, related place and tags, in the encoding agreed.

import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { type Syntax, tokenSpan } from "../../src/lsp/diagnostics.js";
import { tempDir } from "../support/cli.js";
import { type Client, descendants, startClient, uriOf } from "../support/lsp-client.js";
import { allEnded, cpuSeconds, until } from "../support/processes.js";
import { repoPath } from "../support/paths.js";

const FIXTURES = repoPath("test/fixtures/lsp");
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function workspace(...fixtures: string[]): string {
  const dir = tempDir();
  dirs.push(dir);
  for (const name of fixtures) copyFileSync(join(FIXTURES, name), join(dir, name));
  return dir;
}

/** The codes of the offences among `diagnostics` (a check held back is information, not an offence). */
const codes = (diagnostics: readonly { code?: string | number; severity?: number }[]): string[] =>
  diagnostics
    .filter((d) => d.severity !== 3)
    .map((d) => String(d.code))
    .sort();

async function withClient(options: Parameters<typeof startClient>[0], body: (client: Client) => Promise<void>): Promise<void> {
  const client = await startClient(options);
  try {
    await body(client);
  } finally {
    assert.equal(await client.stop(), 0);
  }
}

test("a push client gets diagnostics on open and on change, and none after close", async () => {
  const dir = workspace("search.actions.json5");
  const uri = uriOf(join(dir, "search.actions.json5"));
  const text = readFileSync(join(FIXTURES, "search.actions.json5"), "utf8");
  await withClient({ folder: dir }, async (client) => {
    client.open(uri, text, "json5");
    const opened = await client.published_(uri);
    assert.equal(opened.version, 1);
    assert.deepEqual(codes(opened.diagnostics), ["duplicate", "missing-key", "unknown-key", "wrong-type"]);
    const unknown = opened.diagnostics.find((d) => d.code === "unknown-key");
    assert.deepEqual(unknown?.range, { start: { line: 3, character: 4 }, end: { line: 3, character: 14 } });
    assert.equal(unknown?.source, "wymcp-lint");
    assert.equal(unknown?.severity, 1);
    assert.match(unknown?.codeDescription?.href ?? "", /^file:.*\/docs\/codes\/unknown-key\.md$/);

    client.change(uri, 2, text.replace("descripton", "description").replace('["title", "title"]', '["title"]'));
    const changed = await client.published_(uri, (p) => p.version === 2);
    assert.deepEqual(codes(changed.diagnostics), ["wrong-type"]);
    assert.equal(changed.diagnostics[0]?.severity, 1);

    client.close(uri);
    const closed = await client.published_(uri, (p) => p.version === undefined);
    assert.deepEqual(closed.diagnostics, []);
  });
});

test("a lint overtaken by a change is never published: the document is linted again for its latest version", async () => {
  const dir = workspace();
  const marker = join(dir, "go");
  // The module waits for the marker, so its first lint is still running when the change comes.
  const wait = `import { existsSync } from "node:fs";\nwhile (!existsSync(${JSON.stringify(marker)})) await new Promise((r) => setTimeout(r, 10));\n`;
  const version = (n: number) =>
    `${wait}export const name = "slow";\nexport const description = "Slow to load";\nexport const actions = { act${n}: { description: "Act", properties: {}, requird: [] } };\n`;
  const path = join(dir, "slow.tool.mjs");
  writeFileSync(path, version(1));
  const uri = uriOf(path);
  await withClient({ folder: dir }, async (client) => {
    client.open(uri, version(1), "javascript");
    client.change(uri, 2, version(2));
    // A request answered means every notification before it was handled: version 2 is the document's.
    await client.connection.sendRequest("textDocument/hover", { textDocument: { uri }, position: { line: 0, character: 0 } });
    writeFileSync(marker, "");
    const published = await client.published_(uri, (p) => p.version === 2, 0);
    assert.deepEqual(
      client.published.filter((p) => p.uri === uri).map((p) => p.version),
      [2],
    );
    assert.ok(published.diagnostics.every((d) => !String(d.message).startsWith("act1")));
    assert.ok(published.diagnostics.some((d) => String(d.message).startsWith("act2")));
  });
});

test("an outdated lint of a module spinning in its load is abandoned when the new text's is due: its process is stopped, and the new text gets its diagnostics", {
  timeout: 120_000,
}, async () => {
  const dir = workspace();
  const path = join(dir, "spins.tool.mjs");
  const spinning = "for (;;) {}\n";
  const fixed = 'export const name = "spins";\nexport const description = "Spins no more";\nexport const actions = { act: { description: "Act", properties: {}, requird: [] } };\n';
  writeFileSync(path, spinning);
  const uri = uriOf(path);
  // A load timeout of an hour: only abandoning the first lint lets the second through.
  await withClient({ folder: dir, args: ["--load-timeout", "3600"] }, async (client) => {
    client.open(uri, spinning, "javascript");
    let spinner = 0;
    await until(() => {
      spinner = descendants(client.child.pid as number).find((pid) => cpuSeconds(pid) > 0.3) ?? 0;
      return spinner !== 0;
    }, "a module process spinning");
    client.change(uri, 2, fixed);
    const published = await client.published_(uri, (p) => p.version === 2, 0);
    assert.deepEqual(codes(published.diagnostics), ["unknown-key"]);
    await allEnded([spinner], "its lint");
  });
});

test("a module's lint starts a fresh module process for the next, which lints the next change from its own text and files", async () => {
  const dir = workspace();
  const names = join(dir, "names.mjs");
  writeFileSync(names, `export const prefix = "one";\n`);
  const version = (n: number) =>
    `import { prefix } from "./names.mjs";\nexport const name = "fresh";\nexport const description = "Fresh";\nexport const actions = { [prefix + "${n}"]: { description: "Act", properties: {}, requird: [] } };\n`;
  const path = join(dir, "fresh.tool.mjs");
  writeFileSync(path, version(1));
  const uri = uriOf(path);
  let started: number[] = [];
  await withClient({ folder: dir, env: { ...process.env, WYMCP_LINT_TRACE: "modules" } }, async (client) => {
    client.open(uri, version(1), "javascript");
    const first = await client.published_(uri, (p) => p.version === 1, 0);
    assert.ok(first.diagnostics.some((d) => String(d.message).startsWith("one1")));
    const ahead = await client.until(() => /module process (\d+) started, idle/.exec(client.stderr())?.[1], "a module process started ahead");
    // Changed on disk after the fresh process started: it has loaded nothing yet, so it reads this.
    writeFileSync(names, `export const prefix = "two";\n`);
    client.change(uri, 2, version(2));
    const second = await client.published_(uri, (p) => p.version === 2, 0);
    assert.ok(second.diagnostics.some((d) => String(d.message).startsWith("two2")));
    assert.ok(second.diagnostics.every((d) => !String(d.message).startsWith("one")));
    assert.match(client.stderr(), new RegExp(`module process ${ahead} taken, idle`));
    started = [...client.stderr().matchAll(/module process (\d+) started/g)].map((m) => Number(m[1]));
  });
  assert.ok(started.length >= 3, "one process for the open, one ahead of the change, one ahead of the next");
  await allEnded(started);
});

test("under run onSave, a pull client's pulls as the text changes get what the last open or save found; a save lints", async () => {
  const dir = workspace("search.actions.json5");
  const uri = uriOf(join(dir, "search.actions.json5"));
  const text = readFileSync(join(FIXTURES, "search.actions.json5"), "utf8");
  await withClient({ folder: dir, pull: true, initializationOptions: { run: "onSave" } }, async (client) => {
    client.open(uri, text, "json5");
    const opened = await client.pullDiagnostics(uri);
    assert.deepEqual(codes(opened.items ?? []), ["duplicate", "missing-key", "unknown-key", "wrong-type"]);
    const mended = text.replace("descripton", "description");
    client.change(uri, 2, mended);
    assert.deepEqual(await client.pullDiagnostics(uri, opened.resultId), { kind: "unchanged", resultId: opened.resultId });
    writeFileSync(join(dir, "search.actions.json5"), mended);
    client.save(uri);
    const saved = await client.pullDiagnostics(uri, opened.resultId);
    assert.equal(saved.kind, "full");
    assert.deepEqual(codes(saved.items ?? []), ["duplicate", "wrong-type"]);
  });
});

test("a pull client gets its diagnostics by request, with a result id that says when nothing changed", async () => {
  const dir = workspace("search.actions.json5");
  const uri = uriOf(join(dir, "search.actions.json5"));
  const text = readFileSync(join(FIXTURES, "search.actions.json5"), "utf8");
  await withClient({ folder: dir, pull: true }, async (client) => {
    assert.ok(client.initializeResult.capabilities["diagnosticProvider"]);
    client.open(uri, text, "json5");
    const first = await client.pullDiagnostics(uri);
    assert.equal(first.kind, "full");
    assert.deepEqual(codes(first.items ?? []), ["duplicate", "missing-key", "unknown-key", "wrong-type"]);
    const again = await client.pullDiagnostics(uri, first.resultId);
    assert.deepEqual(again, { kind: "unchanged", resultId: first.resultId });
    client.change(uri, 2, text.replace("descripton", "description"));
    const changed = await client.pullDiagnostics(uri, first.resultId);
    assert.equal(changed.kind, "full");
    assert.deepEqual(codes(changed.items ?? []), ["duplicate", "wrong-type"]);
    client.close(uri);
    // A pull client is never pushed to.
    assert.deepEqual(client.published, []);
  });
});

test("a repeated key points at its first occurrence, and an unused directive is marked unnecessary", async () => {
  const dir = workspace();
  const path = join(dir, "twice.actions.json5");
  const text = [
    "{",
    "  find: {",
    '    description: "Find",',
    "    properties: {},",
    "    // wymcp-lint-disable-next-line undeclared",
    '    description: "Find again",',
    "  },",
    "}",
    "",
  ].join("\n");
  writeFileSync(path, text);
  await withClient({ folder: dir }, async (client) => {
    client.open(uriOf(path), text, "json5");
    const { diagnostics } = await client.published_(uriOf(path));
    const repeated = diagnostics.find((d) => d.code === "duplicate-key");
    assert.deepEqual(repeated?.range.start, { line: 5, character: 4 });
    assert.deepEqual(repeated?.relatedInformation?.[0]?.location, { uri: uriOf(path), range: { start: { line: 2, character: 4 }, end: { line: 2, character: 15 } } });
    const unused = diagnostics.find((d) => d.code === "unused-disable");
    assert.deepEqual(unused?.tags, [1]);
    assert.equal(unused?.severity, 2);
  });
});

test("an Elixir document of several tool modules shows every tool's diagnostics", async () => {
  const dir = workspace();
  const path = join(dir, "widgets_test.exs");
  const text = readFileSync(repoPath("test/fixtures/elixir/several/widgets_test.exs"), "utf8");
  writeFileSync(path, text);
  await withClient({ folder: dir }, async (client) => {
    client.open(uriOf(path), text, "elixir");
    const { diagnostics } = await client.published_(uriOf(path));
    assert.deepEqual(diagnostics.map((d) => `${d.range.start.line + 1} ${d.code}`).sort(), [
      "13 missing-key",
      "13 unknown-key",
      "14 duplicate",
      "26 unused-disable",
      "34 duplicate-tool",
      "38 missing-key",
      "38 unknown-key",
    ]);
  });
});

// An astral character (two UTF-16 units, four UTF-8 bytes) and CRLF line ends before the offence.
const ASTRAL = '{\r\n  "find": {\r\n    "description": "Find 📚 books", "descripton": "x",\r\n    "properties": {}\r\n  }\r\n}\r\n';

test("positions are UTF-16 by default: an astral character counts two, CRLF ends one line", async () => {
  const dir = workspace();
  const path = join(dir, "astral.actions.json");
  writeFileSync(path, ASTRAL);
  await withClient({ folder: dir }, async (client) => {
    assert.equal(client.initializeResult.capabilities["positionEncoding"], "utf-16");
    client.open(uriOf(path), ASTRAL);
    const { diagnostics } = await client.published_(uriOf(path));
    const unknown = diagnostics.find((d) => d.code === "unknown-key");
    assert.deepEqual(unknown?.range, { start: { line: 2, character: 36 }, end: { line: 2, character: 48 } });
  });
});

test("positions are UTF-8 when the client offers it: the astral character counts four", async () => {
  const dir = workspace();
  const path = join(dir, "astral.actions.json");
  writeFileSync(path, ASTRAL);
  await withClient({ folder: dir, encodings: ["utf-8", "utf-16"] }, async (client) => {
    assert.equal(client.initializeResult.capabilities["positionEncoding"], "utf-8");
    client.open(uriOf(path), ASTRAL);
    const { diagnostics } = await client.published_(uriOf(path));
    const unknown = diagnostics.find((d) => d.code === "unknown-key");
    assert.deepEqual(unknown?.range, { start: { line: 2, character: 38 }, end: { line: 2, character: 50 } });
  });
});

test("a diagnostic covers the whole token its offence points at: a list, a one-line map or call, a comment, an Elixir atom; a hidden character alone", () => {
  const span = (text: string, at: string, code = "superset-group", syntax: Syntax = "script") => {
    const start = text.indexOf(at);
    const { start: from, end } = tokenSpan(text, start, code, syntax);
    return text.slice(from, end);
  };
  assert.equal(span('required_one_of: [["a"], ["a", "b"]],', '["a", "b"]'), '["a", "b"]');
  assert.equal(span('{ find: { description: "Find" } }', "{ description"), '{ description: "Find" }');
  assert.equal(span("const actions = build(one, [two]);", "(one"), "(one, [two])");
  // A map that runs over lines: its opening bracket only, or it would cover every offence inside it.
  assert.equal(span("find: {\n  description: 1,\n}", "{"), "{");
  assert.equal(span('x = ["a", "]", /* ] */ "b"]', '["a"'), '["a", "]", /* ] */ "b"]');
  assert.equal(span("  // wymcp-lint-disable-next-line unknown-key -- kept\n{}", "//", "unused-disable"), "// wymcp-lint-disable-next-line unknown-key -- kept");
  assert.equal(span("/* wymcp-lint-disable-file x */ {}", "/*", "unused-disable"), "/* wymcp-lint-disable-file x */");
  assert.equal(span("  # wymcp-lint-disable-next-line x\n", "#", "unused-disable", "elixir"), "# wymcp-lint-disable-next-line x");
  assert.equal(span("%{list: %{description: :list_things}}", ":list", "wrong-type", "elixir"), ":list_things");
  assert.equal(span('%{"a" => :"odd name"}', ':"odd', "wrong-type", "elixir"), ':"odd name"');
  assert.equal(span('%{list: %{description: "List"}}', "%{description", "missing-key", "elixir"), '%{description: "List"}');
  // A hidden character written as it is: that character; written as an escape, the whole string.
  assert.equal(span('description: "Find\u200b books"', '"Find', "hidden-character"), "\u200b");
  assert.equal(span('description: "Find\\u200b books"', '"Find', "hidden-character"), '"Find\\u200b books"');
});

test("a check held back is information; a value written in another file, and the file that has a tool name first, are linked where they are written", async () => {
  const dir = workspace("search.actions.json5");
  mkdirSync(join(dir, "lib"));
  const shop = join(dir, "lib", "shop.ex");
  const shopText = 'defmodule Shop do\n  use Wymcp.Tool\n\n  def name, do: "shop"\n  def description, do: "Shop"\n  def actions, do: Shop.Actions.all()\nend\n';
  writeFileSync(shop, shopText);
  writeFileSync(join(dir, "lib", "actions.ex"), 'defmodule Shop.Actions do\n  def all do\n    %{find: %{description: "Find", propertes: %{}}}\n  end\nend\n');
  // The tool name "catalogue" is a.tool.mjs's first: the action file after it repeats it.
  writeFileSync(join(dir, "a.tool.mjs"), 'export const name = "catalogue";\nexport const description = "Catalogue";\nexport const actions = {};\n');
  const catalogue = join(dir, "catalogue.actions.json");
  const catalogueText = '{ "list": { "description": "List", "properties": {} } }\n';
  writeFileSync(catalogue, catalogueText);
  const search = uriOf(join(dir, "search.actions.json5"));
  await withClient({ folder: dir }, async (client) => {
    client.open(search, readFileSync(join(FIXTURES, "search.actions.json5"), "utf8"), "json5");
    const held = (await client.published_(search)).diagnostics.filter((d) => d.severity === 3);
    assert.deepEqual(
      held.map((d) => [d.code, d.message]),
      [["unknown-related", 'find: the unknown-related check did not run: it runs once "related" holds no offence (now: wrong-type)']],
    );
    // On the offence that holds it back.
    assert.deepEqual(held[0]?.range.start, { line: 6, character: 13 });

    client.open(uriOf(shop), shopText, "elixir");
    const unknown = (await client.published_(uriOf(shop))).diagnostics.find((d) => d.code === "unknown-key");
    // The diagnostic sits at the call in the document that reads the value; the link, at the key itself where it is written.
    assert.deepEqual(unknown?.range.start, { line: 5, character: 19 });
    assert.deepEqual(unknown?.relatedInformation?.[0]?.location, {
      uri: uriOf(join(dir, "lib", "actions.ex")),
      range: { start: { line: 2, character: 35 }, end: { line: 2, character: 44 } },
    });

    client.open(uriOf(catalogue), catalogueText);
    const duplicate = (await client.published_(uriOf(catalogue))).diagnostics.find((d) => d.code === "duplicate-tool");
    assert.deepEqual(duplicate?.relatedInformation?.[0]?.location, {
      uri: uriOf(join(dir, "a.tool.mjs")),
      range: { start: { line: 0, character: 20 }, end: { line: 0, character: 31 } },
    });
  });
});
