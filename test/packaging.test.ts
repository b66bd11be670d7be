// The package as a user gets it (docs/install.md): packed as `npm pack` packs it, installed into
// an empty project with nothing else, where the README's quick start, a tool module in
// TypeScript, an Elixir module and `--lsp` run from the default install, the tokenizer's
// estimates too, and a run that needs an optional part that is not installed says which
// package to install. The install takes the versions this repository's lock file resolves,
// from npm's cache (which `npm ci` filled), so the test needs no network.

import assert from "node:assert/strict";
import { type SpawnSyncReturns, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { consumerLock, footprint } from "../bench/lib/install.mjs";
import { OPTIONAL_PARTS } from "../src/optional-parts.js";
import { builtPath, ROOT } from "./support/paths.js";

/** The default install's budget (docs/install.md). */
const MAX_INSTALL_BYTES = 30 * 1024 * 1024;

let dir = "";
let project = "";

function npm(args: readonly string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false" } });
}

function cli(args: readonly string[], input?: string): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [join(project, "node_modules", "wymcp-lint", "bin", "wymcp-lint.js"), ...args], {
    cwd: project,
    encoding: "utf8",
    timeout: 120_000,
    ...(input === undefined ? {} : { input }),
  });
}

before(() => {
  builtPath("dist/bundle/cli.cjs");
  dir = mkdtempSync(join(tmpdir(), "wymcp-pack-"));
  // The build is the source's (checked above): packing runs no script, so it builds nothing again.
  const packed = npm(["pack", "--ignore-scripts", "--json", "--pack-destination", dir], ROOT);
  assert.equal(packed.status, 0, packed.stderr);
  const [{ filename, integrity }] = JSON.parse(packed.stdout) as [{ filename: string; integrity: string }];
  project = join(dir, "project");
  mkdirSync(project);
  cpSync(join(dir, filename), join(project, filename));
  writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: "consumer", private: true, dependencies: { "wymcp-lint": `file:${filename}` } }, null, 2)}\n`);
  const registry = npm(["config", "get", "registry"], ROOT).stdout.trim();
  writeFileSync(join(project, "package-lock.json"), `${JSON.stringify(consumerLock(ROOT, filename, integrity, registry), null, 2)}\n`);
  const installed = npm(["ci", "--offline"], project);
  assert.equal(installed.status, 0, `npm ci --offline from the cache npm ci filled:\n${installed.stderr}`);
});

after(() => {
  if (dir !== "") rmSync(dir, { recursive: true, force: true });
});

test("the default install is under its budget and holds no optional part", () => {
  const { bytes, packages } = footprint(join(project, "node_modules"));
  assert.ok(bytes < MAX_INSTALL_BYTES, `${(bytes / 1024 / 1024).toFixed(1)} MB in ${packages} packages`);
  for (const part of Object.values(OPTIONAL_PARTS)) assert.ok(!existsSync(join(project, "node_modules", part.package)), `${part.package} is installed`);
  assert.ok(!existsSync(join(project, "node_modules", "gpt-tokenizer")), "the tokenizer's one encoding is bundled, not the package");
});

test("the quick start: the examples give the README's sample report", () => {
  cpSync(join(ROOT, "examples"), join(project, "tools"), { recursive: true });
  const outcome = cli(["tools"]);
  assert.equal(outcome.stderr, "");
  assert.equal(outcome.status, 1);
  assert.match(outcome.stdout, /^tools\/broken\/shop\.actions\.json:3:5 {2}unknown-key {2}tool shop action search at :descriptoin: /m);
  // The TypeScript module imports the package's own types, and loads with no build step.
  assert.doesNotMatch(outcome.stdout, /notes\.tool\.ts/);
  assert.match(outcome.stdout, /^8 files, 11 actions: 15 offences \(/m);
});

test("a TypeScript tool module and an Elixir module lint from the default install", () => {
  // The project's package.json names no "type": the module is CommonJS, its export made exports without esbuild.
  mkdirSync(join(project, "kinds"));
  const broken = '{ description: "Find\\na note", properties: { q: { type: "string" } } }';
  writeFileSync(join(project, "kinds", "find.tool.ts"), `const name: string = "find";\nexport default { name, description: "Find", actions: () => ({ find: ${broken} }) };\n`);
  writeFileSync(
    join(project, "kinds", "tasks.ex"),
    'defmodule MyApp.Tasks do\n  use Wymcp.Tool\n\n  def name, do: "tasks"\n  def description, do: "Tasks"\n\n  def actions do\n    %{create: %{description: "Create\\na task", properties: %{}}}\n  end\nend\n',
  );
  const outcome = cli(["kinds", "--format", "json"]);
  assert.equal(outcome.stderr, "");
  assert.equal(outcome.status, 1, outcome.stdout);
  const files = (JSON.parse(outcome.stdout) as { files: { file: string; offences: { code: string }[] }[] }).files;
  assert.deepEqual(
    files.map((f) => [f.file, f.offences.map((o) => o.code)]),
    [
      ["kinds/find.tool.ts", ["newline"]],
      ["kinds/tasks.ex", ["newline"]],
    ],
  );
});

test("the tokenizer's estimates run from the default install (its one encoding bundled)", () => {
  mkdirSync(join(project, "budget"));
  writeFileSync(join(project, "budget", "wymcp-lint.config.json"), `${JSON.stringify({ tokens: { action: 5 } })}\n`);
  writeFileSync(
    join(project, "budget", "long.actions.json"),
    `${JSON.stringify({ search: { description: "Search every note of the catalogue by its words and tags", properties: {} } })}\n`,
  );
  const outcome = spawnSync(process.execPath, [join(project, "node_modules", "wymcp-lint", "bin", "wymcp-lint.js"), "long.actions.json"], {
    cwd: join(project, "budget"),
    encoding: "utf8",
  });
  assert.equal(outcome.stderr, "");
  assert.match(outcome.stdout, /token-budget {2}/);
});

test("a run that needs an optional part that is missing says which package to install, as a usage error", () => {
  const mcp = cli(["--mcp"], "");
  assert.equal(mcp.status, 2);
  assert.equal(mcp.stdout, "");
  assert.equal(mcp.stderr, `wymcp-lint: error: --mcp needs ${OPTIONAL_PARTS.sdk.package}, an optional part that is not installed: npm install ${OPTIONAL_PARTS.sdk.package}.\n`);
  const server = cli(["--server-url", "http://127.0.0.1:9/mcp"]);
  assert.equal(server.status, 2);
  assert.match(
    server.stderr,
    /^wymcp-lint: error: Linting a running server needs @modelcontextprotocol\/sdk, an optional part that is not installed: npm install @modelcontextprotocol\/sdk\.\n$/,
  );
});

test("a TypeScript module with decorators without esbuild is a load-error saying what to install; the other files are linted", () => {
  mkdirSync(join(project, "decorated"));
  writeFileSync(
    join(project, "decorated", "marked.tool.ts"),
    'const mark = (value: unknown, _context: unknown) => value;\n@mark\nclass Marked {}\nexport default { name: "marked", description: "M", actions: () => ({ go: { description: "Go", properties: {} } }) };\nvoid Marked;\n',
  );
  writeFileSync(join(project, "decorated", "plain.actions.json"), `${JSON.stringify({ go: { description: "Go\nnow", properties: {} } })}\n`);
  const outcome = cli(["decorated"]);
  assert.equal(outcome.stderr, "");
  assert.equal(outcome.status, 1);
  assert.match(
    outcome.stdout,
    /marked\.tool\.ts\S*\s+load-error\s+.*A TypeScript module with decorators needs esbuild, an optional part that is not installed: npm install esbuild/,
  );
  assert.match(outcome.stdout, /plain\.actions\.json:1:\d+ {2}newline /);
});

test("--lsp answers initialize from the default install", async () => {
  const child = spawn(process.execPath, [join(project, "node_modules", "wymcp-lint", "bin", "wymcp-lint.js"), "--lsp"], { cwd: project, stdio: ["pipe", "pipe", "pipe"] });
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { processId: process.pid, rootUri: null, capabilities: {} } });
  child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  let out = "";
  const answer = await new Promise<{ id: number; result: { capabilities: Record<string, unknown>; serverInfo?: { name: string } } }>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`the language server exited (${code}) before answering: ${out}`)));
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const at = out.indexOf("\r\n\r\n");
      const length = Number(/Content-Length: (\d+)/.exec(out)?.[1]);
      if (at >= 0 && Buffer.byteLength(out.slice(at + 4)) >= length) resolve(JSON.parse(out.slice(at + 4, at + 4 + length)));
    });
  });
  child.kill();
  assert.equal(answer.id, 1);
  assert.ok("textDocumentSync" in answer.result.capabilities, JSON.stringify(answer.result));
});
