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

const BIN = repoPath("bin/wymcp-lint.js");
const BROKEN = '{"search": {"description": "Search", "properties": {}, "requird": []}}\n';

test("over stdio: the SDK's client lists the tools and lints a text", async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "wymcp-mcp-stdio-")));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "--mcp", "--load-timeout", "5"],
    cwd: tmpdir(),
    stderr: "pipe",
  });
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

test("the server ends when its client closes its input, leaving no process", async () => {
  const server = spawn(process.execPath, [BIN, "--mcp"], { cwd: tmpdir(), stdio: ["pipe", "pipe", "pipe"] });
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  await new Promise((resolve) => server.once("spawn", resolve));
  server.stdin.end();
  assert.equal(await exited, 0);
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
