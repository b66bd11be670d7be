// Linting a running MCP server, with real parts: a Wymcp server written on the
// SDK's server side (support/wymcp-server.ts) serving test/fixtures/server/wymcp/ exactly
// as Wymcp serves its tools, a plain server (support/plain-server.ts), and two published
// servers installed as devDependencies, over stdio and one over Streamable HTTP on a
// loopback port. Each test ends its server and checks with ps that no process is left.
// Timeouts are generous: nothing here depends on the machine's speed.

import assert from "node:assert/strict";
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { parseCommand } from "../../src/cli/options/index.js";
import { discover } from "../../src/lint/discover.js";
import { lintFound } from "../support/lint.js";
import { cli, type Outcome } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const NODE = process.execPath;
// The test servers are TypeScript, run from the source through tsx as the tests are.
const TSX = ["--import", "tsx"];
const WYMCP_SERVER = repoPath("test/support/wymcp-server.ts");
const PLAIN_SERVER = repoPath("test/support/plain-server.ts");
const LOOPBACK_ONLY = pathToFileURL(repoPath("test/support/loopback-only.ts")).href;
const WYMCP_FIXTURES = repoPath("test/fixtures/server/wymcp");
const PLAIN_FIXTURES = repoPath("test/fixtures/server/plain");
const EVERYTHING = repoPath("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const MEMORY = repoPath("node_modules/@modelcontextprotocol/server-memory/dist/index.js");
// Generous: a busy machine must not fail a test. The hanging-server test uses its own short one.
const TIMEOUT = ["--server-timeout", "120"];
const TEST_TIMEOUT = { timeout: 300_000 };

interface Row {
  readonly tool: string | null;
  readonly action: string | null;
  readonly code: string;
  readonly location: string;
  readonly message?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: reports are read through one loose type
type Json = any;

/** The pids and command lines of the live processes whose command line holds `marker` (zombies are dead). */
function processesWith(marker: string): string[] {
  const listing = execFileSync("ps", ["-eo", "pid=,stat=,args="], { encoding: "utf8" });
  return listing
    .split("\n")
    .filter((line) => line.includes(marker) && !/^\s*\d+\s+Z/.test(line) && !line.includes(" ps -eo "))
    .map((line) => line.trim());
}

/** Runs `body` and asserts that no process whose command line holds `marker` outlives it. */
async function leavesNoProcess<T>(marker: string, body: () => Promise<T>): Promise<T> {
  assert.deepEqual(processesWith(marker), [], "a process of an earlier test is still running");
  const result = await body();
  // A killed process ends once the kernel delivers the kill, a moment later on a busy machine.
  for (let waited = 0; waited < 5_000 && processesWith(marker).length > 0; waited += 50) await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(processesWith(marker), [], "a server process outlived the run");
  return result;
}

function rowsOf(report: Json): Row[] {
  return report.files.flatMap((f: Json) => f.offences.map((o: Json) => ({ tool: f.tool, action: o.action, code: o.code, location: o.location, message: o.message })));
}

async function lintJson(argv: readonly string[]): Promise<Outcome & { report: Json }> {
  const outcome = await cli(["--format", "json", ...TIMEOUT, ...argv]);
  return { ...outcome, report: outcome.stdout === "" ? null : JSON.parse(outcome.stdout) };
}

/** The fixtures linted as action files, by the file pipeline. */
async function fileRows(): Promise<Row[]> {
  const result = await lintFound((await discover([WYMCP_FIXTURES], WYMCP_FIXTURES)).files, { timeoutMs: 60_000 });
  return result.files.flatMap((f) => f.offences.map((o) => ({ tool: f.tool, action: o.action, code: o.code, location: o.location, message: o.message })));
}

const withoutMessage = ({ message: _message, ...row }: Row): Row => row;

// ---------------------------------------------------------------------------------------
// A Wymcp server

test("a Wymcp server: the report equals the report on the same declarations as action files, plus the drift", TEST_TIMEOUT, async () => {
  const marker = randomUUID();
  const { code, stdout, stderr, report } = await leavesNoProcess(marker, () =>
    lintJson(["--server", "--", NODE, ...TSX, WYMCP_SERVER, WYMCP_FIXTURES, "--drift", "orders", "--marker", marker]),
  );
  assert.equal(code, 1, stderr);
  assert.equal(stderr, "");
  assert.ok(!stdout.includes("chatter"), "the server's stderr reached our stdout");
  const live = rowsOf(report);
  const drift = live.filter((r) => r.code === "surface-drift");
  // Same codes, locations and messages as the files; the file report also has lines and columns.
  assert.deepEqual(
    live.filter((r) => r.code !== "surface-drift"),
    await fileRows(),
  );
  assert.deepEqual(drift.map(withoutMessage), JSON.parse(readFileSync(join(WYMCP_FIXTURES, "expected-drift.json"), "utf8")));
  // Every tool but help, in name order, each named by the server's command line.
  assert.deepEqual(
    report.files.map((f: Json) => f.tool),
    ["accounts", "catalogue", "orders", "reviews"],
  );
  const label = `${NODE} --import tsx ${WYMCP_SERVER} ${WYMCP_FIXTURES} --drift orders --marker ${marker}`;
  for (const file of report.files) assert.equal(file.file, label);
  assert.deepEqual(report.summary, { files: 4, actions: 10, offences: live.length, errors: live.length, warnings: 0 });
  for (const offence of report.files.flatMap((f: Json) => f.offences)) assert.equal(offence.line, null, "a server's offences have no line");
});

test("a Wymcp server whose two surfaces agree has no surface-drift (the near miss)", TEST_TIMEOUT, async () => {
  const { code, report } = await lintJson(["--server", "--", NODE, ...TSX, WYMCP_SERVER, WYMCP_FIXTURES]);
  assert.equal(code, 1, "the declarations' own offences remain");
  assert.deepEqual(
    rowsOf(report).filter((r) => r.code === "surface-drift"),
    [],
  );
  assert.deepEqual(rowsOf(report), await fileRows());
});

test("a help tool that answers an error: that tool's help-answer offence, every other tool linted, no process left", TEST_TIMEOUT, async () => {
  const marker = randomUUID();
  const { code, stderr, report } = await leavesNoProcess(marker, () =>
    lintJson(["--server", "--", NODE, ...TSX, WYMCP_SERVER, WYMCP_FIXTURES, "--help-error", "orders", "--marker", marker]),
  );
  assert.equal(code, 1, stderr);
  assert.equal(stderr, "");
  const orders = report.files.find((f: Json) => f.tool === "orders");
  assert.deepEqual(
    orders.offences.map((o: Json) => o.code),
    ["help-answer"],
  );
  assert.match(orders.offences[0].message, /^asked about the tool "orders", help answered an error: .*could not be read/);
  assert.deepEqual(
    report.files.map((f: Json) => f.tool),
    ["accounts", "catalogue", "orders", "reviews"],
  );
  const others = rowsOf(report).filter((r) => r.tool !== "orders");
  assert.deepEqual(
    others,
    (await fileRows()).filter((r) => r.tool !== "orders"),
  );
});

test("a help answer of the wrong shape: that tool's help-answer offence, exit 1", TEST_TIMEOUT, async () => {
  const { code, report } = await lintJson(["--server", "--", NODE, ...TSX, WYMCP_SERVER, WYMCP_FIXTURES, "--help-shape", "catalogue"]);
  assert.equal(code, 1);
  const catalogue = report.files.find((f: Json) => f.tool === "catalogue");
  assert.equal(catalogue.offences.length, 1);
  assert.match(catalogue.offences[0].message, /^asked about the tool "catalogue", help answered a text that is not JSON: catalogue has actions: /);
  assert.equal(report.files.length, 4);
});

for (const rpcCode of [-32000, -32001]) {
  test(`a help call answered with the JSON-RPC error ${rpcCode} is the server's answer, not a lost connection or a timeout`, TEST_TIMEOUT, async () => {
    const { code, stderr, report } = await lintJson(["--server", "--", NODE, ...TSX, WYMCP_SERVER, WYMCP_FIXTURES, "--help-rpc-error", `reviews:${rpcCode}`]);
    assert.equal(code, 1, stderr);
    const reviews = report.files.find((f: Json) => f.tool === "reviews");
    assert.deepEqual(
      reviews.offences.map((o: Json) => o.code),
      ["help-answer"],
    );
    assert.match(reviews.offences[0].message, new RegExp(`help answered the error .*${rpcCode}.*the reviews tool is busy`));
  });
}

test("the server we start is stopped with its whole process group: a process it forked does not survive", TEST_TIMEOUT, async () => {
  const marker = randomUUID();
  // Through the real bin, so our own stdout is a pipe the server's chatter could reach.
  const outcome = await leavesNoProcess(marker, () => spawnBin(["--server", ...TIMEOUT, "--", NODE, ...TSX, WYMCP_SERVER, WYMCP_FIXTURES, "--fork", "--marker", marker]));
  assert.equal(outcome.code, 1, outcome.stderr);
  assert.equal(outcome.stderr, "");
  assert.ok(!outcome.stdout.includes("chatter") && !outcome.stdout.includes("forked"), "the server's stderr reached our stdout");
  assert.match(outcome.stdout, /^server .*: 4 tools, 10 actions: 11 offences \(\d+\.\d\d s\)$/m);
});

test("a process the server started in a session of its own (setsid) does not survive the run either", TEST_TIMEOUT, async () => {
  const marker = randomUUID();
  const outcome = await leavesNoProcess(marker, () =>
    spawnBin(["--server", ...TIMEOUT, "--", NODE, ...TSX, WYMCP_SERVER, WYMCP_FIXTURES, "--fork", "--setsid", "--marker", marker]),
  );
  assert.equal(outcome.code, 1, outcome.stderr);
  assert.match(outcome.stdout, /^server .*: 4 tools, 10 actions: 11 offences \(\d+\.\d\d s\)$/m);
});

test("interrupted while the server runs, wymcp-lint takes the server's process group down with it", TEST_TIMEOUT, async () => {
  const marker = randomUUID();
  await leavesNoProcess(marker, async () => {
    // A server that never answers, and outlives the end of its stdin: the run waits in the
    // handshake until it is interrupted, and only a signal to its group stops the server.
    const server = `process.stdin.resume(); setInterval(() => {}, 1000) // ${marker}`;
    const child = spawn(NODE, [repoPath("bin/wymcp-lint.js"), ...TIMEOUT, "--server", "--", NODE, "-e", server], { stdio: "ignore" });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
    // Our own command line holds the marker too: wait for the server's.
    const serverRuns = (): boolean => processesWith(marker).some((line) => !line.includes("wymcp-lint.js"));
    while (!serverRuns()) await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill("SIGTERM");
    assert.equal(await exited, "SIGTERM");
    // The group is killed synchronously before wymcp-lint re-raises the signal; the kernel may take a moment.
    for (let i = 0; i < 100 && processesWith(marker).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  });
});

// ---------------------------------------------------------------------------------------
// Any other MCP server

test("a plain MCP server: each tool is linted as a plain tool with one action, by the rules of every MCP tool", TEST_TIMEOUT, async () => {
  const { code, report } = await lintJson(["--server", "--", NODE, ...TSX, PLAIN_SERVER, join(PLAIN_FIXTURES, "tools.json")]);
  assert.equal(code, 1);
  assert.deepEqual(rowsOf(report).map(withoutMessage), JSON.parse(readFileSync(join(PLAIN_FIXTURES, "expected.json"), "utf8")));
  assert.deepEqual(
    report.files.map((f: Json) => f.tool),
    [null, "broken", "export", "fetch", "find", "ping", "status", "summarise"],
  );
  assert.deepEqual(report.summary, { files: 8, actions: 8, offences: 9, errors: 6, warnings: 3 });
});

test("a server that lists no tool: one row, the server's, with its no-tools warning", TEST_TIMEOUT, async () => {
  const { code, report } = await lintJson(["--server", "--", NODE, ...TSX, PLAIN_SERVER, join(PLAIN_FIXTURES, "no-tools.json")]);
  assert.equal(code, 0);
  assert.deepEqual(rowsOf(report).map(withoutMessage), [{ tool: null, action: null, code: "no-tools", location: "" }]);
  assert.deepEqual(report.summary, { files: 1, actions: 0, offences: 1, errors: 0, warnings: 1 });
});

test('a plain tool\'s multi-line description and a tool without parameters ({"type": "object"}) have no offence', TEST_TIMEOUT, async () => {
  const { report } = await lintJson(["--server", "--", NODE, ...TSX, PLAIN_SERVER, join(PLAIN_FIXTURES, "tools.json")]);
  const clean = (tool: string): Json => report.files.find((f: Json) => f.tool === tool).offences;
  assert.deepEqual(clean("summarise"), [], "a tool's description may hold line breaks");
  assert.deepEqual(clean("status"), [], "properties is optional");
});

test("a malformed tool is that tool's offence, said as such, and every other tool is still linted", TEST_TIMEOUT, async () => {
  const { report } = await lintJson(["--server", "--", NODE, ...TSX, PLAIN_SERVER, join(PLAIN_FIXTURES, "tools.json")]);
  const messages = (tool: string | null): string[] => report.files.find((f: Json) => f.tool === tool).offences.map((o: Json) => o.message);
  assert.deepEqual(messages("broken"), [`the tool has no "inputSchema"; every MCP tool declares its arguments' schema`]);
  assert.deepEqual(messages(null), [`the tool's "name" must be a string; got undefined`]);
  assert.deepEqual(messages("export"), [`"inputSchema.type" must be "object" (a tool's arguments are one object); got "array"`]);
  assert.equal(report.files.length, 8);
});

test("a running server's report follows the config's rules; its overrides match files, and a server has none", TEST_TIMEOUT, async () => {
  const config = join(PLAIN_FIXTURES, "severities.config.json5");
  const { code, report } = await lintJson(["--config", config, "--server", "--", NODE, ...TSX, PLAIN_SERVER, join(PLAIN_FIXTURES, "tools.json")]);
  assert.equal(code, 1, "wrong-type stays an error");
  const severities = report.files.flatMap((f: Json) => f.offences.map((o: Json) => `${o.action} ${o.code} ${o.severity}`));
  assert.deepEqual(severities, [
    "tools[7] tool-shape error",
    "broken tool-shape error",
    "export tool-shape error",
    "fetch unknown-keyword error",
    "find client-limit warn",
    "find wrong-type error",
    "find wrong-type error",
    "ping missing-description error",
  ]);
  assert.deepEqual(report.summary, { files: 8, actions: 8, offences: 8, errors: 7, warnings: 1 });
});

for (const [name, server, expected] of [
  ["server-everything", EVERYTHING, ["echo", "get-sum", "get-tiny-image"]],
  ["server-memory", MEMORY, ["create_entities", "read_graph", "search_nodes"]],
] as const) {
  test(`the published ${name}, over stdio: its tools, their offences (none), exit 0, no process left`, TEST_TIMEOUT, async () => {
    const { code, stderr, report } = await leavesNoProcess(server, () => lintJson(["--server", "--", NODE, server]));
    assert.equal(code, 0, stderr);
    const tools = report.files.map((f: Json) => f.tool);
    for (const tool of expected) assert.ok(tools.includes(tool), `${tool} in ${tools.join(", ")}`);
    assert.deepEqual(rowsOf(report), []);
    assert.equal(report.summary.files, tools.length);
    assert.equal(report.summary.actions, tools.length, "one action per tool");
  });
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts server-everything's Streamable HTTP transport on 127.0.0.1:port, in its own process group. */
async function startHttpEverything(port: number): Promise<ChildProcess> {
  const child = spawn(NODE, [...TSX, "--import", LOOPBACK_ONLY, EVERYTHING, "streamableHttp"], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let stderr = "";
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes(`listening on port ${port}`)) resolve();
    });
    child.once("exit", (exitCode) => reject(new Error(`server-everything exited (${exitCode}): ${stderr}`)));
  });
  return child;
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-(child.pid as number), "SIGKILL");
  await exited;
}

test("the published server-everything over Streamable HTTP on a loopback port: the same report as over stdio", TEST_TIMEOUT, async () => {
  await leavesNoProcess(EVERYTHING, async () => {
    const port = await freePort();
    const child = await startHttpEverything(port);
    try {
      const url = `http://127.0.0.1:${port}/mcp`;
      const http = await lintJson(["--server-url", url, "--header", "X-Test: wymcp-lint"]);
      assert.equal(http.code, 0, http.stderr);
      const stdio = await lintJson(["--server", "--", NODE, EVERYTHING]);
      for (const file of http.report.files) assert.equal(file.file, url);
      const strip = (r: Json): Json => r.files.map((f: Json) => ({ ...f, file: null }));
      assert.deepEqual(strip(http.report), strip(stdio.report));
    } finally {
      await stopGroup(child);
    }
  });
});

// ---------------------------------------------------------------------------------------
// Servers that cannot be linted: one clear line, exit 2, never a clean pass

async function assertCannotLint(argv: readonly string[], reason: RegExp): Promise<string> {
  const { code, stdout, stderr } = await cli(argv);
  assert.equal(code, 2, stderr);
  assert.equal(stdout, "");
  const first = stderr.split("\n")[0] as string;
  assert.match(first, /^wymcp-lint: error: cannot lint the server /);
  assert.match(first, reason);
  return stderr;
}

test("a command that does not exist", TEST_TIMEOUT, async () => {
  await assertCannotLint(["--server", "--", "wymcp-lint-no-such-command", "--stdio"], /: the command "wymcp-lint-no-such-command" was not found$/);
});

test("a command that exits at once: its exit and its stderr tail are shown", TEST_TIMEOUT, async () => {
  const stderr = await assertCannotLint(
    ["--server", "--", NODE, "-e", "console.error('missing DATABASE_URL'); process.exit(3)"],
    /closed the connection during the handshake \(initialize\) \(it exited with code 3\)$/,
  );
  assert.ok(stderr.includes("\n  missing DATABASE_URL\n"), stderr);
});

test("a server that never answers the handshake: the timeout ends it, and its process", TEST_TIMEOUT, async () => {
  const marker = randomUUID();
  await leavesNoProcess(marker, () =>
    assertCannotLint(
      ["--server-timeout", "1.5", "--server", "--", NODE, "-e", `process.stdin.resume(); setInterval(() => {}, 1000) // ${marker}`],
      /: the server did not answer the handshake \(initialize\) within 1\.5 s \(--server-timeout\)$/,
    ),
  );
});

test("a URL nobody listens on (a loopback port just closed)", TEST_TIMEOUT, async () => {
  const port = await freePort();
  await assertCannotLint(["--server-url", `http://127.0.0.1:${port}/mcp`], /: the handshake \(initialize\) failed: connection refused: nothing listens there$/);
});

/** An HTTP server on a loopback port that answers every request with `status` and `body`. */
async function answeringHttp(status: number, body: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createHttpServer((request, response) => {
    request.resume();
    response.writeHead(status, { "content-type": "text/plain" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/mcp`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test("an HTTP error status: the line names the status and the URL, and the server's words when it gave some", TEST_TIMEOUT, async () => {
  for (const [status, body, expected] of [
    [401, "bad token", /: the handshake \(initialize\) failed: http:\/\/127\.0\.0\.1:\d+\/mcp answered HTTP 401 Unauthorized: "bad token"$/],
    [404, "", /: the handshake \(initialize\) failed: http:\/\/127\.0\.0\.1:\d+\/mcp answered HTTP 404 Not Found$/],
  ] as const) {
    const http = await answeringHttp(status, body);
    try {
      await assertCannotLint([...TIMEOUT, "--server-url", http.url], expected);
    } finally {
      await http.close();
    }
  }
});

test("a tools/list answer larger than 10 MB on stdio is read and linted", TEST_TIMEOUT, async () => {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-lint-big-"));
  try {
    const words = "word ".repeat(8_000);
    const tools = Array.from({ length: 300 }, (_, i) => ({ name: `tool_${i}`, description: `Tool ${i}: ${words}`, inputSchema: { type: "object" } }));
    const file = join(dir, "tools.json");
    writeFileSync(file, JSON.stringify(tools));
    const { code, stderr, report } = await lintJson(["--server", "--", NODE, ...TSX, PLAIN_SERVER, file]);
    assert.equal(code, 0, stderr);
    assert.equal(report.summary.files, 300);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// ---------------------------------------------------------------------------------------
// The command line

test("usage errors: a server with paths, both forms at once, no command, a bad header, a bad URL", async () => {
  const cases: [string[], RegExp][] = [
    [["tools", "--server", "--", "node", "s.js"], /a server is linted alone; got the paths "tools"/],
    [["--server", "--server-url", "http://127.0.0.1:1/mcp", "--", "node"], /--server and --server-url are two ways/],
    [["--server"], /--server needs the command that starts the server after "--"/],
    [["--server-url", "http://127.0.0.1:1/mcp", "--header", "no colon"], /--header must be "Name: value"; got "no colon"/],
    [["--server-url", "ftp://example/mcp"], /--server-url must be an http:\/\/ or https:\/\/ URL/],
    [["--header", "A: b", "tools"], /--header is used only with --server-url/],
    [["--server-timeout", "0", "--server", "--", "node"], /--server-timeout must be a number of seconds greater than 0/],
  ];
  for (const [argv, message] of cases) {
    const { code, stdout, stderr } = await cli(argv);
    assert.equal(code, 2, argv.join(" "));
    assert.equal(stdout, "");
    assert.match(stderr, message, argv.join(" "));
  }
});

test("--header is repeatable: every header reaches the server target; --server's command is everything after --", async () => {
  const http = await parseCommand(["--server-url", "http://127.0.0.1:1/mcp", "--header", "Authorization: Bearer t", "--header=X-Trace:  a:b "]);
  assert.ok(http.kind === "lint");
  const server = http.options.server as { kind: string; url: string; headers: Record<string, string> };
  assert.deepEqual({ ...server, headers: { ...server.headers } }, { kind: "http", url: "http://127.0.0.1:1/mcp", headers: { Authorization: "Bearer t", "X-Trace": "a:b" } });
  const stdio = await parseCommand(["--format", "json", "--server", "--", "node", "server.js", "--format", "x", "--"]);
  assert.ok(stdio.kind === "lint");
  assert.deepEqual(stdio.options.server, { kind: "stdio", command: ["node", "server.js", "--format", "x", "--"] });
  assert.equal(stdio.options.format, "json");
  assert.deepEqual(stdio.options.paths, []);
});

/** The real bin as a process, with pipes for stdout and stderr. */
function spawnBin(argv: readonly string[]): Promise<Outcome> {
  const child = spawn(NODE, [repoPath("bin/wymcp-lint.js"), ...argv], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code: code ?? -1, stdout, stderr })));
}
