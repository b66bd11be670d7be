#!/usr/bin/env node
// The language server's figures (docs/editors.md), for `npm run bench` (bench/run.mjs adds
// them to its report) or alone: `node bench/lsp.mjs [--quick]` prints one JSON object.
// `wymcp-lint --lsp` is spawned and driven over stdio with vscode-languageserver-protocol,
// with the debounce set to 0 (the figures exclude it):
//   initializeMs  from sending initialize to its response (median of fresh servers)
//   json5P95Ms    from a change of a 200-action JSON5 document to its diagnostics, p95
//   moduleP95Ms   the same for a .tool.ts module (each change loads it in a module process),
//                 each change sent as soon as the last one's diagnostics came
//   modulePausedP95Ms  the same, each change after a pause of PAUSE_MS (as typing pauses)
//   moduleBurstP95Ms   a burst of typing in a .tool.ts module (a change every KEY_MS), with the
//                 editor's default debounce (150 ms, included): from the last key to the
//                 diagnostics of that version, p95 over the bursts
//   spinAbandonedP95Ms  a .tool.ts module spinning in its load (its load timeout the default
//                 10 s), then its next text: from that change to its diagnostics, the outdated
//                 load abandoned, p95
//   rssGrowthMb   the server's resident memory after 10,000 edits less after the first 500

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver-protocol/node";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const LINT = process.env.BENCH_LINT ?? join(ROOT, "bin", "wymcp-lint.js");
const quick = process.argv.includes("--quick");
// A pause in typing: longer than the editor's debounce (docs/editors.md, 150 ms by default).
const PAUSE_MS = 500;
// One key after another in a burst of typing.
const KEY_MS = 60;
const dir = mkdtempSync(join(tmpdir(), "wymcp-lint-bench-lsp-"));

async function server(debounceMs = 0) {
  const child = spawn(process.execPath, [LINT, "--lsp"], { cwd: dir, stdio: ["pipe", "pipe", "ignore"] });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiting = new Map();
  connection.onNotification("textDocument/publishDiagnostics", (params) => {
    const key = `${params.uri} ${params.version}`;
    waiting.get(key)?.();
    waiting.delete(key);
  });
  connection.onRequest("client/registerCapability", () => null);
  connection.listen();
  const started = performance.now();
  await connection.sendRequest("initialize", {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    workspaceFolders: [{ uri: pathToFileURL(dir).href, name: "bench" }],
    initializationOptions: { debounceMs },
    capabilities: { textDocument: { publishDiagnostics: { versionSupport: true } } },
  });
  const initializeMs = performance.now() - started;
  connection.sendNotification("initialized", {});
  const published = (uri, version) => new Promise((resolvePublished) => waiting.set(`${uri} ${version}`, resolvePublished));
  return {
    child,
    initializeMs,
    async open(uri, text) {
      const done = published(uri, 1);
      connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "plaintext", version: 1, text } });
      await done;
    },
    /** Sends a change without waiting for its diagnostics; resolves with a promise of them. */
    send(uri, version, text) {
      const done = published(uri, version);
      connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text }] });
      return done;
    },
    /** Milliseconds from the change to its diagnostics. */
    async change(uri, version, text) {
      const done = published(uri, version);
      const at = performance.now();
      connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text }] });
      await done;
      return performance.now() - at;
    },
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
    },
    async stop() {
      await connection.sendRequest("shutdown");
      connection.sendNotification("exit");
      await new Promise((r) => child.once("exit", r));
      connection.dispose();
    },
  };
}

const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

function json5Document(actions, salt) {
  const lines = ["// A generated action file for the language server's bench.", "{"];
  for (let i = 0; i < actions; i++) {
    lines.push(
      `  action_${i}: {`,
      `    description: "Action ${i} ${i === 0 ? salt : ""}",`,
      "    properties: {",
      "      query: { type: 'string', description: 'What to look for' },",
      "      limit: { type: 'integer', minimum: 1 },",
      "      tags: { type: 'array', items: { type: 'string' } },",
      "    },",
      "    required: ['query'],",
      "  },",
    );
  }
  lines.push("}", "");
  return lines.join("\n");
}

const moduleText = (salt) =>
  `export const name = "bench";\nexport const description = "Bench ${salt}";\ninterface Q { readonly q: string }\nconst q: Q = { q: "x" };\nexport const actions = {\n  find: { description: "Find ${salt}", properties: { query: { type: "string" } }, required: ["query"] },\n  list: { description: "List", properties: { limit: { type: "integer" } } },\n};\nvoid q;\n`;

try {
  const results = {};
  const inits = [];
  for (let i = 0; i < (quick ? 3 : 7); i++) {
    const s = await server();
    inits.push(s.initializeMs);
    await s.stop();
  }
  results.initializeMs = median(inits);

  const s = await server();
  const json5 = pathToFileURL(join(dir, "bench.actions.json5")).href;
  await s.open(json5, json5Document(200, "v1"));
  const json5Times = [];
  for (let v = 2; v <= (quick ? 30 : 100); v++) json5Times.push(await s.change(json5, v, json5Document(200, `v${v}`)));
  results.json5P95Ms = p95(json5Times.slice(5));

  const module = pathToFileURL(join(dir, "bench.tool.ts")).href;
  writeFileSync(join(dir, "bench.tool.ts"), moduleText("v1"));
  await s.open(module, moduleText("v1"));
  const moduleTimes = [];
  for (let v = 2; v <= (quick ? 10 : 30); v++) moduleTimes.push(await s.change(module, v, moduleText(`v${v}`)));
  results.moduleP95Ms = p95(moduleTimes.slice(2));
  // As an editor sends them: each change after a pause in typing, in which the module process
  // the server starts ahead of the next lint gets ready.
  const pausedTimes = [];
  for (let v = 101; v <= (quick ? 105 : 112); v++) {
    await new Promise((resolvePause) => setTimeout(resolvePause, PAUSE_MS));
    pausedTimes.push(await s.change(module, v, moduleText(`v${v}`)));
  }
  results.modulePausedP95Ms = p95(pausedTimes);

  // A module whose load spins (a loop at its top level), then its next text: the spinning load is
  // abandoned, not waited for to its load timeout.
  const spin = pathToFileURL(join(dir, "spin.tool.ts")).href;
  writeFileSync(join(dir, "spin.tool.ts"), moduleText("s1"));
  await s.open(spin, moduleText("s1"));
  const spinTimes = [];
  for (let v = 2; v <= (quick ? 8 : 22); v += 2) {
    void s.send(spin, v, "for (;;) {}\n");
    // Its module process is spinning by then.
    await new Promise((resolvePause) => setTimeout(resolvePause, PAUSE_MS));
    spinTimes.push(await s.change(spin, v + 1, moduleText(`s${v + 1}`)));
  }
  results.spinAbandonedP95Ms = p95(spinTimes);

  // A burst of typing, with the editor's debounce: only the last key's version is linted (the
  // others are overtaken), and its diagnostics are timed from that key.
  const typing = await server(150);
  const burstUri = pathToFileURL(join(dir, "burst.tool.ts")).href;
  writeFileSync(join(dir, "burst.tool.ts"), moduleText("b0"));
  await typing.open(burstUri, moduleText("b0"));
  const burstTimes = [];
  let key = 1;
  for (let burst = 0; burst < (quick ? 4 : 10); burst++) {
    await new Promise((resolvePause) => setTimeout(resolvePause, PAUSE_MS));
    let last = null;
    for (let i = 0; i < 8; i++) {
      if (i > 0) await new Promise((resolveKey) => setTimeout(resolveKey, KEY_MS));
      last = { at: performance.now(), done: typing.send(burstUri, ++key, moduleText(`b${key}`)) };
    }
    await last.done;
    burstTimes.push(performance.now() - last.at);
  }
  results.moduleBurstP95Ms = p95(burstTimes);
  await typing.stop();

  const small = pathToFileURL(join(dir, "edits.actions.json5")).href;
  await s.open(small, json5Document(20, "e1"));
  const edits = quick ? 2_000 : 10_000;
  let version = 1;
  for (; version <= 500; ) await s.change(small, ++version, json5Document(20, `e${version}`));
  const before = s.rssMb();
  while (version <= edits) await s.change(small, ++version, json5Document(20, `e${version}`));
  results.rssGrowthMb = s.rssMb() - before;
  results.edits = edits;
  await s.stop();
  console.log(JSON.stringify(results));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
