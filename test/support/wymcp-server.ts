// A Wymcp server for the tests, on the MCP SDK's server side (stdio): it serves the action
// files of a directory as Wymcp (0.9.x) serves its tools. tools/list lists the reserved
// help tool ({"tool", "action"} strings, additionalProperties false) and each tool with
// {"type": "object", "required": ["action"], "properties": {"action": {"type": "string",
// "enum": [sorted action names], "description": "name: description" lines}, "data":
// {"type": "object"}}}, a page of PAGE_SIZE tools at a time; help answers the index (no
// arguments), a tool complete ({"tool"}: each action schema limited to the vocabulary's
// keys, "required" filled in as []), one action ({"tool", "action"}), and an isError answer
// naming the valid tools for an unknown one: one JSON text content each time.
//
// Usage: node --import tsx wymcp-server.ts DIR [--drift TOOL] [--help-error TOOL] [--help-shape TOOL]
//        [--help-rpc-error TOOL:CODE] [--fork] [--setsid] [--marker TEXT]
//   --drift TOOL       tools/list for TOOL lists an extra action "refund" and a changed summary
//   --help-error TOOL  help about TOOL answers isError
//   --help-shape TOOL  help about TOOL answers a text that is not JSON
//   --help-rpc-error TOOL:CODE  help about TOOL answers a JSON-RPC error with that code
//   --setsid           with --fork: the child starts a session of its own (it leaves our group)
//   --fork             starts a child process that sleeps (in this server's process group)
//                      and waits until it runs: the linter must stop it too
//   --marker TEXT      ignored; lets a test find this server and its child with ps
// It writes chatter on stderr, which must never reach the linter's stdout.

import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { actionSchemaKeys } from "../../src/vocabulary.js";

const PAGE_SIZE = 2;

type Json = Record<string, unknown>;
type Actions = Record<string, Json>;

const args = process.argv.slice(2);
const dir = args[0] as string;
const option = (flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at < 0 ? undefined : args[at + 1];
};
const drift = option("--drift");
const helpError = option("--help-error");
const helpShape = option("--help-shape");
const [rpcErrorTool, rpcErrorCode] = (option("--help-rpc-error") ?? ":").split(":");

/** The tools: each action file of DIR, named by its base name before ".actions.json". */
const tools = new Map<string, Actions>(
  readdirSync(dir)
    .filter((f) => f.endsWith(".actions.json"))
    .sort()
    .map((f) => [f.slice(0, -".actions.json".length), JSON.parse(readFileSync(join(dir, f), "utf8")) as Actions]),
);

const toolDescription = (name: string): string => `The ${name} tool`;

// Wymcp sorts with Elixir's string order: by bytes.
const byBytes = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Wymcp.Tool.Schema.action_summaries: "name: description", sorted by name. */
function actionSummaries(actions: Actions): string[] {
  return Object.keys(actions)
    .sort(byBytes)
    .map((name) => `${name}: ${String((actions[name] as Json)["description"] ?? "")}`);
}

/** Wymcp.Tool.Schema.build: the tools/list input schema of a tool. */
function inputSchema(name: string, actions: Actions): Tool["inputSchema"] {
  let names = Object.keys(actions).sort(byBytes);
  let summaries = actionSummaries(actions);
  if (name === drift) {
    // A hand-edited tools/list: an action help does not know, and a summary that moved on.
    names = [...names, "refund"].sort(byBytes);
    summaries = [...summaries.map((line, i) => (i === 0 ? `${line} (deprecated)` : line)), "refund: Refund an order"];
  }
  return {
    type: "object",
    required: ["action"],
    properties: {
      action: { type: "string", enum: names, description: summaries.join("\n") },
      data: { type: "object" },
    },
  };
}

const HELP: Tool = {
  name: "help",
  description:
    "Get details about this server's tools. No arguments: an index of every tool and its actions. {tool}: that tool's actions in full (schemas, notes, examples). {tool, action}: one action in full.",
  inputSchema: {
    type: "object",
    properties: {
      tool: { type: "string", description: "Tool name to get details about" },
      action: { type: "string", description: "Action name within that tool (requires tool)" },
    },
    additionalProperties: false,
  },
};

const listed: Tool[] = [HELP, ...[...tools].map(([name, actions]) => ({ name, description: toolDescription(name), inputSchema: inputSchema(name, actions) }))];

/** Wymcp.Help's render_action: the vocabulary's keys only, "required" defaulting to []. */
function renderAction(schema: Json): Json {
  const rendered: Json = {};
  for (const key of actionSchemaKeys()) if (Object.hasOwn(schema, key)) rendered[key] = schema[key];
  if (!Object.hasOwn(rendered, "required")) rendered["required"] = [];
  return rendered;
}

const json = (value: unknown): CallToolResult => ({ content: [{ type: "text", text: JSON.stringify(value) }] });
const error = (value: unknown): CallToolResult => ({ ...json(value), isError: true });

function unknownTool(name: string): CallToolResult {
  const valid = [...tools.keys()].sort();
  return error({
    error: "unknown_tool",
    message: `Unknown tool '${name}'. Valid tools: ${valid.join(", ")}.`,
    valid_tools: valid,
    help: "Call help with no arguments for the index.",
  });
}

function help(params: Json): CallToolResult {
  const tool = params["tool"];
  const action = params["action"];
  if (tool === undefined && action === undefined) {
    return json({ tools: [...tools].map(([name, actions]) => ({ tool: name, description: toolDescription(name), actions: actionSummaries(actions) })) });
  }
  if (typeof tool !== "string") return error({ error: "missing_tool", message: `help with action '${String(action)}' requires a tool.` });
  const actions = tools.get(tool);
  if (actions === undefined) return unknownTool(tool);
  if (tool === helpError) return error({ error: "internal", message: `the ${tool} tool's declarations could not be read` });
  if (tool === rpcErrorTool) throw new McpError(Number(rpcErrorCode), `the ${tool} tool is busy`);
  if (tool === helpShape) return { content: [{ type: "text", text: `${tool} has actions: ${Object.keys(actions).join(", ")}` }] };
  if (action === undefined) {
    const rendered = Object.fromEntries(Object.entries(actions).map(([name, schema]) => [name, renderAction(schema)]));
    return json({ tool, description: toolDescription(tool), actions: rendered });
  }
  const schema = typeof action === "string" && Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (schema === undefined)
    return error({ error: "unknown_action", message: `Unknown action '${String(action)}' for tool '${tool}'. Valid actions: ${Object.keys(actions).sort().join(", ")}.` });
  return json({ tool, action, ...renderAction(schema) });
}

const server = new Server({ name: "wymcp-test-server", version: "0.9.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, (request) => {
  const start = request.params?.cursor === undefined ? 0 : Number(request.params.cursor);
  const page = listed.slice(start, start + PAGE_SIZE);
  const next = start + PAGE_SIZE;
  return next < listed.length ? { tools: page, nextCursor: String(next) } : { tools: page };
});
server.setRequestHandler(CallToolRequestSchema, (request) => {
  const { name, arguments: params = {} } = request.params;
  if (name !== "help") return error({ error: "not_in_this_test", message: `the test server runs only help, not ${name}` });
  return help(params);
});

if (args.includes("--fork")) {
  // The child says it runs before this server answers anything, so it is alive during the lint.
  const child = spawn(process.execPath, ["-e", 'process.stdout.write("alive\\n"); setInterval(() => {}, 1000)', "--", ...process.argv.slice(3)], {
    stdio: ["ignore", "pipe", "ignore"],
    detached: args.includes("--setsid"),
  });
  await new Promise((resolve) => child.stdout.once("data", resolve));
  process.stderr.write(`forked ${child.pid}\n`);
}
process.stderr.write("wymcp test server: ready on stdio (this line is chatter on stderr)\n");
await server.connect(new StdioServerTransport());
