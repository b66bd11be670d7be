// One MCP client session with the server being linted, on the official SDK's Client: the
// handshake, every page of tools/list, and tool calls, each bounded by --server-timeout.
// Every way of failing to talk to the server becomes a ServerFailure (exit 2) with one
// clear line and the server's stderr tail. close() always ends the session, and for a
// server we started, its whole process group. Called by lint-server.ts; this is the only
// module that loads the SDK's client, and lint-server.ts loads it lazily, so linting files
// never pays for the SDK.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError, ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { describeThrown } from "../core/escape.js";
import { inspectString } from "../text/escape.js";
import { ServerFailure, type ServerFailureExit } from "./failure.js";
import { readToolsPage, type ListedTool } from "./listed-tool.js";
import { ProcessTransport } from "./process-transport.js";
import type { ServerTarget } from "./target.js";
import { appendAll } from "../core/append.js";

/** A bound on tools/list pages, so a server whose cursor never ends cannot hang the run. */
const MAX_PAGES = 10_000;

export interface ServerSession {
  /** Every tool of every tools/list page, in the server's order. */
  listTools(): Promise<ListedTool[]>;
  /** A tools/call's result, unchecked beyond being a JSON-RPC result (the caller reads it). */
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>;
  /** The last lines the server wrote on stderr (a server we started; [] otherwise). */
  stderrTail(): string[];
  /** Ends the session and stops the server we started (its whole process group). Never throws. */
  close(): Promise<void>;
}

export interface SessionOptions {
  /** --server-timeout: the handshake and each request, in milliseconds. */
  readonly timeoutMs: number;
  readonly version: string;
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/** The network error under a failed fetch ("ECONNREFUSED"), if any. */
function causeCode(error: unknown): string | undefined {
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string") return code;
    cause = cause.cause;
  }
  return undefined;
}

const NETWORK_REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: "connection refused: nothing listens there",
  ENOTFOUND: "the host name does not resolve",
  ECONNRESET: "the connection was reset",
  EHOSTUNREACH: "the host cannot be reached",
  ETIMEDOUT: "the connection timed out",
};

/** What went wrong with a request, in words, for a ServerFailure's line. */
function reason(error: unknown, doing: string, timeoutMs: number, exit: string | null): string {
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return `the server did not answer ${doing} within ${seconds(timeoutMs)} (--server-timeout)`;
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
    return `the server closed the connection during ${doing}${exit === null ? "" : ` (it ${exit})`}`;
  }
  const code = causeCode(error);
  const network = code === undefined ? undefined : NETWORK_REASONS[code];
  if (network !== undefined) return `${doing} failed: ${network}`;
  return `${doing} failed: ${describeThrown(error)}`;
}

function startFailure(error: unknown, command: readonly string[]): string {
  const code = causeCode(error);
  const shown = inspectString(command[0] ?? "");
  if (code === "ENOENT") return `the command ${shown} was not found`;
  if (code === "EACCES") return `the command ${shown} cannot be run: permission denied`;
  return `the command ${shown} could not be started: ${describeThrown(error)}`;
}

/** Opens the session: starts the server (stdio) or connects to it (HTTP), then the handshake. */
export async function openSession(target: ServerTarget, options: SessionOptions): Promise<ServerSession> {
  const { timeoutMs } = options;
  const processTransport = target.kind === "stdio" ? new ProcessTransport(target.command) : null;
  const transport =
    target.kind === "stdio" ? (processTransport as ProcessTransport) : new StreamableHTTPClientTransport(new URL(target.url), { requestInit: { headers: { ...target.headers } } });
  const client = new Client({ name: "wymcp-lint", version: options.version }, { capabilities: {} });
  const stderrTail = (): string[] => processTransport?.stderr.lines() ?? [];
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    try {
      await client.close();
    } catch {
      // Closing is best effort; the process group is stopped below regardless.
    }
    await processTransport?.close();
  };
  const fail = async (message: string, exitCode: ServerFailureExit = 2): Promise<never> => {
    await close();
    throw new ServerFailure(message, exitCode, stderrTail());
  };
  // A request that fails: the session is useless after it, so it ends here. An error the
  // server answered (a JSON-RPC error, not a timeout or a lost connection) gives `answered`.
  const guard = async <T>(doing: string, request: () => Promise<T>, answered: ServerFailureExit = 2): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      const isAnswer = error instanceof McpError && error.code !== ErrorCode.RequestTimeout && error.code !== ErrorCode.ConnectionClosed;
      return fail(reason(error, doing, timeoutMs, processTransport?.exit ?? null), isAnswer ? answered : 2);
    }
  };

  try {
    await client.connect(transport, { timeout: timeoutMs });
  } catch (error) {
    if (processTransport !== null && !processTransport.spawned) return fail(startFailure(error, processTransport.command));
    return fail(reason(error, "the handshake (initialize)", timeoutMs, processTransport?.exit ?? null));
  }

  return {
    async listTools() {
      const tools: ListedTool[] = [];
      const seen = new Set<string>();
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const params = cursor === undefined ? {} : { cursor };
        // The SDK's loosest result schema: the page's shape is ours to judge (listed-tool.ts).
        const answer = readToolsPage(await guard("tools/list", () => client.request({ method: "tools/list", params }, ResultSchema, { timeout: timeoutMs })));
        if ("problem" in answer) return fail(answer.problem, 1);
        appendAll(tools, answer.tools);
        cursor = answer.nextCursor;
        if (cursor === undefined) return tools;
        if (seen.has(cursor)) return fail(`tools/list returned the cursor ${inspectString(cursor)} twice: its pagination never ends`, 1);
        seen.add(cursor);
      }
      return fail(`tools/list did not end within ${MAX_PAGES} pages`, 1);
    },
    callTool(name, args) {
      const doing = `the call of ${inspectString(name)} with ${inspectString(JSON.stringify(args))}`;
      return guard(doing, () => client.request({ method: "tools/call", params: { name, arguments: args } }, ResultSchema, { timeout: timeoutMs }), 1);
    },
    stderrTail,
    close,
  };
}
