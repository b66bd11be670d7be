// Drives `wymcp-lint --lsp` as an editor would (test/lsp/): the built CLI spawned, spoken to
// over stdio with vscode-languageserver-protocol's message connection, as a pull client
// or a push-only one. Every wait is for a real event (a publication, a response, the
// process's exit), with a generous timeout that only turns a hang into a failure.

import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import {
  createMessageConnection,
  type Diagnostic,
  type MessageConnection,
  type PublishDiagnosticsParams,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver-protocol/node";
import { repoPath } from "./paths.js";

const WAIT_MS = 60_000;

export interface ClientOptions {
  /** The workspace folder. */
  readonly folder: string;
  /** Pull diagnostics (textDocument/diagnostic) rather than push only. */
  readonly pull?: boolean;
  /** The position encodings the client offers. */
  readonly encodings?: readonly string[];
  readonly initializationOptions?: Record<string, unknown>;
  /** More workspace folders. */
  readonly extraFolders?: readonly string[];
  /** More workspace folders given by URI as they are, whatever they say. */
  readonly extraFolderUris?: readonly string[];
  /** Whether the client takes workspace/diagnostic/refresh. */
  readonly refresh?: boolean;
  /** The process the server is to watch as its parent (initialize's processId); this test's own when absent, none with null. */
  readonly processId?: number | null;
  /** More arguments after `--lsp --stdio`. */
  readonly args?: readonly string[];
  /** Whether the client takes versioned edits (workspace.workspaceEdit.documentChanges). */
  readonly documentChanges?: boolean;
  /** Whether the client watches files for the server (takes a registration of didChangeWatchedFiles; default true). */
  readonly watchFiles?: boolean;
  /** The server's environment (this test's when absent). */
  readonly env?: NodeJS.ProcessEnv;
}

export interface Client {
  readonly connection: MessageConnection;
  readonly child: ChildProcess;
  readonly initializeResult: { capabilities: Record<string, unknown> };
  /** What the server wrote on stderr so far. */
  stderr(): string;
  /** Every publication, in order. */
  readonly published: PublishDiagnosticsParams[];
  readonly messages: { type: number; message: string }[];
  /** How many workspace/diagnostic/refresh requests came. */
  refreshes: number;
  /** How many client/registerCapability requests came. */
  registrations: number;
  /** Resolves with what `found` gives once it gives something, checked whenever the server says something (on stdout or stderr). */
  until<T>(found: () => T | undefined, what: string): Promise<T>;
  /** Resolves with the first publication for `uri` (from now on, or already seen since `since`) that `accept` takes. */
  published_(uri: string, accept?: (p: PublishDiagnosticsParams) => boolean, since?: number): Promise<PublishDiagnosticsParams>;
  open(uri: string, text: string, languageId?: string): void;
  change(uri: string, version: number, text: string): void;
  save(uri: string): void;
  close(uri: string): void;
  pullDiagnostics(uri: string, previousResultId?: string): Promise<{ kind: string; resultId?: string; items?: Diagnostic[] }>;
  /** A request and its answer, failing after the generous wait. */
  request<T>(method: string, params: unknown): Promise<T>;
  /** shutdown, exit, and the process's exit. */
  stop(): Promise<number | null>;
}

export function uriOf(path: string): string {
  return pathToFileURL(path).href;
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), WAIT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function startClient(options: ClientOptions): Promise<Client> {
  const child = spawn(process.execPath, [repoPath("bin/wymcp-lint.js"), "--lsp", "--stdio", ...(options.args ?? [])], {
    cwd: options.folder,
    stdio: ["pipe", "pipe", "pipe"],
    env: options.env ?? process.env,
  });
  let stderr = "";
  const listeners = new Set<() => void>();
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const listener of [...listeners]) listener();
  });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout as NodeJS.ReadableStream), new StreamMessageWriter(child.stdin as NodeJS.WritableStream));
  const published: PublishDiagnosticsParams[] = [];
  const messages: { type: number; message: string }[] = [];
  connection.onNotification("textDocument/publishDiagnostics", (params: PublishDiagnosticsParams) => {
    published.push(params);
    for (const listener of [...listeners]) listener();
  });
  connection.onNotification("window/showMessage", (params: { type: number; message: string }) => {
    messages.push(params);
    for (const listener of [...listeners]) listener();
  });
  connection.onNotification("window/logMessage", () => undefined);
  const client = {
    refreshes: 0,
    registrations: 0,
  } as { refreshes: number; registrations: number };
  connection.onRequest("client/registerCapability", () => {
    client.registrations++;
    return null;
  });
  connection.onRequest("workspace/diagnostic/refresh", () => {
    client.refreshes++;
    for (const listener of [...listeners]) listener();
    return null;
  });
  connection.listen();
  const initializeResult = await withTimeout(
    connection.sendRequest("initialize", {
      processId: options.processId === undefined ? process.pid : options.processId,
      rootUri: uriOf(options.folder),
      workspaceFolders: [...[options.folder, ...(options.extraFolders ?? [])].map(uriOf), ...(options.extraFolderUris ?? [])].map((uri, i) => ({ uri, name: `folder ${i}` })),
      initializationOptions: { debounceMs: 20, ...options.initializationOptions },
      capabilities: {
        general: { positionEncodings: options.encodings ?? ["utf-16"] },
        textDocument: {
          publishDiagnostics: { relatedInformation: true, versionSupport: true, tagSupport: { valueSet: [1, 2] } },
          ...(options.pull ? { diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } } : {}),
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ["quickfix", "source.fixAll"] } } },
          hover: { contentFormat: ["markdown"] },
        },
        workspace: {
          workspaceFolders: true,
          ...(options.watchFiles === false ? {} : { didChangeWatchedFiles: { dynamicRegistration: true } }),
          ...(options.refresh ? { diagnostics: { refreshSupport: true } } : {}),
          ...(options.documentChanges ? { workspaceEdit: { documentChanges: true } } : {}),
        },
      },
    }) as Promise<{ capabilities: Record<string, unknown> }>,
    `initialize (stderr: ${stderr})`,
  );
  connection.sendNotification("initialized", {});
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return Object.assign(client, {
    connection,
    child,
    initializeResult,
    published,
    messages,
    stderr: () => stderr,
    until<T>(found: () => T | undefined, what: string): Promise<T> {
      return withTimeout(
        new Promise<T>((resolve) => {
          const check = (): void => {
            const value = found();
            if (value === undefined) return;
            listeners.delete(check);
            resolve(value);
          };
          listeners.add(check);
          check();
        }),
        what,
      );
    },
    published_(uri: string, accept: (p: PublishDiagnosticsParams) => boolean = () => true, since = published.length) {
      return this.until(() => published.slice(since).find((p) => p.uri === uri && accept(p)), `diagnostics of ${uri}`);
    },
    open(uri: string, text: string, languageId = "json") {
      connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId, version: 1, text } });
    },
    change(uri: string, version: number, text: string) {
      connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text }] });
    },
    save(uri: string) {
      connection.sendNotification("textDocument/didSave", { textDocument: { uri } });
    },
    close(uri: string) {
      connection.sendNotification("textDocument/didClose", { textDocument: { uri } });
    },
    pullDiagnostics(uri: string, previousResultId?: string) {
      return withTimeout(
        connection.sendRequest("textDocument/diagnostic", { textDocument: { uri }, ...(previousResultId === undefined ? {} : { previousResultId }) }) as Promise<{
          kind: string;
          resultId?: string;
          items?: Diagnostic[];
        }>,
        `pulled diagnostics of ${uri}`,
      );
    },
    request<T>(method: string, params: unknown): Promise<T> {
      return withTimeout(connection.sendRequest(method, params) as Promise<T>, `the answer to ${method} (stderr: ${stderr})`);
    },
    async stop() {
      await withTimeout(connection.sendRequest("shutdown"), `shutdown (stderr: ${stderr})`);
      connection.sendNotification("exit");
      const code = await withTimeout(exit, "the server's exit");
      connection.dispose();
      return code;
    },
  }) as Client;
}

/** The process ids below `pid` (children, grandchildren), from /proc; empty where /proc is absent. */
export function descendants(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const parents = new Map<number, number>();
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const visit = (parent: number): void => {
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}
