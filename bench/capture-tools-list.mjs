#!/usr/bin/env node
// Saves a running MCP server's tools/list result as a tools file, as servers publish it: starts
// the server over stdio with the MCP SDK's client (a devDependency), asks for every page of its
// tools, and writes {"tools": [...]} as JSON, two spaces. How bench/data/ was made (bench/README.md).
//
//   node bench/capture-tools-list.mjs OUT.tools.json -- COMMAND [ARG ...]

import { writeFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [out, dashes, command, ...args] = process.argv.slice(2);
if (out === undefined || dashes !== "--" || command === undefined) {
  console.error("usage: node bench/capture-tools-list.mjs OUT.tools.json -- COMMAND [ARG ...]");
  process.exit(2);
}
const client = new Client({ name: "wymcp-lint-bench", version: "0" });
await client.connect(new StdioClientTransport({ command, args, stderr: "ignore" }));
const tools = [];
let cursor;
do {
  const page = await client.listTools(cursor === undefined ? {} : { cursor });
  tools.push(...page.tools);
  cursor = page.nextCursor;
} while (cursor !== undefined);
await client.close();
writeFileSync(out, `${JSON.stringify({ tools }, null, 2)}\n`);
console.log(`${tools.length} tools written to ${out}`);
