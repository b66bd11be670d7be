#!/usr/bin/env node
// `node scripts/capture-real-mcp.mjs WORKDIR [FILE...]`: captures the real-server corpus
// (test/fixtures/real-mcp/README.md). For each server of test/fixtures/real-mcp/servers.json
// (or only those named), it installs the package from the npm registry into WORKDIR (without
// its install scripts), starts it over stdio with the linter's own client session (so a server
// is read as `wymcp-lint --server` reads it: every page, the process group stopped after) and
// writes its tools/list as test/fixtures/real-mcp/tools/<file>.tools.json, exactly as listed,
// and the package's version and the date into servers.json. Needs the build (npm run build).
// Reaches the registry: run by hand, never by a test.

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const CORPUS = join(root, "test/fixtures/real-mcp");
const MANIFEST = join(CORPUS, "servers.json");
const { openSession } = await import(join(root, "dist/server/session.js"));

const [workdir, ...only] = process.argv.slice(2);
if (workdir === undefined) {
  console.error("usage: node scripts/capture-real-mcp.mjs WORKDIR [FILE...]");
  process.exit(2);
}

/** The file a package's bin runs: the one named like the package, else the first. */
function binOf(dir, name) {
  const manifest = JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8"));
  const bin = manifest.bin;
  if (typeof bin === "string") return { file: resolve(dir, "node_modules", name, bin), version: manifest.version };
  const entries = Object.entries(bin ?? {});
  if (entries.length === 0) throw new Error(`${name} has no bin`);
  const short = name.replace(/^@[^/]+\//, "");
  const [, file] = entries.find(([key]) => key === short || key === name) ?? entries[0];
  return { file: resolve(dir, "node_modules", name, file), version: manifest.version };
}

const servers = JSON.parse(readFileSync(MANIFEST, "utf8"));
const today = new Date().toISOString().slice(0, 10);
mkdirSync(join(CORPUS, "tools"), { recursive: true });
for (const server of servers) {
  if (only.length > 0 && !only.includes(server.file)) continue;
  const dir = join(resolve(workdir), server.file);
  try {
    if (!existsSync(join(dir, "node_modules", server.package))) {
      mkdirSync(dir, { recursive: true });
      if (!existsSync(join(dir, "package.json"))) writeFileSync(join(dir, "package.json"), '{"private": true}\n');
      const spec = server.version === undefined ? server.package : `${server.package}@${server.version}`;
      execFileSync("npm", ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--omit=dev", spec], { cwd: dir, stdio: "ignore" });
    }
    const { file, version } = binOf(dir, server.package);
    // The session's process takes this process's environment when it starts, inside openSession.
    const saved = process.env;
    process.env = { ...saved, ...server.env };
    let session;
    try {
      session = await openSession({ kind: "stdio", command: [process.execPath, file, ...(server.args ?? [])] }, { timeoutMs: 60_000, version: "capture" });
    } finally {
      process.env = saved;
    }
    try {
      const tools = await session.listTools();
      const out = join(CORPUS, "tools", `${server.file}.tools.json`);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, `${JSON.stringify({ tools }, null, 2)}\n`);
      server.version = version;
      server.captured = today;
      server.tools = tools.length;
      console.log(`${server.file}: ${server.package}@${version}, ${tools.length} tools`);
    } finally {
      await session.close();
    }
  } catch (error) {
    console.log(`${server.file}: ${server.package} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
writeFileSync(MANIFEST, `${JSON.stringify(servers, null, 2)}\n`);
