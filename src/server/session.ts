// One MCP client session with the server being linted, on the official SDK's Client: the
// handshake, every page of tools/list, and tool calls, each bounded by --server-timeout.
// Every way of failing to talk to the server becomes a ServerFailure (exit 2) with one
// clear line and the server's stderr tail. close() always ends the session, and for a
// server we started, its whole process group. Called by lint-server.ts; this is the only
// module that loads the SDK's client, and lint-server.ts loads it lazily, so linting files
// never pays for the SDK.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { STATUS_CODES } from "node:http";
import { performance } from "node:perf_hooks";
import { ErrorCode, McpError, ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { describeThrown } from "../core/escape.js";
import { inspectString } from "../text/escape.js";
import { ServerFailure, type ServerFailureExit } from "./failure.js";
import { readToolsPage } from "./listed-tool.js";
import { ProcessTransport } from "./process-transport.js";
import type { ServerTarget } from "./target.js";
import { appendAll } from "../core/append.js";

/** A bound on tools/list pages, so a server whose cursor never ends cannot hang the run. */
const MAX_PAGES = 10_000;

export interface ServerSession {
  /** Every entry of every tools/list page, in the server's order, as listed. */
  listTools(): Promise<unknown[]>;
  /**
   * A tools/call's result, unchecked beyond being a JSON-RPC result (the caller reads it), or
   * the error the server answered, in words. A call that got no answer throws ServerFailure.
   */
  callTool(name: string, args: Record<string, unknown>): Promise<{ readonly result: unknown } | { readonly error: string }>;
  /** The last lines the server wrote on stderr (a server we started; [] otherwise). */
  stderrTail(): string[];
  /** The instructions the server gave in its handshake, if any (a model reads them). */
  instructions(): string | undefined;
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

/**
 * How a request ended, told by what this side saw and never by the error's code, which a
 * server may send in an error answer too: a timeout is ours when the request ran its whole
 * time, a close is ours when the connection closed; any other McpError is the server's answer.
 */
type Ending = "timeout" | "closed" | "answered" | "failed";

/** An HTTP error status the transport met (the SDK's StreamableHTTPError carries it as its code). */
function httpStatus(error: unknown): number | null {
  if (!(error instanceof StreamableHTTPError)) return null;
  return typeof error.code === "number" && error.code >= 100 ? error.code : null;
}

/** The server's words after an HTTP error status, without the SDK's prefixes; "" when it said nothing. */
function httpBody(error: Error): string {
  return error.message
    .replace(/^Streamable HTTP error: /, "")
    .replace(/^Error POSTing to endpoint: ?/, "")
    .trim();
}

/** What went wrong with a request, in words, for a ServerFailure's line. */
function reason(error: unknown, ending: Ending, doing: string, facts: { readonly timeoutMs: number; readonly exit: string | null; readonly url: string | null }): string {
  if (ending === "timeout") return `the server did not answer ${doing} within ${seconds(facts.timeoutMs)} (--server-timeout)`;
  if (ending === "closed") return `the server closed the connection during ${doing}${facts.exit === null ? "" : ` (it ${facts.exit})`}`;
  if (ending === "answered") return `the server answered ${doing} with the error ${describeThrown(error)}`;
  const status = httpStatus(error);
  if (status !== null) {
    const body = httpBody(error as Error);
    const text = STATUS_CODES[status];
    return `${doing} failed: ${facts.url ?? "the server"} answered HTTP ${status}${text === undefined ? "" : ` ${text}`}${body === "" ? "" : `: ${inspectString(body)}`}`;
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
  // Set by the SDK before it fails the requests still waiting: a close seen here is ours to report.
  let connectionClosed = false;
  client.onclose = () => {
    connectionClosed = true;
  };
  const ending = (error: unknown, startedAt: number): Ending => {
    if (!(error instanceof McpError)) return "failed";
    if (error.code === ErrorCode.RequestTimeout && performance.now() - startedAt >= timeoutMs) return "timeout";
    if (error.code === ErrorCode.ConnectionClosed && connectionClosed) return "closed";
    return "answered";
  };
  const facts = (): { timeoutMs: number; exit: string | null; url: string | null } => ({
    timeoutMs,
    exit: processTransport?.exit ?? null,
    url: target.kind === "http" ? target.url : null,
  });
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
  // A request that fails: the session is useless after it, so it ends here.
  const guard = async <T>(doing: string, request: () => Promise<T>): Promise<T> => {
    const startedAt = performance.now();
    try {
      return await request();
    } catch (error) {
      return fail(reason(error, ending(error, startedAt), doing, facts()));
    }
  };

  const connectingAt = performance.now();
  try {
    await client.connect(transport, { timeout: timeoutMs });
  } catch (error) {
    if (processTransport !== null && !processTransport.spawned) return fail(startFailure(error, processTransport.command));
    return fail(reason(error, ending(error, connectingAt), "the handshake (initialize)", facts()));
  }

  return {
    instructions() {
      const given = client.getInstructions();
      return typeof given === "string" ? given : undefined;
    },
    async listTools() {
      const tools: unknown[] = [];
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
    async callTool(name, args) {
      const doing = `the call of ${inspectString(name)} with ${inspectString(JSON.stringify(args))}`;
      const startedAt = performance.now();
      try {
        return { result: await client.request({ method: "tools/call", params: { name, arguments: args } }, ResultSchema, { timeout: timeoutMs }) };
      } catch (error) {
        const how = ending(error, startedAt);
        // An error answer is about the one tool asked of: the caller reports it, and goes on.
        if (how === "answered") return { error: describeThrown(error) };
        return fail(reason(error, how, doing, facts()));
      }
    },
    stderrTail,
    close,
  };
}
