// Module loader hooks of the module process (registered by main.ts, run on Node's hooks
// thread): TypeScript ES modules are transpiled by the linter (modules/transpile.ts; asked on
// this thread's own pair of descriptors, channel.ts), `./x.js` finds `./x.ts`, "wymcp-lint"
// finds the light entry when it names the linter's own (src/module-entry.ts), a file linted
// from standard input is served from the text the linter sent instead of the disk, and, when
// the main thread tracks what modules load (loaded.ts), each resolution is posted to it.
// TypeScript that is CommonJS is left to the CommonJS loader, which main.ts extends.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import { messageReader, transpileRequest, type MessageReader } from "./channel.js";
import type { LoadedEdgeMessage } from "./loaded.js";
import { moduleFormat, TYPESCRIPT, typescriptCandidates } from "../module-format.js";

export interface HooksData {
  readonly port: MessagePort;
  readonly requests: number;
  readonly answers: number;
}

/** A module read from standard input: its URL and text. */
export interface StdinSource {
  readonly url: string;
  readonly source: string;
}

/** What the main thread posts on the port before it imports a module read from standard input. */
export interface StdinSourceMessage {
  readonly stdinSource: StdinSource | null;
}

/** What the main thread posts once, when jobs ask what their modules loaded (loaded.ts): from then on each resolution is posted back. */
export interface TrackMessage {
  readonly track: true;
}

let port: MessagePort;
let requests: number;
let reader: MessageReader;
let stdinSource: StdinSource | null = null;
let tracking = false;

export function initialize(data: HooksData): void {
  port = data.port;
  requests = data.requests;
  reader = messageReader(data.answers);
}

// The main thread posts the text before it imports: the message is already queued.
function drain(): void {
  for (let m = receiveMessageOnPort(port); m !== undefined; m = receiveMessageOnPort(port)) {
    const message = m.message as StdinSourceMessage | TrackMessage;
    if ("track" in message) tracking = true;
    else stdinSource = message.stdinSource;
  }
}

/** A resolution, told to the main thread when it tracks what modules load. */
function resolved(parentURL: string | undefined, result: Resolved): Resolved {
  if (tracking) {
    const message: LoadedEdgeMessage = { loaded: [parentURL ?? null, result.url] };
    port.postMessage(message);
  }
  return result;
}

interface Resolved {
  readonly url: string;
  readonly format?: string | null;
  readonly shortCircuit?: boolean;
}
type NextResolve = (specifier: string, context?: unknown) => Promise<Resolved>;

// The linter's own library entry and the light one served in its place (src/module-entry.ts),
// where both the bundled and the unbundled hooks find them (dist/bundle/child/, dist/modules/child/).
const LIBRARY_ENTRY = new URL("../../bundle/index.js", import.meta.url).href;
const MODULE_ENTRY = new URL("../../bundle/module-entry.js", import.meta.url).href;

/** A package name that resolved to the linter's own library entry resolves to the light one; a path to it stays the path (module-entry.js loads it so). */
function served(relative: boolean, result: Resolved): Resolved {
  return !relative && result.url === LIBRARY_ENTRY ? { ...result, url: MODULE_ENTRY } : result;
}

export async function resolve(specifier: string, context: { parentURL?: string }, next: NextResolve): Promise<Resolved> {
  drain();
  if (stdinSource !== null && specifier === stdinSource.url) return resolved(context.parentURL, { url: stdinSource.url, shortCircuit: true });
  const relative = /^(\.{0,2}\/|file:)/.test(specifier);
  try {
    return resolved(context.parentURL, served(relative, await next(specifier, context)));
  } catch (error) {
    if (!relative || (error as { code?: unknown }).code !== "ERR_MODULE_NOT_FOUND") throw error;
    for (const candidate of typescriptCandidates(specifier)) {
      try {
        return resolved(context.parentURL, await next(candidate, context));
      } catch {
        // try the next spelling
      }
    }
    throw error;
  }
}

interface Loaded {
  readonly format: string;
  readonly source?: string | ArrayBuffer | Uint8Array | null;
  readonly shortCircuit?: boolean;
}
type NextLoad = (url: string, context?: unknown) => Promise<Loaded>;

export async function load(url: string, context: unknown, next: NextLoad): Promise<Loaded> {
  drain();
  if (!url.startsWith("file:")) return next(url, context);
  const file = fileURLToPath(url);
  const given = stdinSource !== null && stdinSource.url === url ? stdinSource.source : null;
  const format = moduleFormat(file);
  if (TYPESCRIPT.test(file)) {
    if (format === "commonjs") return { format, shortCircuit: true };
    const source = given ?? readFileSync(file, "utf8");
    return { format, source: transpileRequest(requests, reader, file, source, "module"), shortCircuit: true };
  }
  if (given !== null && format === "module") return { format, source: given, shortCircuit: true };
  return next(url, context);
}
