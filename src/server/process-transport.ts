// The MCP SDK's Transport over a server we start ourselves (wymcp-lint --server -- COMMAND):
// JSON-RPC lines on the child's stdin and stdout, read by text/line-framer.ts (messages of any
// size a real server sends, up to its cap) and written by the SDK's serializeMessage. We spawn the child here rather than through the SDK's
// StdioClientTransport because we must own its whole process group: the child is the
// leader of a new group (detached), and stopping it signals the group, so a server that
// forks (npx, a shell script, an Elixir release) leaves no orphan; a descendant that left
// the group (setsid) is found by the marker in its environment (descendants.ts). Its stderr is kept as a
// short tail for error messages and never reaches our stdout. Used by session.ts.

import { spawn, type ChildProcess } from "node:child_process";
import { deserializeMessage, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { killMarked, MARKER_VARIABLE, newMarker } from "./descendants.js";
import { StderrTail } from "./stderr-tail.js";
import { LineFramer, LineTooLong } from "../text/line-framer.js";

/** How long the group gets between SIGTERM and SIGKILL. */
const STOP_GRACE_MS = 2000;

type JSONRPCMessage = Parameters<Transport["send"]>[0];

const FORWARDED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

export class ProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly stderr = new StderrTail();
  private lines = new LineFramer();
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private exitDescription: string | null = null;
  private hasSpawned = false;
  private readonly marker = newMarker();
  private readonly onOurExit = (): void => this.killAll();
  private readonly onOurSignal = (signal: NodeJS.Signals): void => {
    // Ctrl-C reaches our process group only: take the server's group down with us.
    this.killAll();
    this.unhook();
    process.kill(process.pid, signal);
  };

  constructor(readonly command: readonly string[]) {}

  /** Whether the command started (false before, and when it could not be spawned). */
  get spawned(): boolean {
    return this.hasSpawned;
  }

  /** How the child ended ("exited with code 1", "was killed by SIGSEGV"), null while it runs. */
  get exit(): string | null {
    return this.exitDescription;
  }

  start(): Promise<void> {
    const [file, ...args] = this.command;
    if (file === undefined) return Promise.reject(new Error("no command was given"));
    return new Promise((resolve, reject) => {
      const env = { ...process.env, [MARKER_VARIABLE]: this.marker };
      const child = spawn(file, args, { stdio: ["pipe", "pipe", "pipe"], detached: true, windowsHide: true, env });
      this.child = child;
      // Hooked now, not at the "spawn" event: the server runs as soon as spawn() returns, and a
      // signal that came before the event would leave its group behind.
      this.hook();
      this.exited = new Promise((done) => child.once("close", () => done()));
      child.once("error", (error) => {
        this.child = null;
        this.unhook();
        reject(error);
      });
      child.once("spawn", () => {
        this.hasSpawned = true;
        resolve();
      });
      child.once("exit", (code, signal) => {
        this.exitDescription ??= signal !== null ? `was killed by ${signal}` : `exited with code ${code ?? "unknown"}`;
      });
      // The hooks stay until close(): a process the server forked may outlive it in the group.
      child.once("close", () => this.onclose?.());
      child.stdout.on("data", (chunk: Buffer) => this.read(chunk));
      child.stderr.on("data", (chunk: Buffer) => this.stderr.append(chunk));
      // A server that exits closes its stdin under us: the close event reports it.
      child.stdin.on("error", () => {});
    });
  }

  private read(chunk: Buffer): void {
    this.lines.push(chunk, chunk.length);
    for (;;) {
      let line: string | null;
      try {
        line = this.lines.next();
      } catch (error) {
        if (!(error instanceof LineTooLong)) throw error;
        // Nothing more can be read from it: the server is stopped, and its end says why.
        this.exitDescription = `wrote ${error.message}, and was stopped`;
        this.signalGroup("SIGKILL");
        return;
      }
      if (line === null) return;
      let message: JSONRPCMessage;
      try {
        message = deserializeMessage(line);
      } catch (error) {
        // A line that is not a JSON-RPC message: the SDK reports it and reads on.
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      this.onmessage?.(message);
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed) return Promise.reject(new Error("the server is not running"));
    return new Promise((resolve, reject) => {
      stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Stops the server's whole process group: SIGTERM, then SIGKILL after a grace period. */
  async close(): Promise<void> {
    const child = this.child;
    if (child === null) return;
    this.child = null;
    child.stdin?.end();
    this.signalGroup("SIGTERM", child);
    const graceful = await Promise.race([this.exited.then(() => true), delay(STOP_GRACE_MS).then(() => false)]);
    // The leader may be gone while a child it forked lingers in the group, or left it: kill the rest too.
    this.killAll(child);
    if (!graceful) await this.exited;
    this.unhook();
    // What was held of a line is let go with the server.
    this.lines = new LineFramer();
  }

  /** SIGKILL to the server's group and to every process carrying its marker. */
  private killAll(child: ChildProcess | null = this.child): void {
    this.signalGroup("SIGKILL", child);
    killMarked(this.marker);
  }

  private signalGroup(signal: NodeJS.Signals, child: ChildProcess | null = this.child): void {
    const pid = child?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // ESRCH: the group has no process left.
    }
  }

  private hook(): void {
    process.on("exit", this.onOurExit);
    for (const signal of FORWARDED_SIGNALS) process.on(signal, this.onOurSignal);
  }

  private unhook(): void {
    process.off("exit", this.onOurExit);
    for (const signal of FORWARDED_SIGNALS) process.off(signal, this.onOurSignal);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
