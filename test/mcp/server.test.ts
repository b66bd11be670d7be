// `--mcp`'s server driven by the MCP SDK's own client, in memory: every action, the help
// tool at its three levels, roots and paths outside them, a module that hangs, and calls
// that are malformed. The client checks each answer's structured content against the
// tool's listed output schema, and each answer here is held to the whole of it,
// schemas/mcp-answer.schema.json, so a shape that drifts from it fails here.

import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Ajv } from "ajv";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { OFFENCE_CODES } from "../../src/core/codes.js";
import { serveMcp } from "../../src/mcp/server.js";
import { tokenCounter } from "../../src/tokens/count.js";
import { cli } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

type Json = Record<string, unknown>;

interface Connected {
  readonly client: Client;
  readonly served: Promise<void>;
}

async function connect(roots: readonly string[] | null): Promise<Connected> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveMcp({ version: "0.0.0-test", loadTimeoutMs: 3_000 }, serverSide);
  const client = new Client({ name: "test", version: "1" }, { capabilities: roots === null ? {} : { roots: { listChanged: true } } });
  if (roots !== null) client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots.map((root) => ({ uri: pathToFileURL(root).href })) }));
  await client.connect(clientSide);
  return { client, served };
}

const answerSchema = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(repoPath("schemas/mcp-answer.schema.json"), "utf8")));

async function call(client: Client, action: string, data?: unknown): Promise<{ value: Json; isError: boolean; structured: Json | undefined }> {
  const result = await client.callTool({ name: "wymcp_lint", arguments: data === undefined ? { action } : { action, data } });
  const content = result.content as { type: string; text: string }[];
  assert.equal(content.length, 1);
  assert.equal(content[0]?.type, "text");
  const value = JSON.parse(content[0]?.text as string) as Json;
  if (result.isError !== true) assert.ok(answerSchema(value), JSON.stringify(answerSchema.errors));
  return { value, isError: result.isError === true, structured: result.structuredContent as Json | undefined };
}

const BROKEN = '{\n  "search": {\n    "description": "Search the catalogue",\n    "properties": {"q": {"type": "string"}},\n    "requird": ["q"]\n  }\n}\n';

let root: string;
let outside: string;
let withRoots: Connected;
let rootless: Connected;

before(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "wymcp-mcp-root-")));
  outside = realpathSync(mkdtempSync(join(tmpdir(), "wymcp-mcp-outside-")));
  mkdirSync(join(root, "tools"));
  writeFileSync(join(root, "tools", "catalogue.actions.json"), BROKEN);
  writeFileSync(join(root, "tools", "orders.actions.json"), '{"list": {"description": "List orders", "properties": {}}}\n');
  writeFileSync(join(outside, "secret.actions.json"), BROKEN);
  symlinkSync(outside, join(root, "escape"));
  withRoots = await connect([root]);
  rootless = await connect(null);
});

after(async () => {
  await withRoots.client.close();
  await rootless.client.close();
  await Promise.all([withRoots.served, rootless.served]);
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe("what the server declares", () => {
  test("tools/list holds the action-dispatched tool, in Wymcp's form, and help", async () => {
    const { tools } = await withRoots.client.listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      ["wymcp_lint", "help"],
    );
    const tool = tools[0] as unknown as Json & { inputSchema: Json };
    const action = (tool.inputSchema["properties"] as Record<string, Json>)["action"] as Json;
    assert.deepEqual(action["enum"], ["explain", "fix_text", "lint_files", "lint_text", "list_codes"]);
    assert.match(action["description"] as string, /^explain: .+\nfix_text: .+\nlint_files: .+\nlint_text: .+\nlist_codes: .+$/);
    // Linting a tool module runs its code, which may read anywhere and reach the network: nothing
    // a client could take as leave to run the tool unasked (docs/mcp.md, "What runs").
    assert.deepEqual(tool["annotations"], { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
    assert.match(tool["description"] as string, /runs its code/);
    assert.deepEqual(tools[1]?.annotations, { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    assert.equal((tool["outputSchema"] as Json)["type"], "object");
  });

  test("the input schema says what data holds for each action, and the description points at help", async () => {
    const { tools } = await withRoots.client.listTools();
    const tool = tools[0] as unknown as Json & { inputSchema: { properties: Record<string, Json> } };
    assert.equal(
      tool.inputSchema.properties["data"]?.["description"],
      [
        "The action's arguments:",
        "explain: {code}",
        "fix_text: {text, filename, root?, severity?, limit?, offset?, diff?}",
        "lint_files: {paths, root?, severity?, limit?, offset?}",
        "lint_text: {text, filename, root?, severity?, limit?, offset?}",
        "list_codes: {}",
      ].join("\n"),
    );
    assert.match(tool["description"] as string, /help \{tool: wymcp_lint\}/);
  });

  test("tools/list costs a client few tokens: under 600 (o200k_base), the answers' whole shape in schemas/", async () => {
    const count = await tokenCounter();
    const listed = await withRoots.client.listTools();
    const tokens = count(JSON.stringify({ tools: listed.tools }));
    assert.ok(tokens < 600, `${tokens} tokens`);
    // The listed output schema is the outer shape of every answer the whole schema allows.
    const whole = JSON.parse(readFileSync(repoPath("schemas/mcp-answer.schema.json"), "utf8")) as Json;
    const outer = (listed.tools[0] as unknown as Json)["outputSchema"] as { properties: { action: { enum: string[] } } };
    const answered = (whole["oneOf"] as { properties: { action: { enum?: string[]; const?: string } } }[]).flatMap(
      (shape) => shape.properties.action.enum ?? [shape.properties.action.const as string],
    );
    assert.deepEqual(answered.sort(), [...outer.properties.action.enum].sort());
  });

  test("help answers the index, the tool complete, one action, and names the valid targets of an unknown one", async () => {
    const help = async (args: Json) => {
      const result = await withRoots.client.callTool({ name: "help", arguments: args });
      return { value: JSON.parse((result.content as { text: string }[])[0]?.text as string) as Json, isError: result.isError === true };
    };
    const index = await help({});
    assert.equal(index.isError, false);
    assert.equal(((index.value["tools"] as Json[])[0] as Json)["tool"], "wymcp_lint");
    const tool = await help({ tool: "wymcp_lint" });
    assert.deepEqual(Object.keys(tool.value["actions"] as Json).sort(), ["explain", "fix_text", "lint_files", "lint_text", "list_codes"]);
    assert.deepEqual(((tool.value["actions"] as Json)["list_codes"] as Json)["required"], []);
    const one = await help({ tool: "wymcp_lint", action: "lint_text" });
    assert.deepEqual(one.value["required"], ["text", "filename"]);
    const unknown = await help({ tool: "wymcp_lint", action: "lint" });
    assert.equal(unknown.isError, true);
    assert.equal(unknown.value["error"], "unknown_action");
    assert.equal((await help({ tool: "nope" })).value["error"], "unknown_tool");
    assert.equal((await help({ action: "lint_text" })).value["error"], "missing_tool");
    assert.equal((await help({ tol: "wymcp_lint" })).value["error"], "invalid_params");
  });
});

describe("lint_text", () => {
  test("gives the findings the CLI gives for the same file, with positions, fixes and edits", async () => {
    const answer = await call(withRoots.client, "lint_text", { text: BROKEN, filename: "tools/catalogue.actions.json" });
    assert.equal(answer.isError, false);
    assert.deepEqual(answer.structured, answer.value);
    assert.equal(answer.value["root"], root);
    const cliReport = await cli(["--stdin", "--stdin-filename", "tools/catalogue.actions.json", "--format", "json"], { cwd: root, stdin: BROKEN });
    const fromCli = (JSON.parse(cliReport.stdout) as { files: { offences: Json[] }[] }).files[0]?.offences ?? [];
    const offences = answer.value["offences"] as Json[];
    assert.equal(offences.length, fromCli.length);
    assert.ok(offences.length > 0);
    for (const [i, offence] of offences.entries()) {
      const expected = fromCli[i] as Json;
      for (const key of ["code", "severity", "action", "location", "line", "column", "message", "fix", "edits"]) assert.deepEqual(offence[key], expected[key], key);
    }
    const unknownKey = offences.find((o) => o["code"] === "unknown-key") as Json;
    assert.equal(unknownKey["line"], 5);
    assert.ok(Array.isArray(unknownKey["edits"]));
    assert.deepEqual(answer.value["summary"], {
      files: 1,
      actions: 1,
      offences: offences.length,
      errors: fromCli.filter((o) => o["severity"] === "error").length,
      warnings: fromCli.filter((o) => o["severity"] === "warn").length,
    });
  });

  test("an Elixir file's text: every tool module's offences, each naming its tool", async () => {
    const text = readFileSync(repoPath("test/fixtures/elixir/several/widgets_test.exs"), "utf8");
    const answer = await call(withRoots.client, "lint_text", { text, filename: "test/widgets_test.exs" });
    assert.equal(answer.isError, false);
    assert.deepEqual(
      (answer.value["offences"] as Json[]).map((o) => `${o["tool"]} ${o["line"]} ${o["code"]}`),
      [
        "widgets 14 duplicate",
        "widgets 13 unknown-key",
        "widgets 13 missing-key",
        "gadgets 26 unused-disable",
        "widgets 34 duplicate-tool",
        "widgets 38 unknown-key",
        "widgets 38 missing-key",
      ],
    );
    assert.equal((answer.value["summary"] as Json)["files"], 1);
  });

  test("lints an action file's text with no root at all, and names no root", async () => {
    const answer = await call(rootless.client, "lint_text", { text: BROKEN, filename: "catalogue.actions.json" });
    assert.equal(answer.isError, false);
    assert.equal(answer.value["root"], null);
    assert.ok((answer.value["offences"] as Json[]).some((o) => o["code"] === "unknown-key"));
  });

  test("a tool module needs a root, since it loads where it lives", async () => {
    const answer = await call(rootless.client, "lint_text", { text: "export default {}", filename: "x.tool.mjs" });
    assert.equal(answer.isError, true);
    assert.equal(answer.value["error"], "no_root");
  });

  test("a module that hangs costs its own load-error, and the server goes on answering", async () => {
    const hanging = call(withRoots.client, "lint_text", { text: "while (true) {}\nexport default {};\n", filename: "tools/spin.tool.mjs" });
    const meanwhile = await call(withRoots.client, "list_codes");
    assert.equal(meanwhile.isError, false);
    const answer = await hanging;
    assert.equal(answer.isError, false);
    assert.deepEqual(
      (answer.value["offences"] as Json[]).map((o) => o["code"]),
      ["load-error"],
    );
    const after = await call(withRoots.client, "lint_text", { text: BROKEN, filename: "tools/catalogue.actions.json" });
    assert.equal(after.isError, false);
  });

  test("pages the offences: limit, offset, next, and a severity filter; the summary counts them all", async () => {
    // Even actions have an error (a misspelt key), odd ones a warning (a related action that does not exist).
    const actions = Object.fromEntries(
      Array.from({ length: 60 }, (_, i) => [
        `a${i}`,
        i % 2 === 0 ? { description: "Do it", properties: {}, requird: [] } : { description: "Do it", properties: {}, related: ["nope"] },
      ]),
    );
    const text = JSON.stringify(actions, null, 2);
    const first = await call(withRoots.client, "lint_text", { text, filename: "many.actions.json", limit: 25 });
    const summary = first.value["summary"] as Json;
    assert.equal(summary["offences"], 60);
    assert.deepEqual(first.value["page"], { offset: 0, limit: 25, listed: 25, matching: 60, next: 25 });
    const last = await call(withRoots.client, "lint_text", { text, filename: "many.actions.json", limit: 25, offset: 50 });
    assert.deepEqual(last.value["page"], { offset: 50, limit: 25, listed: 10, matching: 60, next: null });
    const errors = await call(withRoots.client, "lint_text", { text, filename: "many.actions.json", severity: "error" });
    assert.equal(summary["errors"], 30);
    assert.equal((errors.value["page"] as Json)["matching"], 30);
    assert.ok((errors.value["offences"] as Json[]).every((o) => o["severity"] === "error"));
  });

  test("the default answer stays within about 8,000 tokens however many offences the file has", async () => {
    const actions = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`action_${i}`, { description: "Do the thing", properties: {}, requird: [] }]));
    const answer = await call(withRoots.client, "lint_text", { text: JSON.stringify(actions, null, 2), filename: "huge.actions.json" });
    // One unknown-key per action; the joined summary is a parameter's description, which no client limit measures (docs/client-limits.md).
    assert.equal((answer.value["summary"] as Json)["errors"], 400);
    assert.equal((answer.value["summary"] as Json)["offences"], 400);
    // About four characters a token for JSON text: a generous upper bound on what a model reads.
    assert.ok(JSON.stringify(answer.value).length / 4 <= 8_000, `${JSON.stringify(answer.value).length} characters`);
  });
});

describe("lint_files", () => {
  test("lints paths against the client's root and names it", async () => {
    const answer = await call(withRoots.client, "lint_files", { paths: ["tools"] });
    assert.equal(answer.isError, false);
    assert.equal(answer.value["root"], root);
    assert.equal((answer.value["summary"] as Json)["files"], 2);
    assert.ok((answer.value["offences"] as Json[]).every((o) => o["file"] === "tools/catalogue.actions.json"));
  });

  test("an explicit root inside the client's roots is used; one outside them is refused", async () => {
    const inside = await call(withRoots.client, "lint_files", { paths: ["."], root: join(root, "tools") });
    assert.equal(inside.value["root"], join(root, "tools"));
    const refused = await call(withRoots.client, "lint_files", { paths: ["."], root: outside });
    assert.equal(refused.isError, true);
    assert.equal(refused.value["error"], "invalid_root");
  });

  test("paths outside the root are refused: '..', an absolute path, a symlink, a glob that climbs", async () => {
    for (const path of ["../x", outside, join(outside, "secret.actions.json"), "escape/secret.actions.json", "tools/**/../../../*.json"]) {
      const answer = await call(withRoots.client, "lint_files", { paths: [path] });
      assert.equal(answer.isError, true, path);
      assert.match(answer.value["error"] as string, /^outside_root$/, path);
    }
  });

  test("a symlinked file met in a search that leads out of the root is neither read nor run, through a directory or a glob", async () => {
    const inside = realpathSync(mkdtempSync(join(tmpdir(), "wymcp-mcp-links-")));
    try {
      mkdirSync(join(inside, "tools"));
      writeFileSync(join(inside, "tools", "own.actions.json"), BROKEN);
      // A module that reports an offence only when it runs: it must not.
      writeFileSync(
        join(outside, "spy.tool.mjs"),
        'export default { name: "spy", description: "Spy", actions: () => ({ look: { description: "Look", properties: {}, requird: [] } }) };\n',
      );
      symlinkSync(join(outside, "secret.actions.json"), join(inside, "tools", "secret.actions.json"));
      symlinkSync(join(outside, "spy.tool.mjs"), join(inside, "tools", "spy.tool.mjs"));
      // A link to a file inside the root is followed, as the CLI follows it.
      symlinkSync(join(inside, "tools", "own.actions.json"), join(inside, "tools", "twin.actions.json"));
      for (const paths of [["."], ["tools"], ["tools/*"], ["**/*.json"]]) {
        const answer = await call(rootless.client, "lint_files", { paths, root: inside });
        assert.equal(answer.isError, false, `${paths}: ${JSON.stringify(answer.value)}`);
        const files = [...new Set((answer.value["offences"] as Json[]).map((o) => o["file"]))];
        assert.deepEqual(files, [paths[0] === "." ? "./tools/own.actions.json" : "tools/own.actions.json"], String(paths));
        assert.equal((answer.value["summary"] as Json)["files"], 1, String(paths));
      }
      // A search that finds nothing but such links says so, as for any search that finds nothing.
      const none = await call(rootless.client, "lint_files", { paths: ["**/*.tool.mjs"], root: inside });
      assert.equal(none.value["error"], "invalid_paths");
      assert.match(none.value["message"] as string, /1 symlink leads outside the root/);
    } finally {
      rmSync(inside, { recursive: true, force: true });
      rmSync(join(outside, "spy.tool.mjs"), { force: true });
    }
  });

  test("with no root, lint_files is refused rather than run in the server's working directory", async () => {
    const answer = await call(rootless.client, "lint_files", { paths: ["."] });
    assert.equal(answer.isError, true);
    assert.equal(answer.value["error"], "no_root");
  });

  test("a path that does not exist is the call's error", async () => {
    const answer = await call(withRoots.client, "lint_files", { paths: ["missing.actions.json"] });
    assert.equal(answer.isError, true);
    assert.equal(answer.value["error"], "invalid_paths");
  });
});

test("whatever a check throws, the answer is the other files' offences and a clear error for that file; the session goes on", async () => {
  const inside = realpathSync(mkdtempSync(join(tmpdir(), "wymcp-mcp-throws-")));
  try {
    // A description a check once overflowed a regular expression on (core/model-text); any
    // other internal failure takes the same route.
    const huge = JSON.stringify({ search: { description: `Search ${"QUJD".repeat(1_500_000)}`, properties: {} } });
    writeFileSync(join(inside, "big.actions.json"), huge);
    writeFileSync(join(inside, "small.actions.json"), BROKEN);
    const answer = await call(rootless.client, "lint_files", { paths: ["."], root: inside });
    assert.equal(answer.isError, false, JSON.stringify(answer.value).slice(0, 500));
    const byFile = (answer.value["offences"] as Json[]).map((o) => `${o["file"]} ${o["code"]}`);
    assert.ok(byFile.includes("./small.actions.json unknown-key"), byFile.join("\n"));
    const text = await call(rootless.client, "lint_text", { text: huge, filename: "big.actions.json" });
    assert.equal(text.isError, false);
    for (const offence of [...(answer.value["offences"] as Json[]).filter((o) => o["file"] === "./big.actions.json"), ...(text.value["offences"] as Json[])]) {
      // Either the checks found what is wrong, or the file says plainly that a check failed.
      if (offence["code"] === "parse-error") assert.match(offence["message"] as string, /failed inside wymcp-lint/);
    }
    assert.equal((await call(rootless.client, "list_codes")).isError, false);
    // Whatever the failure: here no module process can start.
    writeFileSync(join(inside, "big.actions.json"), BROKEN);
    writeFileSync(join(inside, "mod.tool.mjs"), 'export default { name: "mod", description: "Mod", actions: () => ({}) };\n');
    const fresh = await connect(null);
    const options = process.env["NODE_OPTIONS"];
    process.env["NODE_OPTIONS"] = `--require ${join(inside, "missing.cjs")}`;
    try {
      const broken = await call(fresh.client, "lint_files", { paths: ["."], root: inside });
      assert.equal(broken.isError, false);
      assert.deepEqual(
        (broken.value["offences"] as Json[]).map((o) => `${o["file"]} ${o["code"]}`),
        ["./big.actions.json unknown-key", "./mod.tool.mjs load-error", "./small.actions.json unknown-key"],
      );
      assert.match(((broken.value["offences"] as Json[])[1] as Json)["message"] as string, /^linting this file failed inside wymcp-lint: .*module process/);
    } finally {
      if (options === undefined) delete process.env["NODE_OPTIONS"];
      else process.env["NODE_OPTIONS"] = options;
      await fresh.client.close();
      await fresh.served;
    }
  } finally {
    rmSync(inside, { recursive: true, force: true });
  }
});

describe("a client whose roots cannot be listed", () => {
  /** A client that declares roots and answers roots/list with `answer` (never, when it never settles), counting the requests. */
  async function connectAnswering(answer: () => Promise<unknown>): Promise<Connected & { asked: () => number }> {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const served = serveMcp({ version: "0.0.0-test", loadTimeoutMs: 3_000 }, serverSide);
    const client = new Client({ name: "test", version: "1" }, { capabilities: { roots: { listChanged: true } } });
    let asked = 0;
    client.setRequestHandler(ListRootsRequestSchema, () => {
      asked++;
      return answer() as never;
    });
    await client.connect(clientSide);
    return { client, served, asked: () => asked };
  }

  test("one that never answers roots/list costs the first call a few seconds and the next ones nothing: a clear error each", async () => {
    const silent = await connectAnswering(() => new Promise(() => undefined));
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await call(silent.client, "lint_text", { text: BROKEN, filename: "a.actions.json" });
        assert.equal(answer.value["error"], "roots_unavailable");
        assert.match(answer.value["message"] as string, /did not answer roots\/list within 5 s/);
      }
      assert.equal(silent.asked(), 1);
      // Once it says its roots changed, they are asked for again.
      await silent.client.sendRootsListChanged();
      await call(silent.client, "lint_text", { text: BROKEN, filename: "a.actions.json" });
      assert.equal(silent.asked(), 2);
    } finally {
      await silent.client.close();
      await silent.served;
    }
  });

  test("one that answers something other than a list of roots gets an error in a sentence, not a validation dump", async () => {
    const garbled = await connectAnswering(async () => ({ roots: "everywhere" }));
    try {
      const answer = await call(garbled.client, "lint_files", { paths: ["."] });
      assert.equal(answer.value["error"], "roots_unavailable");
      assert.match(answer.value["message"] as string, /answered roots\/list with something that is not a list of roots/);
      assert.doesNotMatch(answer.value["message"] as string, /invalid_type|expected|\[/);
    } finally {
      await garbled.client.close();
      await garbled.served;
    }
  });

  test("a root whose URI names no local directory (a host, an encoded slash) is left out, never an internal error", async () => {
    const odd = await connectAnswering(async () => ({ roots: [{ uri: "file://elsewhere/srv" }, { uri: "file:///a%2Fb" }, { uri: pathToFileURL(root).href }] }));
    try {
      const answer = await call(odd.client, "lint_files", { paths: ["tools"] });
      assert.equal(answer.isError, false, JSON.stringify(answer.value));
      assert.equal(answer.value["root"], root);
    } finally {
      await odd.client.close();
      await odd.served;
    }
  });
});

test("a root whose config is broken answers with the mistake, and is read again once it is mended", async () => {
  const broken = realpathSync(mkdtempSync(join(tmpdir(), "wymcp-mcp-config-")));
  try {
    writeFileSync(join(broken, "wymcp-lint.config.json"), '{"rules": {"unknown-key": "loud"}}');
    const refused = await call(withRoots.client, "lint_text", { text: BROKEN, filename: "a.actions.json", root: broken });
    // The root lies outside the client's roots: the server says so before it reads any config.
    assert.equal(refused.value["error"], "invalid_root");
    const answer = await call(rootless.client, "lint_text", { text: BROKEN, filename: "a.actions.json", root: broken });
    assert.equal(answer.isError, true);
    assert.equal(answer.value["error"], "invalid_config");
    assert.match(answer.value["message"] as string, /loud/);
    writeFileSync(join(broken, "wymcp-lint.config.json"), '{"rules": {"unknown-key": "warn"}}');
    const mended = await call(rootless.client, "lint_text", { text: BROKEN, filename: "a.actions.json", root: broken });
    assert.equal(mended.isError, false);
    assert.equal((mended.value["offences"] as Json[])[0]?.["severity"], "warn");
  } finally {
    rmSync(broken, { recursive: true, force: true });
  }
});

describe("fix_text", () => {
  test("answers the fixed text once and what is left, and writes nothing; the diff only when asked", async () => {
    const before = readdirSync(join(root, "tools")).sort();
    const answer = await call(withRoots.client, "fix_text", { text: BROKEN, filename: "tools/new.actions.json" });
    assert.equal(answer.isError, false);
    assert.equal(answer.value["changed"], true);
    assert.match(answer.value["text"] as string, /"required": \["q"\]/);
    assert.equal(answer.value["diff"], null);
    assert.deepEqual(answer.value["offences"], []);
    assert.deepEqual(readdirSync(join(root, "tools")).sort(), before);
    const withDiff = await call(withRoots.client, "fix_text", { text: BROKEN, filename: "tools/new.actions.json", diff: true });
    assert.match(withDiff.value["diff"] as string, /^-\s+"requird": \["q"\]$/m);
    assert.equal(withDiff.value["text"], answer.value["text"]);
  });

  test("the answer stays small: the fixed text once in each of the text and the structured content", async () => {
    const actions = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`a${i}`, { description: "Do it", properties: {}, requird: [] }]));
    const text = JSON.stringify(actions, null, 2);
    const result = await withRoots.client.callTool({ name: "wymcp_lint", arguments: { action: "fix_text", data: { text, filename: "many.actions.json" } } });
    const sent = (result.content as { text: string }[])[0]?.text as string;
    const size = sent.length + JSON.stringify(result.structuredContent).length;
    // The fixed text as JSON writes it, twice (the JSON text and the structured content), and one page of what is left.
    const fixed = JSON.stringify((JSON.parse(sent) as Json)["text"]).length;
    assert.ok(fixed > text.length);
    assert.ok(size < 2 * fixed + 50_000, `${size} characters for ${text.length} in`);
  });

  test("a text with nothing to fix is not sent back: changed is false, text and diff null", async () => {
    const text = '{"list": {"description": "List orders", "properties": {}}}\n';
    const answer = await call(withRoots.client, "fix_text", { text, filename: "orders.actions.json", diff: true });
    assert.equal(answer.value["changed"], false);
    assert.equal(answer.value["text"], null);
    assert.equal(answer.value["diff"], null);
  });
});

test("an answer names the checks the chain held back in the actions it lists, which run once those offences are fixed", async () => {
  const text = readFileSync(repoPath("test/fixtures/held-back/gate.actions.json"), "utf8");
  const answer = await call(rootless.client, "lint_text", { text, filename: "gate.actions.json" });
  assert.deepEqual(
    (answer.value["heldBack"] as Json[]).map((h) => [h["file"], h["action"], h["check"], h["by"]]),
    [
      ["gate.actions.json", "order", "example-misses-required", ["duplicate"]],
      ["gate.actions.json", "order", "undeclared-default", ["duplicate"]],
    ],
  );
  assert.match(((answer.value["heldBack"] as Json[])[0] as Json)["message"] as string, /did not run/);
  // A page that lists none of that action's offences names none of its checks.
  const order = (answer.value["offences"] as Json[]).findIndex((o) => o["action"] === "order");
  const other = await call(rootless.client, "lint_text", { text, filename: "gate.actions.json", offset: order === 0 ? 3 : 0, limit: 1 });
  if ((other.value["offences"] as Json[])[0]?.["action"] !== "order") assert.deepEqual(other.value["heldBack"], []);
});

describe("explain and list_codes", () => {
  test("explain gives a code's docs; a slip gets a close match", async () => {
    const answer = await call(withRoots.client, "explain", { code: "undeclared-default" });
    assert.equal(answer.value["severity"], "error");
    assert.match(answer.value["text"] as string, /undeclared-default/);
    const slip = await call(withRoots.client, "explain", { code: "undeclared_defualt" });
    assert.equal(slip.isError, true);
    assert.match(slip.value["message"] as string, /did you mean "undeclared-default"/);
  });

  test("list_codes lists every code with its severity and title", async () => {
    const answer = await call(withRoots.client, "list_codes");
    const codes = answer.value["codes"] as Json[];
    assert.deepEqual(
      codes.map((c) => c["code"]),
      [...OFFENCE_CODES],
    );
    assert.ok(codes.every((c) => typeof c["title"] === "string" && (c["severity"] === "error" || c["severity"] === "warn")));
  });
});

describe("malformed calls are answered in the tool's dialect, never a crash", () => {
  const cases: [string, Json, string][] = [
    ["no action", {}, "missing_action"],
    ["an unknown action", { action: "lint" }, "unknown_action"],
    ["data that is no object", { action: "lint_text", data: [1] }, "invalid_data"],
    ["a missing required field", { action: "lint_text", data: { text: "{}" } }, "missing_required_fields"],
    ["an undeclared argument", { action: "lint_text", data: { text: "{}", filename: "a.actions.json", fielname: "x" } }, "invalid_data"],
    ["a required argument under a misspelt name", { action: "lint_text", data: { text: "{}", fielname: "a.actions.json" } }, "missing_required_fields"],
    ["a value of the wrong type", { action: "lint_files", data: { paths: "tools" } }, "invalid_data"],
    ["a limit out of bounds", { action: "lint_files", data: { paths: ["tools"], limit: 0 } }, "invalid_data"],
    ["a file of no known kind", { action: "lint_text", data: { text: "{}", filename: "notes.txt" } }, "invalid_data"],
    ["a root that is relative", { action: "lint_files", data: { paths: ["."], root: "tools" } }, "invalid_root"],
    ["an argument beside action and data", { action: "list_codes", extra: 1 }, "invalid_params"],
  ];
  for (const [name, args, error] of cases) {
    test(name, async () => {
      const result = await withRoots.client.callTool({ name: "wymcp_lint", arguments: args });
      assert.equal(result.isError, true);
      const value = JSON.parse((result.content as { text: string }[])[0]?.text as string) as Json;
      assert.equal(value["error"], error);
      assert.equal(typeof value["message"], "string");
    });
  }

  test("a misspelt name is named with the name it was probably meant to be, in data, beside it, and in help", async () => {
    const message = async (name: string, args: Json): Promise<string> => {
      const result = await withRoots.client.callTool({ name, arguments: args });
      return (JSON.parse((result.content as { text: string }[])[0]?.text as string) as Json)["message"] as string;
    };
    assert.match(
      await message("wymcp_lint", { action: "lint_text", data: { text: "{}", fielname: "a.actions.json" } }),
      /"fielname" is no argument of lint_text \(did you mean "filename"\?\)/,
    );
    assert.match(
      await message("wymcp_lint", { action: "lint_text", data: { text: "{}", filename: "a.actions.json", severty: "error" } }),
      /no argument "severty" \(did you mean "severity"\?\)/,
    );
    assert.match(await message("wymcp_lint", { action: "list_codes", dat: {} }), /"dat" \(did you mean "data"\?\)/);
    assert.match(await message("wymcp_lint", { action: "lint_txt" }), /did you mean "lint_text"\?/);
    assert.match(await message("help", { tol: "wymcp_lint" }), /"tol" \(did you mean "tool"\?\)/);
  });

  test("the server still answers after them", async () => {
    assert.equal((await call(withRoots.client, "list_codes")).isError, false);
  });

  test("an unknown tool is a protocol error naming the valid tools", async () => {
    await assert.rejects(withRoots.client.callTool({ name: "lint", arguments: {} }), (error: Error) => {
      // Said once: the client prefixes the code itself.
      assert.equal(error.message, "MCP error -32602: Unknown tool: lint. Valid tools: wymcp_lint, help.");
      return true;
    });
  });
});

test("the server's own declarations are an action file the linter finds clean", async () => {
  const outcome = await cli(["--format", "json", repoPath("src/mcp/wymcp_lint.actions.json")]);
  assert.equal(outcome.code, 0, outcome.stdout);
  assert.deepEqual((JSON.parse(outcome.stdout) as { summary: Json }).summary["offences"], 0);
});
