// `wymcp-lint --mcp` (docs/mcp.md): an MCP server on stdio, on the MCP SDK's server side,
// serving the wymcp_lint tool and Wymcp's help tool (declarations.ts). Each call is checked
// (data.ts), run on the engine of its root (actions.ts; one engine per root, kept warm until
// the client goes), and answered as Wymcp answers: one JSON text, and for wymcp_lint the same
// value as structured content. A call never brings the server down: whatever goes wrong in it
// is that call's error answer.

import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { CallToolRequestSchema, type CallToolResult, ErrorCode, ListToolsRequestSchema, McpError, RootsListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { RESERVED_TOOL_NAME } from "../core/lint-tool.js";
import { describeThrown } from "../core/escape.js";
import { Engine } from "../engine/engine.js";
import { MCP } from "../engine/policy.js";
import { ModulePool } from "../modules/pool.js";
import { type ActionContext, runAction } from "./actions.js";
import { checkData } from "./data.js";
import { ACTION_NAMES, ACTIONS, isActionName, listedTools, TOOL_NAME } from "./declarations.js";
import { type Answer, helpAnswer } from "./help.js";

export interface McpServerOptions {
  /** wymcp-lint's version, which the server names itself by. */
  readonly version: string;
  /** Wall time each tool module gets to load, in milliseconds. */
  readonly loadTimeoutMs: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** An answer as a tools/call result: one JSON text, and the same value as structured content where the tool has an output schema. */
function toResult(answer: Answer, structured: boolean): CallToolResult {
  const text = JSON.stringify(answer.value);
  return {
    content: [{ type: "text", text }],
    ...(structured && !answer.isError ? { structuredContent: answer.value as Record<string, unknown> } : {}),
    ...(answer.isError ? { isError: true } : {}),
  };
}

const failure = (error: string, message: string, more: Record<string, unknown> = {}): Answer => ({ value: { error, message, ...more }, isError: true });

/** One action call's answer: its arguments checked ({action, data}), then the action run. */
async function actionAnswer(params: Readonly<Record<string, unknown>>, context: ActionContext): Promise<Answer> {
  const { action, data, ...rest } = params;
  const extra = Object.keys(rest);
  if (extra.length > 0) return failure("invalid_params", `${TOOL_NAME} takes "action" and "data" only; got ${extra.map((k) => JSON.stringify(k)).join(", ")}`);
  if (typeof action !== "string")
    return failure("missing_action", `Missing required 'action' parameter. Valid actions: ${ACTION_NAMES.join(", ")}.`, { valid_actions: ACTION_NAMES });
  if (!isActionName(action)) {
    return failure("unknown_action", `Unknown action '${action}' for tool '${TOOL_NAME}'. Valid actions: ${ACTION_NAMES.join(", ")}.`, { valid_actions: ACTION_NAMES });
  }
  const checked = checkData(action, ACTIONS[action], data);
  if ("error" in checked) return { value: { ...checked }, isError: true };
  return runAction(action, checked, context);
}

/** The server, on `transport`; resolves when the client goes, every engine disposed. */
export async function serveMcp(options: McpServerOptions, transport: Transport = new StdioServerTransport()): Promise<void> {
  const server = new Server({ name: "wymcp-lint", version: options.version }, { capabilities: { tools: {} } });
  const engines = new Map<string, Promise<Engine>>();
  // Each engine's module processes: after a call, one a module ran in is replaced by a fresh
  // one, ready for the next call (a used one would only be stopped by it). Never once closed.
  const pools = new Set<ModulePool>();
  let closing = false;
  let roots: Promise<readonly string[]> | null = null;

  const clientRoots = (): Promise<readonly string[]> => {
    if (server.getClientCapabilities()?.roots === undefined) return Promise.resolve([]);
    roots ??= server.listRoots().then(
      ({ roots: listed }) => listed.flatMap((root) => (root.uri.startsWith("file:") ? [fileURLToPath(root.uri)] : [])),
      (error: unknown) => {
        roots = null;
        throw new Error(`the client did not list its roots: ${describeThrown(error)}`);
      },
    );
    return roots;
  };
  const engineFor = (root: string | null): Promise<Engine> => {
    // No root: nothing is read from disk, so no config applies and no directory is looked at.
    const key = root ?? "";
    let engine = engines.get(key);
    if (engine === undefined) {
      const pool = new ModulePool(undefined, { keepIdle: true });
      const where = root === null ? { cwd: tmpdir(), config: false as const } : { cwd: root };
      engine = Engine.create({ ...where, loadTimeoutMs: options.loadTimeoutMs, pool, policy: MCP });
      engines.set(key, engine);
      pools.add(pool);
      // A root whose config is broken is tried again at the next call, once it may be mended.
      engine.catch(() => {
        engines.delete(key);
        pools.delete(pool);
        pool.stop();
      });
    }
    return engine;
  };
  const context: ActionContext = { clientRoots, engineFor };

  server.setNotificationHandler(RootsListChangedNotificationSchema, () => {
    roots = null;
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listedTools() as never }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: given } = request.params;
    if (name !== TOOL_NAME && name !== RESERVED_TOOL_NAME) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}. Valid tools: ${TOOL_NAME}, ${RESERVED_TOOL_NAME}.`);
    const params = given ?? {};
    if (!isObject(params)) throw new McpError(ErrorCode.InvalidParams, "Invalid 'arguments': expected an object");
    try {
      return toResult(name === RESERVED_TOOL_NAME ? helpAnswer(params) : await actionAnswer(params, context), name === TOOL_NAME);
    } catch (error) {
      return toResult(failure("internal", `wymcp-lint could not answer: ${describeThrown(error)}`), false);
    } finally {
      // After the answer is sent: spawning takes the thread a while.
      setImmediate(() => {
        if (!closing) for (const pool of pools) pool.freshen();
      });
    }
  });

  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(transport);
  // The SDK's stdio transport does not end with its input: a client that goes away closes it.
  if (transport instanceof StdioServerTransport) process.stdin.once("end", () => void server.close());
  await closed;
  closing = true;
  for (const engine of engines.values())
    await engine.then(
      (e) => e.dispose(),
      () => undefined,
    );
}
