// One answer on every surface (docs/surfaces.md): one project of every kind of input (action
// files in JSON and JSON5, a tools file, a TypeScript module that imports a JSON file, an Elixir
// module whose actions/0 calls another module), with a config (raised, lowered and silenced
// codes, an override), a baseline and inline directives, linted through the CLI, --watch, the
// library's engine, the MCP server (lint_files and lint_text) and the language server (pull and
// push): the same offences (codes, severities, files, lines, columns, messages) everywhere, as
// the policies say (an Elixir value written in another module is placed there; an editor, which
// shows the tool's document, shows it at the call that reads it). Then one file changes on disk,
// and every surface follows it.

import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { searchTakes } from "../../src/files/kind.js";
import { createEngine } from "../../src/index.js";
import { serveMcp } from "../../src/mcp/server.js";
import { cli } from "../support/cli.js";
import { type Client as LspClient, startClient, uriOf } from "../support/lsp-client.js";
import { repoPath } from "../support/paths.js";

/** One offence as every surface can tell it: the file (relative to the project), and what a user reads of it. */
type Seen = string;

const seen = (file: string, code: string, severity: string, line: number | null, column: number | null, message: string): Seen =>
  `${file} ${line ?? 0}:${column ?? 0} ${severity} ${code} ${message}`;

interface JsonOffence {
  /** Only on an offence placed in another file than its tool's: that file, and the call in the tool's file that reads the value. */
  readonly file?: string;
  readonly via?: { readonly line: number; readonly column: number };
  readonly code: string;
  readonly severity: string;
  readonly line: number | null;
  readonly column: number | null;
  readonly message: string;
  readonly action: string | null;
  readonly location: string;
}

interface JsonReport {
  readonly files: readonly { readonly file: string; readonly offences: readonly JsonOffence[] }[];
  readonly summary: { readonly errors: number; readonly warnings: number; readonly baselined?: number };
}

/** The JSON report's offences, each as seen (in the file its line and column are in), sorted. */
function fromReport(report: JsonReport): Seen[] {
  return report.files.flatMap((file) => file.offences.map((o) => seen((o.file ?? file.file).replace(/^\.\//, ""), o.code, o.severity, o.line, o.column, o.message))).sort();
}

let project: string;

/** The files of the project a directory search takes, relative to it (what an editor opens, and an agent sends). */
function searchedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (searchTakes(entry, () => readFileSync(path, "latin1"))) out.push(relative(project, path));
    }
  };
  walk(project);
  return out.sort();
}

before(() => {
  project = realpathSync(mkdtempSync(join(tmpdir(), "wymcp-surfaces-")));
  cpSync(repoPath("test/fixtures/surfaces/project"), project, { recursive: true });
});

after(() => rmSync(project, { recursive: true, force: true }));

// ---------------------------------------------------------------------------------------
// The surfaces.

async function viaCli(): Promise<Seen[]> {
  const { stdout } = await cli(["--format", "json", "."], { cwd: project });
  return fromReport(JSON.parse(stdout) as JsonReport);
}

async function viaLibrary(): Promise<Seen[]> {
  const engine = await createEngine({ cwd: project });
  try {
    const { result } = await engine.run({ paths: ["."] });
    return result.files
      .flatMap((file) => file.offences.map((o) => seen((o.file ?? file.file).replace(/^\.\//, ""), o.code, o.severity, o.line ?? null, o.column ?? null, o.message)))
      .sort();
  } finally {
    engine.dispose();
  }
}

interface Mcp {
  readonly client: McpClient;
  readonly served: Promise<void>;
}

async function mcpConnect(): Promise<Mcp> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveMcp({ version: "0.0.0-test", loadTimeoutMs: 30_000 }, serverSide);
  const client = new McpClient({ name: "surfaces", version: "1" }, { capabilities: { roots: { listChanged: true } } });
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: pathToFileURL(project).href }] }));
  await client.connect(clientSide);
  return { client, served };
}

async function mcpCall(mcp: Mcp, action: string, data: Record<string, unknown>): Promise<{ offences: (JsonOffence & { file: string })[] }> {
  const result = await mcp.client.callTool({ name: "wymcp_lint", arguments: { action, data: { limit: 500, ...data } } });
  const value = JSON.parse((result.content as { text: string }[])[0]?.text as string) as { offences: (JsonOffence & { file: string })[] };
  assert.notEqual(result.isError, true, JSON.stringify(value));
  return value;
}

async function viaMcpFiles(mcp: Mcp): Promise<Seen[]> {
  const { offences } = await mcpCall(mcp, "lint_files", { paths: ["."] });
  return offences.map((o) => seen(o.file.replace(/^\.\//, ""), o.code, o.severity, o.line, o.column, o.message)).sort();
}

async function viaMcpText(mcp: Mcp): Promise<Seen[]> {
  const all: Seen[] = [];
  for (const file of searchedFiles()) {
    const { offences } = await mcpCall(mcp, "lint_text", { filename: file, text: readFileSync(join(project, file), "utf8") });
    for (const o of offences) all.push(seen(o.file.replace(/^\.\//, ""), o.code, o.severity, o.line, o.column, o.message));
  }
  return all.sort();
}

/**
 * The report's offences as a language server shows them: at 1-based positions, the message
 * prefixed with the action and location; one placed in another file at the call in the tool's
 * document that reads the value (the document is all an editor's diagnostics can point into).
 */
function expectedDiagnostics(report: JsonReport): Seen[] {
  return report.files
    .flatMap((file) =>
      file.offences.map((o) => {
        const message = o.action === null ? o.message : `${o.action}${o.location === "" ? "" : ` at ${o.location}`}: ${o.message}`;
        const at = o.via ?? { line: o.line ?? 1, column: o.column ?? 1 };
        return seen(file.file.replace(/^\.\//, ""), o.code, o.severity, at.line, at.column, message);
      }),
    )
    .sort();
}

interface Diagnostic {
  readonly range: { readonly start: { readonly line: number; readonly character: number } };
  readonly severity?: number;
  readonly code?: string | number;
  readonly message: string;
}

const fromDiagnostic = (file: string, d: Diagnostic): Seen =>
  seen(file, String(d.code), d.severity === 1 ? "error" : "warn", d.range.start.line + 1, d.range.start.character + 1, d.message);

/** Every searched file opened in a language server (pull or push), and its diagnostics once they are the latest. */
async function viaLsp(client: LspClient, pull: boolean): Promise<Seen[]> {
  const all: Seen[] = [];
  for (const file of searchedFiles()) {
    const uri = uriOf(join(project, file));
    const since = client.published.length;
    client.open(uri, readFileSync(join(project, file), "utf8"), file.endsWith(".ex") ? "elixir" : file.endsWith(".ts") ? "typescript" : "json");
    const items = pull ? ((await client.pullDiagnostics(uri)).items ?? []) : (await client.published_(uri, () => true, since)).diagnostics;
    for (const d of items as Diagnostic[]) all.push(fromDiagnostic(file, d));
  }
  return all.sort();
}

// ---------------------------------------------------------------------------------------
// --watch.

class Watching {
  readonly child: ChildProcess;
  readonly reports: JsonReport[] = [];
  #buffer = "";
  readonly #listeners = new Set<() => void>();

  constructor(cwd: string) {
    this.child = spawn(process.execPath, [repoPath("bin/wymcp-lint.js"), "--watch", "--format", "json", "."], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    this.child.stdout?.on("data", (chunk: Buffer) => {
      this.#buffer += chunk.toString();
      let at = this.#buffer.indexOf("\n");
      while (at >= 0) {
        const line = this.#buffer.slice(0, at);
        this.#buffer = this.#buffer.slice(at + 1);
        if (line.startsWith("{")) this.reports.push(JSON.parse(line) as JsonReport);
        at = this.#buffer.indexOf("\n");
      }
      for (const listener of [...this.#listeners]) listener();
    });
  }

  /** The first report that `accept` takes, from the `from`-th on; waits for it (a generous timeout turns a hang into a failure). */
  report(accept: (report: JsonReport) => boolean, from: number, what: string): Promise<JsonReport> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), 120_000);
      const check = (): void => {
        const found = this.reports.slice(from).find(accept);
        if (found === undefined) return;
        this.#listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      this.#listeners.add(check);
      check();
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      this.child.once("exit", () => resolve());
      this.child.kill("SIGINT");
    });
  }
}

// ---------------------------------------------------------------------------------------

test("every surface gives the CLI's offences for the same project, and follows a change on disk", { timeout: 600_000 }, async () => {
  const cliSeen = await viaCli();
  const report = JSON.parse((await cli(["--format", "json", "."], { cwd: project })).stdout) as JsonReport;
  // Not vacuous: the project has every kind of input, severities from the config, a baseline and directives at work.
  const files = new Set(cliSeen.map((line) => line.split(" ")[0]));
  for (const file of [
    "lib/schemas.ex",
    "tools/catalogue.actions.json",
    "tools/legacy/old.actions.json",
    "tools/listed.tools.json",
    "tools/notes.tool.ts",
    "tools/orders.actions.json5",
  ]) {
    assert.ok(files.has(file), file);
  }
  assert.equal(report.summary.baselined, 1, "the baseline takes the newline in catalogue out");
  assert.ok(!cliSeen.some((line) => line.includes(" newline ")), "the baselined offence is on no surface");
  assert.ok(
    cliSeen.some((line) => line.includes("error unknown-related")),
    "the config raises unknown-related",
  );
  assert.ok(
    cliSeen.some((line) => line.startsWith("tools/legacy/old.actions.json") && line.includes("warn unknown-key")),
    "the override lowers unknown-key",
  );
  assert.ok(!cliSeen.some((line) => line.includes("undeclared-example-key")), "the config sets undeclared-example-key off");
  assert.ok(
    cliSeen.some((line) => line.includes("warn unused-disable")),
    "a directive that suppresses nothing",
  );
  assert.ok(!cliSeen.some((line) => line.startsWith("tools/orders.actions.json5") && line.includes(" unknown-key ")), "a directive suppresses");
  assert.ok(
    cliSeen.some((line) => line.startsWith("lib/schemas.ex 8:23") && line.includes('names "limit"') && line.includes("read through the call in shop_tool.ex at line 8, column 15")),
    "the Elixir module's offence comes from the module it calls, and is placed where the value is written there",
  );
  assert.ok(
    cliSeen.some((line) => line.startsWith("tools/notes.tool.ts") && line.includes('names "title"')),
    "the tool module's offence comes from the JSON file it imports",
  );

  assert.deepEqual(await viaLibrary(), cliSeen, "the library's engine");

  const mcp = await mcpConnect();
  const pull = await startClient({ folder: project, pull: true, refresh: true });
  const push = await startClient({ folder: project });
  const watching = new Watching(project);
  try {
    assert.deepEqual(await viaMcpFiles(mcp), cliSeen, "the MCP server's lint_files");
    assert.deepEqual(await viaMcpText(mcp), cliSeen, "the MCP server's lint_text, file by file");
    const diagnostics = expectedDiagnostics(report);
    assert.deepEqual(await viaLsp(pull, true), diagnostics, "the language server, pulled");
    assert.deepEqual(await viaLsp(push, false), diagnostics, "the language server, pushed");
    assert.deepEqual(fromReport(await watching.report(() => true, 0, "the watch's first report")), cliSeen, "--watch");

    // One file changes on disk: the module the Elixir tool's actions/0 calls declares what it requires.
    const runs = watching.reports.length;
    const schemas = join(project, "lib/schemas.ex");
    writeFileSync(schemas, readFileSync(schemas, "utf8").replace('required: ["q", "limit"]', 'required: ["q"]'));
    const after = await viaCli();
    assert.ok(!after.some((line) => line.includes('names "limit"')), "the CLI follows the change");
    assert.equal(after.length, cliSeen.length - 1);
    assert.deepEqual(await viaLibrary(), after, "the library follows it");
    assert.deepEqual(await viaMcpFiles(mcp), after, "the MCP server follows it");
    assert.deepEqual(
      fromReport(await watching.report((r) => !JSON.stringify(r).includes('names \\"limit\\"'), runs, "the watch's report after the change")),
      after,
      "--watch follows it",
    );
    const shopUri = uriOf(join(project, "lib/shop_tool.ex"));
    for (const client of [pull, push]) {
      const since = client.published.length;
      const refreshes = client.refreshes;
      client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: uriOf(schemas), type: 2 }] });
      if (client === pull) {
        await client.until(() => (client.refreshes > refreshes ? true : undefined), "the pull server's word that diagnostics changed");
        const items = (await client.pullDiagnostics(shopUri)).items ?? [];
        assert.deepEqual(items, [], "the language server (pull) follows the module actions/0 calls");
      } else {
        const published = await client.published_(shopUri, (p) => p.diagnostics.length === 0, since);
        assert.deepEqual(published.diagnostics, [], "the language server (push) follows the module actions/0 calls");
      }
    }
  } finally {
    await watching.stop();
    await pull.stop();
    await push.stop();
    await mcp.client.close();
    await mcp.served;
  }
});

test("the library's checkTool gives what the CLI gives for the same tool as a module: model text, tool names and values against their schemas included", async () => {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-surfaces-tool-"));
  try {
    const properties = {
      q: { type: "string" },
      limit: { type: "integer", anyOf: [{ minimum: 1 }, { maximum: -1 }], default: 0 },
      price: { type: "number", multipleOf: 0.01, default: 19.99 },
      contact: { type: "string", format: "email", default: "nobody" },
      // 2020-12: "format" an annotation, unless a config asks (the library reads none).
      since: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "string", format: "date", default: "yesterday" },
    };
    const declaration = {
      name: "search items",
      description: "Search\u200b the catalogue",
      actions: { find: { description: "Find\u200b an item", properties } },
    };
    writeFileSync(join(dir, "search.tool.mjs"), `export default ${JSON.stringify(declaration)};\n`);
    const { stdout } = await cli(["--format", "json", "search.tool.mjs"], { cwd: dir });
    const cliCodes = (JSON.parse(stdout) as JsonReport).files.flatMap((file) => file.offences.map((o) => `${o.code} ${o.severity} ${o.message}`));
    assert.deepEqual(cliCodes.filter((c) => c.startsWith("hidden-character")).length, 2, "the CLI reports both hidden characters");
    assert.ok(cliCodes.some((c) => c.startsWith("tool-name")));
    assert.deepEqual(
      cliCodes.filter((c) => c.startsWith("value-mismatch")),
      ['value-mismatch warn "default": "nobody" is not a valid "email"', 'value-mismatch warn "default": 0 matches none of the "anyOf" schemas'],
    );
    const { checkTool } = await import("../../src/index.js");
    assert.deepEqual(
      checkTool(declaration).map((o) => `${o.code} ${o.severity} ${o.message}`),
      cliCodes,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
