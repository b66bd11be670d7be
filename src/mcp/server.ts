// `wymcp-lint --mcp` (docs/mcp.md): an MCP server on stdio (stdio.ts), on the MCP SDK's server
// side, serving the wymcp_lint tool and Wymcp's help tool (declarations.ts). Each call is
// checked (data.ts), run on the engine of its root (actions.ts, engines.ts: bounded, shared
// module processes, idle ones let go), and answered as Wymcp answers: one JSON text, and for
// wymcp_lint the same value as structured content. A call never brings the server down:
// whatever goes wrong in it is that call's error answer.

import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { CallToolRequestSchema, type CallToolResult, ErrorCode, ListToolsRequestSchema, RootsListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { closeMatch } from "../core/close-match.js";
import { describeThrown } from "../core/escape.js";
import { RESERVED_TOOL_NAME } from "../core/lint-tool.js";
import { type ActionContext, runAction } from "./actions.js";
import { checkData } from "./data.js";
import { ACTION_NAMES, ACTIONS, isActionName, listedTools, TOOL_NAME } from "./declarations.js";
import { Engines } from "./engines.js";
import { type Answer, extraParams, helpAnswer } from "./help.js";
import { ClientRoots } from "./roots.js";
import { MAX_MESSAGE_BYTES, StdioTransport } from "./stdio.js";

export interface McpServerOptions {
  /** wymcp-lint's version, which the server names itself by. */
  readonly version: string;
  /** Wall time each tool module gets to load, in milliseconds. */
  readonly loadTimeoutMs: number;
  /** How long engines and idle module processes outlive the last call (engines.ts's IDLE_MS by default; tests shorten it). */
  readonly idleMs?: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const failure = (error: string, message: string, more: Record<string, unknown> = {}): Answer => ({ value: { error, message, ...more }, isError: true });

/** A JSON-RPC error a handler throws, sent as it is (an McpError's message would carry "MCP error N:", which the client's prefixes again). */
const protocolError = (code: number, message: string): Error => Object.assign(new Error(message), { code });

/**
 * An answer as a tools/call result: one JSON text, and the same value as structured content
 * where the tool has an output schema. One that would not fit in a message a client reads is
 * answered with an error saying so.
 */
function toResult(answer: Answer, structured: boolean): CallToolResult {
  const text = JSON.stringify(answer.value);
  const withStructured = structured && !answer.isError;
  // Each character a byte or more, and the value twice with structured content: a bound, cheap to take.
  if ((withStructured ? 2 : 1) * Buffer.byteLength(text) > MAX_MESSAGE_BYTES - 4096) {
    return toResult(
      failure(
        "too_large",
        `The answer would be over ${MAX_MESSAGE_BYTES / (1024 * 1024)} MiB, more than a client reads in one message: ask for fewer offences ("limit"), or lint a smaller text.`,
      ),
      false,
    );
  }
  return {
    content: [{ type: "text", text }],
    ...(withStructured ? { structuredContent: answer.value as Record<string, unknown> } : {}),
    ...(answer.isError ? { isError: true } : {}),
  };
}

/** One action call's answer: its arguments checked ({action, data}), then the action run. */
async function actionAnswer(params: Readonly<Record<string, unknown>>, context: ActionContext): Promise<Answer> {
  const { action, data } = params;
  const extra = extraParams(params, ["action", "data"]);
  if (extra !== null) return failure("invalid_params", `${TOOL_NAME} takes "action" and "data" only; got ${extra}`);
  if (typeof action !== "string")
    return failure("missing_action", `Missing required 'action' parameter. Valid actions: ${ACTION_NAMES.join(", ")}.`, { valid_actions: ACTION_NAMES });
  if (!isActionName(action)) {
    const close = closeMatch(action, ACTION_NAMES);
    return failure(
      "unknown_action",
      `Unknown action '${action}' for tool '${TOOL_NAME}'${close === null ? "" : ` (did you mean "${close}"?)`}. Valid actions: ${ACTION_NAMES.join(", ")}.`,
      {
        valid_actions: ACTION_NAMES,
      },
    );
  }
  const checked = checkData(action, ACTIONS[action], data);
  if ("error" in checked) return { value: { ...checked }, isError: true };
  return runAction(action, checked, context);
}

/** The server, on `transport` (stdin and stdout by default); resolves when the client goes, every module process stopped. */
export async function serveMcp(options: McpServerOptions, transport: Transport = new StdioTransport()): Promise<void> {
  const server = new Server({ name: "wymcp-lint", version: options.version }, { capabilities: { tools: {} } });
  const engines = new Engines({ loadTimeoutMs: options.loadTimeoutMs, ...(options.idleMs === undefined ? {} : { idleMs: options.idleMs }) });
  const roots = new ClientRoots(
    () => server.getClientCapabilities()?.roots !== undefined,
    (timeout) => server.listRoots(undefined, { timeout }),
  );

  server.setNotificationHandler(RootsListChangedNotificationSchema, () => roots.changed());
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listedTools() as never }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: given } = request.params;
    if (name !== TOOL_NAME && name !== RESERVED_TOOL_NAME) throw protocolError(ErrorCode.InvalidParams, `Unknown tool: ${name}. Valid tools: ${TOOL_NAME}, ${RESERVED_TOOL_NAME}.`);
    const params = given ?? {};
    if (!isObject(params)) throw protocolError(ErrorCode.InvalidParams, "Invalid 'arguments': expected an object");
    const context: ActionContext = { clientRoots: () => roots.get(), onEngine: (root, work) => engines.run(root, extra.signal, work), signal: extra.signal };
    try {
      return toResult(name === RESERVED_TOOL_NAME ? helpAnswer(params) : await actionAnswer(params, context), name === TOOL_NAME);
    } catch (error) {
      // A cancelled call is answered by nobody (the SDK drops it); anything else is our bug, said as such.
      return toResult(failure("internal", `wymcp-lint could not answer: ${describeThrown(error)}`), false);
    }
  });

  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(transport);
  await closed;
  engines.close();
}
