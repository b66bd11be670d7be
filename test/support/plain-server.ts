// A plain MCP server for the tests (no help tool), on the MCP SDK's server side (stdio): it
// lists the tools of test/fixtures/server/plain/tools.json exactly as written there, so
// the linter's reading of any server's tools (one action per tool) meets known mistakes.
// Usage: node --import tsx plain-server.ts TOOLS_JSON [INSTRUCTIONS_FILE] (the handshake's instructions, from that file)

import { readFileSync } from "node:fs";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";

const tools = JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as Tool[];
const instructions = process.argv[3] === undefined ? undefined : readFileSync(process.argv[3], "utf8");
const server = new Server({ name: "plain-test-server", version: "1.0.0" }, { capabilities: { tools: {} }, ...(instructions === undefined ? {} : { instructions }) });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: "text", text: "not in this test" }], isError: true }));
await server.connect(new StdioServerTransport());
