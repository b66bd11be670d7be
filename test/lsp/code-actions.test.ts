// Code actions and hover through `wymcp-lint --lsp` (docs/editors.md): each quick fix's edit
// gives the bytes --fix gives, the directives are inserted where comments may stand,
// fix-all applies every fix at once and is idempotent, hover explains.

import assert from "node:assert/strict";
import { copyFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { CodeAction, Diagnostic, TextEdit } from "vscode-languageserver-protocol";
import { cli, tempDir } from "../support/cli.js";
import { type Client, startClient, uriOf } from "../support/lsp-client.js";
import { repoPath } from "../support/paths.js";

const FIXTURES = repoPath("test/fixtures/lsp");
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function workspace(name: string): { dir: string; path: string; uri: string; text: string } {
  const dir = tempDir();
  dirs.push(dir);
  const path = join(dir, name);
  copyFileSync(join(FIXTURES, name), path);
  return { dir, path, uri: uriOf(path), text: readFileSync(path, "utf8") };
}

function applied(text: string, action: CodeAction, uri: string): string {
  const edits = (action.edit?.changes?.[uri] ?? []) as TextEdit[];
  return TextDocument.applyEdits(TextDocument.create(uri, "json5", 1, text), edits);
}

async function actionsAt(client: Client, uri: string, diagnostic: Diagnostic, only?: string[]): Promise<CodeAction[]> {
  return (await client.connection.sendRequest("textDocument/codeAction", {
    textDocument: { uri },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic], ...(only === undefined ? {} : { only }) },
  })) as CodeAction[];
}

async function fixedByCli(dir: string, name: string): Promise<string> {
  const copy = tempDir();
  dirs.push(copy);
  copyFileSync(join(dir, name), join(copy, name));
  await cli(["--fix", name], { cwd: copy });
  return readFileSync(join(copy, name), "utf8");
}

/** The offences the CLI reports for `text` as the file `name` in `dir` (code and line), in order. */
async function findingsByCli(dir: string, name: string, text: string): Promise<{ code: string; line: number }[]> {
  const { stdout } = await cli(["--stdin", "--stdin-filename", name, "--format", "json"], { cwd: dir, stdin: text });
  const files = (JSON.parse(stdout) as { files: { offences: { code: string; line: number }[] }[] }).files;
  return files.flatMap((f) => f.offences.map(({ code, line }) => ({ code, line })));
}

async function codesByCli(dir: string, name: string, text: string): Promise<string[]> {
  return (await findingsByCli(dir, name, text)).map((f) => f.code);
}

test("each fixable diagnostic has a preferred quick fix whose edit is the one --fix applies", async () => {
  const { dir, uri, text } = workspace("search.actions.json5");
  const client = await startClient({ folder: dir });
  try {
    client.open(uri, text, "json5");
    const { diagnostics } = await client.published_(uri);
    const unknown = diagnostics.find((d) => d.code === "unknown-key") as Diagnostic;
    const actions = await actionsAt(client, uri, unknown);
    const fix = actions.find((a) => a.isPreferred === true) as CodeAction;
    assert.equal(fix.kind, "quickfix");
    assert.equal(applied(text, fix, uri), text.replace("descripton", "description"));
    // Where comments may stand, the code can be disabled for the line or the file.
    const line = actions.find((a) => a.title === "Disable unknown-key for this line") as CodeAction;
    assert.equal(applied(text, line, uri), text.replace("    descripton:", "    // wymcp-lint-disable-next-line unknown-key\n    descripton:"));
    const file = actions.find((a) => a.title === "Disable unknown-key for this file") as CodeAction;
    assert.equal(applied(text, file, uri), `/* wymcp-lint-disable-file unknown-key */\n${text}`);
    // An offence the author must fix has no quick fix, only the directives.
    const wrongType = diagnostics.find((d) => d.code === "wrong-type") as Diagnostic;
    assert.deepEqual(
      (await actionsAt(client, uri, wrongType, ["quickfix"])).map((a) => a.title),
      ["Disable wrong-type for this line", "Disable wrong-type for this file"],
    );
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("fix-all applies every fix of the known diagnostics at once, as --fix does, and again it changes nothing", async () => {
  const { dir, uri, text } = workspace("search.actions.json5");
  const client = await startClient({ folder: dir });
  try {
    client.open(uri, text, "json5");
    const { diagnostics } = await client.published_(uri);
    const [all] = (await actionsAt(client, uri, diagnostics[0] as Diagnostic, ["source.fixAll"])).filter((a) => a.kind === "source.fixAll.wymcp-lint");
    const fixed = applied(text, all as CodeAction, uri);
    assert.equal(fixed, await fixedByCli(dir, "search.actions.json5"));
    client.change(uri, 2, fixed);
    const after = await client.published_(uri, (p) => p.version === 2);
    const again = await actionsAt(client, uri, after.diagnostics[0] as Diagnostic, ["source.fixAll"]);
    assert.deepEqual(again, []);
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("an Elixir document of several tool modules: fix-all gives the bytes --fix writes, and the file's directive goes in as a # comment", async () => {
  const dir = tempDir();
  dirs.push(dir);
  const name = "widgets_test.exs";
  const path = join(dir, name);
  copyFileSync(repoPath("test/fixtures/elixir/several/widgets_test.exs"), path);
  const uri = uriOf(path);
  const text = readFileSync(path, "utf8");
  const client = await startClient({ folder: dir });
  try {
    client.open(uri, text, "elixir");
    const { diagnostics } = await client.published_(uri);
    // The last tool module's unknown key, on line 38: its own fixes come with every tool's in fix-all.
    const last = diagnostics.find((d) => d.code === "unknown-key" && d.range.start.line === 37) as Diagnostic;
    const actions = await actionsAt(client, uri, last);
    // The directives go in as # comments: the line's above it, with its indent, the file's at the top.
    assert.deepEqual(
      actions.map((a) => a.title),
      // The action's missing-key covers its whole map, written on this line.
      [
        'Rename to "properties"',
        "Disable unknown-key for this line",
        "Disable unknown-key for this file",
        "Disable missing-key for this line",
        "Disable missing-key for this file",
        "Fix all wymcp-lint offences that can be fixed",
      ],
    );
    const line = applied(text, actions[1] as CodeAction, uri);
    assert.equal(
      line,
      text.replace('      %{list: %{description: "List widgets"', '      # wymcp-lint-disable-next-line unknown-key\n      %{list: %{description: "List widgets"'),
    );
    // The CLI reads it as the directive: the finding on line 38 goes; the rest stay, those below one line down.
    const moved = (await findingsByCli(dir, name, line)).map((f) => (f.line > 38 ? { ...f, line: f.line - 1 } : f));
    assert.deepEqual(
      moved,
      (await findingsByCli(dir, name, text)).filter((f) => !(f.code === "unknown-key" && f.line === 38)),
    );
    const disabled = applied(text, actions[2] as CodeAction, uri);
    assert.equal(disabled, `# wymcp-lint-disable-file unknown-key\n${text}`);
    const codes = await codesByCli(dir, name, disabled);
    assert.ok(codes.length > 0 && !codes.includes("unknown-key"), codes.join(", "));
    // Asked over the whole document at once, the actions are those of each diagnostic asked alone.
    const whole = (await client.connection.sendRequest("textDocument/codeAction", {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: text.split("\n").length, character: 0 } },
      context: { diagnostics, only: ["quickfix"] },
    })) as CodeAction[];
    const alone = (await Promise.all(diagnostics.map((d) => actionsAt(client, uri, d, ["quickfix"])))).flat();
    // (A diagnostic's range may hold another's, whose actions it then offers too: each counts once.)
    const once = (actions: readonly CodeAction[]): string[] => [...new Set(actions.map((a) => JSON.stringify(a)))].sort();
    assert.deepEqual(once(whole), once(alone));
    assert.ok(alone.filter((a) => a.title.endsWith("for this line")).length >= 2);
    const [all] = (await actionsAt(client, uri, last, ["source.fixAll"])).filter((a) => a.kind === "source.fixAll.wymcp-lint");
    assert.equal(applied(text, all as CodeAction, uri), await fixedByCli(dir, name));
    // Hover on the code the new directive names explains it; on the directive's own words, nothing.
    client.change(uri, 2, disabled);
    await client.published_(uri, (p) => p.version === 2, 0);
    const hover = (await client.connection.sendRequest("textDocument/hover", { textDocument: { uri }, position: { line: 0, character: 32 } })) as {
      contents: { value: string };
    } | null;
    assert.match(hover?.contents.value ?? "", /^\*\*unknown-key\*\*/);
    assert.equal(await client.connection.sendRequest("textDocument/hover", { textDocument: { uri }, position: { line: 0, character: 5 } }), null);
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("where the finding's line begins inside a string that runs over lines, only the file's directive is offered", async () => {
  const dir = tempDir();
  dirs.push(dir);
  // Each key follows the end of a string begun on the line before: a line put above it would be text of the string.
  const documents = [
    { name: "joined.actions.json5", language: "json5", text: '{\n  list: { description: "List \\\nthings", propertes: {} },\n}\n' },
    {
      name: "notes.tool.mjs",
      language: "javascript",
      text: 'export const name = "notes";\nexport const description = "Notes";\nexport const actions = { add: { description: `Add\na note`, propertes: {} } };\n',
    },
    {
      name: "heredoc.ex",
      language: "elixir",
      text: 'defmodule Heredoc.Tool do\n  use Wymcp.Tool\n\n  def name, do: "heredoc"\n  def description, do: "Heredoc"\n\n  def actions do\n    %{list: %{description: """\n      List things.\n      """, propertes: %{}}}\n  end\nend\n',
    },
  ];
  const client = await startClient({ folder: dir });
  try {
    for (const { name, language, text } of documents) {
      const uri = uriOf(join(dir, name));
      client.open(uri, text, language);
      const { diagnostics } = await client.published_(uri);
      const unknown = diagnostics.find((d) => d.code === "unknown-key") as Diagnostic;
      assert.ok(unknown !== undefined, name);
      const titles = (await actionsAt(client, uri, unknown, ["quickfix"])).map((a) => a.title);
      assert.deepEqual(titles, ['Rename to "properties"', "Disable unknown-key for this file"], name);
      // The near miss: the directive put above the line anyway is text of the string, so the finding
      // stays (in JSON5 the string then breaks: it goes on over a line only after a backslash).
      const lines = text.split("\n");
      const comment = language === "elixir" ? "#" : "//";
      lines.splice(unknown.range.start.line, 0, `${comment} wymcp-lint-disable-next-line unknown-key`);
      const codes = await codesByCli(dir, name, lines.join("\n"));
      assert.ok(codes.includes(language === "json5" ? "parse-error" : "unknown-key"), `${name}: ${codes.join(", ")}`);
    }
    // One Elixir document with both: asked over the whole document (one read with a line above
    // each finding's), the line's directive comes for the finding outside the heredoc only.
    const mixed =
      'defmodule Mixed.Tool do\n  use Wymcp.Tool\n\n  def name, do: "mixed"\n  def description, do: "Mixed"\n\n  def actions do\n    %{\n      find: %{descripton: "Find", properties: %{}},\n      list: %{description: """\n        List things.\n        """, propertes: %{}}\n    }\n  end\nend\n';
    const uri = uriOf(join(dir, "mixed.ex"));
    client.open(uri, mixed, "elixir");
    const { diagnostics } = await client.published_(uri);
    assert.deepEqual(
      diagnostics.filter((d) => d.code === "unknown-key").map((d) => d.range.start.line),
      [8, 11],
    );
    const whole = (await client.connection.sendRequest("textDocument/codeAction", {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 15, character: 0 } },
      context: { diagnostics, only: ["quickfix"] },
    })) as CodeAction[];
    assert.deepEqual(
      whole.filter((a) => a.title.startsWith("Disable unknown-key")).map((a) => [a.title, a.diagnostics?.[0]?.range.start.line]),
      [
        ["Disable unknown-key for this line", 8],
        ["Disable unknown-key for this file", 8],
        ["Disable unknown-key for this file", 11],
      ],
    );
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("a fix-all asked right after an edit, before its lint, lints that version at once and fixes it as --fix does; its edits name the version", async () => {
  const { dir, uri, text } = workspace("search.actions.json5");
  // A debounce far longer than any wait here: only a lint on demand can answer.
  const client = await startClient({ folder: dir, documentChanges: true, initializationOptions: { debounceMs: 10_000 } });
  try {
    client.open(uri, text, "json5");
    await client.published_(uri);
    const edited = text.replace("descripton", "descripton ");
    client.change(uri, 2, edited);
    const actions = (await client.request("textDocument/codeAction", {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ["source.fixAll"] },
    })) as CodeAction[];
    assert.equal(actions.length, 1);
    const change = actions[0]?.edit?.documentChanges?.[0] as { textDocument: { uri: string; version: number }; edits: TextEdit[] };
    assert.deepEqual(change.textDocument, { uri, version: 2 });
    const fixed = TextDocument.applyEdits(TextDocument.create(uri, "json5", 2, edited), change.edits);
    writeFileSync(join(dir, "search.actions.json5"), edited);
    assert.equal(fixed, await fixedByCli(dir, "search.actions.json5"));
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("hover explains every diagnostic at the cursor", async () => {
  const dir = tempDir();
  dirs.push(dir);
  const path = join(dir, "twice.actions.json");
  // The second "x" is both repeated and undeclared.
  const text = '{ "find": { "description": "Find", "properties": {}, "required": ["x", "x"] } }\n';
  const client = await startClient({ folder: dir });
  try {
    client.open(uriOf(path), text);
    const { diagnostics } = await client.published_(uriOf(path));
    const second = diagnostics.filter((d) => d.range.start.character === text.lastIndexOf('"x"'));
    assert.deepEqual(second.map((d) => d.code).sort(), ["duplicate", "undeclared"]);
    const hover = (await client.request("textDocument/hover", { textDocument: { uri: uriOf(path) }, position: second[0]?.range.start })) as { contents: { value: string } };
    assert.match(hover.contents.value, /\*\*duplicate\*\*/);
    assert.match(hover.contents.value, /\*\*undeclared\*\*/);
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("a JSON file, which has no comments, gets no directive actions; hover explains the code", async () => {
  const dir = tempDir();
  dirs.push(dir);
  const path = join(dir, "plain.actions.json");
  const text = '{ "find": { "descripton": "Find", "properties": {} } }\n';
  const client = await startClient({ folder: dir });
  try {
    client.open(uriOf(path), text);
    const { diagnostics } = await client.published_(uriOf(path));
    const unknown = diagnostics.find((d) => d.code === "unknown-key") as Diagnostic;
    assert.deepEqual(
      (await actionsAt(client, uriOf(path), unknown)).map((a) => a.kind),
      ["quickfix", "source.fixAll.wymcp-lint"],
    );
    const hover = (await client.connection.sendRequest("textDocument/hover", { textDocument: { uri: uriOf(path) }, position: unknown.range.start })) as {
      contents: { kind: string; value: string };
    };
    assert.equal(hover.contents.kind, "markdown");
    // The action's missing-key covers its whole map, written on this line: both are explained.
    assert.match(hover.contents.value, /^\*\*missing-key\*\*: /);
    assert.match(hover.contents.value, /\n\*\*unknown-key\*\*: Unknown action-schema key/);
    assert.match(hover.contents.value, /\*\*Fix\.\*\*/);
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("hover on a code inside a disable directive gives that code's doc", async () => {
  const dir = tempDir();
  dirs.push(dir);
  const path = join(dir, "directive.actions.json5");
  const text = '// wymcp-lint-disable-next-line duplicate-key -- kept on purpose\n{ find: { description: "Find", properties: {} } }\n';
  const client = await startClient({ folder: dir });
  try {
    client.open(uriOf(path), text, "json5");
    await client.published_(uriOf(path));
    const hover = (await client.connection.sendRequest("textDocument/hover", { textDocument: { uri: uriOf(path) }, position: { line: 0, character: 36 } })) as {
      contents: { value: string };
    } | null;
    assert.match(hover?.contents.value ?? "", /^\*\*duplicate-key\*\*/);
    // Elsewhere on the directive, which suppresses nothing: its own diagnostic's explanation.
    const elsewhere = (await client.connection.sendRequest("textDocument/hover", { textDocument: { uri: uriOf(path) }, position: { line: 0, character: 55 } })) as {
      contents: { value: string };
    } | null;
    assert.match(elsewhere?.contents.value ?? "", /^\*\*unused-disable\*\*/);
    assert.equal(await client.connection.sendRequest("textDocument/hover", { textDocument: { uri: uriOf(path) }, position: { line: 1, character: 20 } }), null);
  } finally {
    assert.equal(await client.stop(), 0);
  }
});

test("a decision is offered as a suggestion, never preferred nor in fix-all: the action a related entry may mean, the property a default key may mean", async () => {
  const dir = tempDir();
  dirs.push(dir);
  const path = join(dir, "decide.actions.json5");
  const text = [
    "{",
    '  find: { description: "Find", properties: { limit: { type: "integer" } }, defaults: { limt: 10 }, related: ["lst"] },',
    '  list: { description: "List", properties: {} },',
    "}",
    "",
  ].join("\n");
  writeFileSync(path, text);
  const client = await startClient({ folder: dir });
  try {
    client.open(uriOf(path), text, "json5");
    const { diagnostics } = await client.published_(uriOf(path));
    const related = diagnostics.find((d) => d.code === "unknown-related") as Diagnostic;
    const [change] = (await actionsAt(client, uriOf(path), related, ["quickfix"])).filter((a) => a.title === 'Change to "list"');
    assert.equal(change?.isPreferred, undefined);
    assert.equal(applied(text, change as CodeAction, uriOf(path)), text.replace('["lst"]', '["list"]'));
    const defaults = diagnostics.find((d) => d.code === "undeclared-default") as Diagnostic;
    const [rename] = (await actionsAt(client, uriOf(path), defaults, ["quickfix"])).filter((a) => a.title === 'Rename to "limit"');
    assert.equal(applied(text, rename as CodeAction, uriOf(path)), text.replace("limt: 10", "limit: 10"));
    // Not a fix: --fix leaves them, and so does fix-all.
    const [all] = (await actionsAt(client, uriOf(path), related, ["source.fixAll"])).filter((a) => a.kind === "source.fixAll.wymcp-lint");
    assert.equal(all, undefined);
    assert.equal(await fixedByCli(dir, "decide.actions.json5"), text);
  } finally {
    assert.equal(await client.stop(), 0);
  }
});
