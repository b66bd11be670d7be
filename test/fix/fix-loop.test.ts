// One fix loop for every kind of file, through the real command (bin/wymcp-lint.js): the
// edits are applied in memory and the new text linted again, as the file would be, until
// nothing changes; then the file is written once, or for --fix-dry-run only shown. So a tool
// module read from standard input gets its fixes like a file, a dry run on a module shows
// exactly what --fix writes, and a module is never left half-fixed on disk.

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../../bin/wymcp-lint.js", import.meta.url));

interface JsonOffence {
  readonly code: string;
  readonly action: string | null;
  readonly location: string;
  readonly line: number | null;
  readonly column: number | null;
  readonly edits: unknown[] | null;
}
interface JsonReport {
  readonly files: { readonly file: string; readonly offences: JsonOffence[]; readonly diff?: string | null }[];
}

function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of ["NO_COLOR", "FORCE_COLOR", "WYMCP_LINT_DEBUG"]) delete env[name];
  return env;
}

function wymcpLint(args: readonly string[], cwd: string, input?: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, env: environment(), encoding: "utf8", timeout: 120_000, ...(input === undefined ? {} : { input }) });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function dirWith(name: string, text: string | Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-fix-loop-"));
  writeFileSync(join(dir, name), text);
  return dir;
}

const left = (report: JsonReport) => report.files[0]?.offences.map((o) => [o.code, o.action, o.location, o.line, o.column]);

test("a tool module from standard input gets its fixes as a diff, like a file", () => {
  const text = [
    "export default {",
    '  name: "editor",',
    '  description: "From the editor",',
    "  actions: {",
    '    find: { description: "Find.", properties: {}, exmples: [] },',
    "  },",
    "};",
    "",
  ].join("\n");
  const diff = [
    "--- x.tool.ts",
    "+++ x.tool.ts",
    "@@ -2,6 +2,6 @@",
    '   name: "editor",',
    '   description: "From the editor",',
    "   actions: {",
    '-    find: { description: "Find.", properties: {}, exmples: [] },',
    '+    find: { description: "Find.", properties: {}, examples: [] },',
    "   },",
    " };",
    "",
  ].join("\n");
  const dir = mkdtempSync(join(tmpdir(), "wymcp-fix-loop-"));
  const json = wymcpLint(["--stdin", "--stdin-filename", "x.tool.ts", "--fix-dry-run", "--format", "json"], dir, text);
  assert.equal(json.stderr, "");
  const report = JSON.parse(json.stdout) as JsonReport;
  assert.equal(report.files[0]?.diff, diff);
  // What is left after the fix: nothing.
  assert.deepEqual(left(report), []);
  assert.equal(json.code, 0);
  const plain = wymcpLint(["--stdin", "--stdin-filename", "x.tool.ts", "--fix-dry-run"], dir, text);
  assert.ok(plain.stdout.startsWith(diff), plain.stdout);
  assert.deepEqual(readdirSync(dir), [], "no file is written");
});

// Two superset groups whose removals overlap: the first pass removes one, the second the other.
const TWO_PASSES = `const tool = {
  name: "passes",
  description: "Fixed in two passes",
  actions: {
    search: {
      description: "Search.\\nBy any field.",
      properties: { a: { type: "string" }, b: { type: "string" }, c: { type: "string" } },
      required_one_of: [["a", "b"], ["a", "b", "c"], ["a"]],
    },
  },
};
$SIGNAL
export default tool;
`;
const FIXED = `const tool = {
  name: "passes",
  description: "Fixed in two passes",
  actions: {
    search: {
      description: "Search.",
      notes: "By any field.",
      properties: { a: { type: "string" }, b: { type: "string" }, c: { type: "string" } },
      required_one_of: [["a"]],
    },
  },
};

export default tool;
`;

test("--fix-dry-run on a tool module shows exactly what --fix writes, and what is left after it", () => {
  const text = TWO_PASSES.replace("$SIGNAL", "");
  const dir = dirWith("passes.tool.mjs", text);
  const dry = wymcpLint(["--fix-dry-run", "--format", "json", "passes.tool.mjs"], dir);
  assert.equal(dry.stderr, "");
  assert.equal(readFileSync(join(dir, "passes.tool.mjs"), "utf8"), text, "a dry run writes nothing");
  const fixed = wymcpLint(["--fix", "--format", "json", "passes.tool.mjs"], dir);
  assert.equal(fixed.stderr, "");
  assert.equal(readFileSync(join(dir, "passes.tool.mjs"), "utf8"), FIXED);
  const dryReport = JSON.parse(dry.stdout) as JsonReport;
  const fixReport = JSON.parse(fixed.stdout) as JsonReport;
  assert.ok(typeof dryReport.files[0]?.diff === "string");
  assert.equal(dryReport.files[0]?.diff, fixReport.files[0]?.diff);
  assert.deepEqual(left(dryReport), left(fixReport));
  assert.deepEqual(left(dryReport), []);
  assert.equal(dry.code, fixed.code);
});

test("a tool module is written once, after its last pass: killed between passes, it is left as it was", async () => {
  // When loaded half-fixed (one group removed, before the second pass), the module tells the
  // test its process id and waits; the test then kills the linter.
  const signal = `if (tool.actions.search.required_one_of.length === 2) {
  const net = await import("node:net");
  await new Promise((resolve) => {
    const socket = net.connect(Number(process.env.WYMCP_TEST_PORT), "127.0.0.1", () => socket.write(String(process.pid)));
    socket.on("close", resolve);
    socket.on("error", resolve);
  });
}`;
  const text = TWO_PASSES.replace("$SIGNAL", signal);
  const dir = dirWith("passes.tool.mjs", text);
  const sockets: Socket[] = [];
  const server = createServer();
  const loaded = new Promise<number>((resolve) => {
    server.on("connection", (socket) => {
      sockets.push(socket);
      socket.on("data", (data) => resolve(Number(data.toString())));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const linter = spawn(process.execPath, [BIN, "--fix", "passes.tool.mjs"], { cwd: dir, env: environment({ WYMCP_TEST_PORT: String(port) }), stdio: "ignore" });
  const exited = new Promise<void>((resolve) => linter.on("exit", () => resolve()));
  try {
    const modulePid = await loaded;
    linter.kill("SIGKILL");
    await exited;
    assert.equal(readFileSync(join(dir, "passes.tool.mjs"), "utf8"), text, "the module on disk is untouched");
    assert.deepEqual(readdirSync(dir), ["passes.tool.mjs"], "no temporary file is left");
    // The module's process is the test's to end (its group: nothing it started survives).
    try {
      process.kill(-modulePid, "SIGKILL");
    } catch {
      // already gone
    }
  } finally {
    linter.kill("SIGKILL");
    for (const socket of sockets) socket.destroy();
    server.close();
  }
});

test("a tool module with a byte order mark is fixed and keeps its mark", () => {
  const text = 'export default { name: "t", description: "d", actions: { a: { description: "A", properties: {}, exmples: [] } } };\n';
  const dir = dirWith("bom.tool.mjs", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
  const fixed = wymcpLint(["--fix", "bom.tool.mjs"], dir);
  assert.equal(fixed.stderr, "");
  assert.deepEqual(readFileSync(join(dir, "bom.tool.mjs")), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text.replace("exmples", "examples"))]));
  assert.equal(fixed.code, 0);
});

test("an offence a directive suppresses is not fixed either", () => {
  const text = `{
  a: {
    description: "A",
    properties: { x: {} },
    // wymcp-lint-disable-next-line unknown-key
    exmples: [],
    required: ["x", "x"],
  },
}
`;
  const dir = dirWith("kept.actions.json5", text);
  const fixed = wymcpLint(["--fix", "--format", "json", "kept.actions.json5"], dir);
  assert.equal(fixed.stderr, "");
  assert.equal(readFileSync(join(dir, "kept.actions.json5"), "utf8"), text.replace('["x", "x"]', '["x"]'));
  assert.deepEqual(left(JSON.parse(fixed.stdout) as JsonReport), []);
});

test("a fix after which the module would not load is not written, and a note says why", () => {
  // The module reads the misspelt key at load: renaming it would break the module.
  const text = 'const a = { description: "A", properties: {}, exmples: [] };\na.exmples.push({});\nexport default { name: "r", description: "d", actions: { a } };\n';
  const dir = dirWith("reads.tool.mjs", text);
  const fixed = wymcpLint(["--fix", "--format", "json", "reads.tool.mjs"], dir);
  assert.equal(readFileSync(join(dir, "reads.tool.mjs"), "utf8"), text);
  assert.match(fixed.stderr, /^wymcp-lint: "reads\.tool\.mjs" was not fixed: the fixed module would not load \(loading the module threw TypeError: .*\)\n$/);
  const report = JSON.parse(fixed.stdout) as JsonReport;
  assert.deepEqual(left(report), [["unknown-key", "a", ":exmples", 1, 47]]);
  assert.equal(report.files[0]?.diff, null);
  assert.equal(fixed.code, 1);
});
