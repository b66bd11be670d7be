// `wymcp-lint --mcp` as a client starts it: the built CLI over stdio, driven by the SDK's
// client, by the linter itself (`--server`, which must find the server clean) and by the MCP
// Inspector's command line, a client we did not write. Each leaves no process behind.

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ROOT, repoPath } from "../support/paths.js";
import { allEnded } from "../support/processes.js";

const BIN = repoPath("bin/wymcp-lint.js");
const BROKEN = '{"search": {"description": "Search", "properties": {}, "requird": []}}\n';

/** `wymcp-lint --mcp` as the SDK's client starts it, in the temp directory, its stderr piped. */
function serverTransport(loadTimeoutS: number, env?: Record<string, string>): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "--mcp", "--load-timeout", String(loadTimeoutS)],
    cwd: tmpdir(),
    ...(env === undefined ? {} : { env: { ...(process.env as Record<string, string>), ...env } }),
    stderr: "pipe",
  });
}

test("over stdio: the SDK's client lists the tools and lints a text", async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "wymcp-mcp-stdio-")));
  const transport = serverTransport(5);
  const client = new Client({ name: "test", version: "1" });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      ["wymcp_lint", "help"],
    );
    const result = await client.callTool({ name: "wymcp_lint", arguments: { action: "lint_text", data: { text: BROKEN, filename: "search.actions.json", root } } });
    const value = result.structuredContent as { root: string; offences: { code: string; line: number }[] };
    assert.equal(value.root, root);
    assert.deepEqual(
      value.offences.map((o) => [o.code, o.line]),
      [["unknown-key", 1]],
    );
  } finally {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test("after a call that ran a module, a fresh module process waits for the next call, which takes it; none is left", async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "wymcp-mcp-fresh-")));
  const transport = serverTransport(20, { WYMCP_LINT_TRACE: "modules" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const module = (n: number): string =>
    `export const name = "fresh";\nexport const description = "Fresh";\nexport const actions = { act${n}: { description: "Act", properties: {}, requird: [] } };\n`;
  const lint = async (n: number): Promise<string[]> => {
    const result = await client.callTool({ name: "wymcp_lint", arguments: { action: "lint_text", data: { text: module(n), filename: "fresh.tool.mjs", root } } });
    return (result.structuredContent as { offences: { code: string; action: string }[] }).offences.map((o) => `${o.code} ${o.action}`);
  };
  const client = new Client({ name: "test", version: "1" });
  let started: number[] = [];
  try {
    await client.connect(transport);
    assert.deepEqual(await lint(1), ["unknown-key act1"]);
    // Waits on the trace itself, however long a busy machine takes to spawn (a minute at most).
    const deadline = Date.now() + 60_000;
    const ahead = await new Promise<string>((resolve, reject) => {
      const look = (): void => {
        const found = /module process (\d+) started, idle/.exec(stderr)?.[1];
        if (found !== undefined) resolve(found);
        else if (Date.now() > deadline) reject(new Error(`no module process was started ahead of the next call:\n${stderr}`));
        else setTimeout(look, 20);
      };
      look();
    });
    assert.deepEqual(await lint(2), ["unknown-key act2"]);
    assert.match(stderr, new RegExp(`module process ${ahead} taken, idle`));
  } finally {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  }
  started = [...stderr.matchAll(/module process (\d+) started/g)].map((m) => Number(m[1]));
  assert.ok(started.length >= 2, stderr);
  await allEnded(started);
});

test("the server ends when its client closes its input, leaving no process", async () => {
  const server = spawn(process.execPath, [BIN, "--mcp"], { cwd: tmpdir(), stdio: ["pipe", "pipe", "pipe"] });
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  await new Promise((resolve) => server.once("spawn", resolve));
  server.stdin.end();
  assert.equal(await exited, 0);
});

/** `wymcp-lint --mcp` spoken to line by line: each JSON-RPC message written, each answer read back. */
function rawServer() {
  const server = spawn(process.execPath, [BIN, "--mcp"], { cwd: tmpdir(), stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  server.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  const answers = (): Record<string, unknown>[] =>
    stdout
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  /** Waits for the answer with this id (or one with no id, when `id` is null). */
  const answer = async (id: number | null): Promise<Record<string, unknown>> => {
    for (;;) {
      const found = answers().find((a) => (id === null ? !("id" in a) && "error" in a : a["id"] === id));
      if (found !== undefined) return found;
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) without answering ${id}: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const send = (message: unknown): void => void server.stdin.write(`${JSON.stringify(message)}\n`);
  send({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
  return { server, send, answer, exited, stderr: () => stderr };
}

test("a message over the size limit is answered with an error naming the limit, to its request's id, and the session goes on", async () => {
  const raw = rawServer();
  try {
    await raw.answer(0);
    const text = "x".repeat(11 * 1024 * 1024);
    // The SDK's client writes the id last; another client first: both are found.
    raw.server.stdin.write(
      `${JSON.stringify({ method: "tools/call", params: { name: "wymcp_lint", arguments: { action: "lint_text", data: { text, filename: "a.actions.json" } } }, jsonrpc: "2.0", id: 7 })}\n`,
    );
    raw.server.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "wymcp_lint", arguments: { action: "lint_text", data: { text, filename: "a.actions.json" } } } })}\n`,
    );
    for (const id of [7, 8]) {
      const refused = (await raw.answer(id))["error"] as { code: number; message: string };
      assert.equal(refused.code, -32600);
      assert.match(refused.message, /over the server's limit of 10\.0 MiB/);
    }
    raw.send({ jsonrpc: "2.0", id: 9, method: "tools/list" });
    assert.equal(((await raw.answer(9))["result"] as { tools: unknown[] }).tools.length, 2);
    // A line that is no JSON-RPC message is answered too.
    raw.server.stdin.write("not json\n");
    assert.equal(((await raw.answer(null))["error"] as { code: number }).code, -32700);
  } finally {
    raw.server.stdin.end();
  }
  assert.equal(await raw.exited, 0);
});

test("a client that closes only the server's stdout ends it quietly: no stack trace, exit 0", async () => {
  const raw = rawServer();
  await raw.answer(0);
  raw.server.stdout.destroy();
  // The next answer meets the closed pipe.
  raw.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  raw.send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
  assert.equal(await raw.exited, 0);
  assert.equal(raw.stderr(), "");
});

test("the linter finds its own MCP server clean: wymcp-lint --server -- wymcp-lint --mcp", () => {
  const out = spawnSync(process.execPath, [BIN, "--format", "json", "--server", "--", process.execPath, BIN, "--mcp"], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
  assert.equal(out.status, 0, `${out.stdout}\n${out.stderr}`);
  const report = JSON.parse(out.stdout) as { files: { tool: string; offences: unknown[] }[]; summary: { offences: number; actions: number } };
  assert.deepEqual(
    report.files.map((f) => f.tool),
    ["wymcp_lint"],
  );
  assert.equal(report.summary.actions, 5);
  assert.equal(report.summary.offences, 0, JSON.stringify(report.files));
});

/** The Inspector's CLI, when installed on the machine (`.ci/run` installs it); null otherwise. */
function inspector(): string | null {
  const found = spawnSync("sh", ["-c", "command -v mcp-inspector"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
}

const INSPECTOR = inspector();

test("the MCP Inspector's CLI lists the tools and calls an action", {
  skip: INSPECTOR === null ? "the MCP Inspector (npm @modelcontextprotocol/inspector, mcp-inspector) is not installed here; .ci/run installs it" : false,
}, () => {
  const cwd = realpathSync(mkdtempSync(join(tmpdir(), "wymcp-mcp-inspector-")));
  try {
    const file = join(cwd, "search.actions.json");
    writeFileSync(file, BROKEN);
    const inspect = (...args: string[]): string => {
      const out = spawnSync(INSPECTOR as string, ["--cli", process.execPath, BIN, "--mcp", ...args], {
        cwd,
        encoding: "utf8",
        timeout: 120_000,
        env: { ...process.env, NO_COLOR: "1" },
      });
      assert.equal(out.status, 0, out.stderr);
      // The Inspector checks how portable a tool's schemas are across clients; ours must pass clean.
      assert.doesNotMatch(out.stderr, /Schema portability: \d+ errors?, [1-9]/, out.stderr);
      return out.stdout;
    };
    const listed = JSON.parse(inspect("--method", "tools/list")) as { tools: { name: string }[] };
    assert.deepEqual(
      listed.tools.map((t) => t.name),
      ["wymcp_lint", "help"],
    );
    const called = JSON.parse(
      inspect("--method", "tools/call", "--tool-name", "wymcp_lint", "--tool-arg", "action=lint_files", `--tool-arg`, `data=${JSON.stringify({ paths: ["."], root: cwd })}`),
    ) as { structuredContent: { offences: { code: string; file: string }[] } };
    assert.deepEqual(
      called.structuredContent.offences.map((o) => [o.file, o.code]),
      [["./search.actions.json", "unknown-key"]],
    );
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
});
