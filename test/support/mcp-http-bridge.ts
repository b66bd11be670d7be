// A bridge from MCP's Streamable HTTP to a server on stdio, for clients that speak only HTTP
// (the official conformance suite, test/mcp/conformance.test.ts): each HTTP session (one
// initialize) gets its own server process, started with `command`, and every message is
// passed through unchanged, both ways, by the SDK's own transports. Nothing of the server is
// decided here: the bridge only carries messages. It listens on 127.0.0.1 only.

import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** Sessions kept at once: a suite opens one per scenario, one after another, and never closes them; the oldest is ended first. */
const MAX_SESSIONS = 4;

interface Session {
  readonly http: StreamableHTTPServerTransport;
  readonly stdio: StdioClientTransport;
}

export interface Bridge {
  /** The MCP endpoint, http://127.0.0.1:PORT/mcp. */
  readonly url: string;
  /** How many sessions (server processes) were started. */
  readonly started: () => number;
  /** Stops listening and ends every server process. */
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("error", reject);
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      try {
        resolve(text === "" ? undefined : JSON.parse(text));
      } catch {
        resolve(text);
      }
    });
  });
}

function reject(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message } }));
}

/** Starts the bridge to the stdio server `command` (its first element the executable). */
export async function startBridge(command: readonly string[], cwd: string): Promise<Bridge> {
  const sessions = new Map<string, Session>();
  let started = 0;

  const end = async (id: string): Promise<void> => {
    const session = sessions.get(id);
    if (session === undefined) return;
    sessions.delete(id);
    await session.stdio.close();
    await session.http.close();
  };

  const open = async (): Promise<StreamableHTTPServerTransport> => {
    const [file, ...args] = command;
    const stdio = new StdioClientTransport({ command: file as string, args, cwd, stderr: "ignore" });
    const http: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { http, stdio });
        while (sessions.size > MAX_SESSIONS) void end(sessions.keys().next().value as string);
      },
    });
    http.onmessage = (message: JSONRPCMessage) => void stdio.send(message).catch(() => undefined);
    stdio.onmessage = (message: JSONRPCMessage) => {
      const related = "id" in message && !("method" in message) ? { relatedRequestId: message.id } : {};
      void http.send(message, related).catch(() => undefined);
    };
    http.onclose = () => {
      if (http.sessionId !== undefined) void end(http.sessionId);
      else void stdio.close();
    };
    await stdio.start();
    started++;
    return http;
  };

  const server = createServer((request, response) => {
    void (async () => {
      if (new URL(request.url ?? "/", "http://127.0.0.1").pathname !== "/mcp") return reject(response, 404, "Not found: the endpoint is /mcp");
      const body = request.method === "POST" ? await readBody(request) : undefined;
      const id = request.headers["mcp-session-id"];
      const session = typeof id === "string" ? sessions.get(id) : undefined;
      if (session !== undefined) return session.http.handleRequest(request, response, body);
      if (request.method === "POST" && id === undefined && isInitializeRequest(body)) return (await open()).handleRequest(request, response, body);
      return reject(response, id === undefined ? 400 : 404, id === undefined ? "Bad Request: no session: initialize first" : "Not Found: no such session");
    })().catch((error: unknown) => {
      if (!response.headersSent) reject(response, 500, `the bridge failed: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    started: () => started,
    close: async () => {
      await Promise.all([...sessions.keys()].map(end));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
