// What the linter and a module process say to each other: the descriptors of the private
// channel, every message that crosses it as a type, and the one writer and reader of each.
// Both sides build and read messages only here (the child's side is modules/child/, the
// linter's the rest of modules/); a line (text/line-framer.ts) carries one message. What the module
// process calls here uses only built-ins captured when this file is evaluated.

import type { SyntaxErrorCause } from "../core/offence.js";
import type { ModuleFormat } from "./module-format.js";
import { WIRE_RESULT_KINDS, type WireResult } from "./wire.js";

const stringify = JSON.stringify;
const parse = JSON.parse;

/** The file descriptors the linter gives each module process (stdio indexes of the spawn). */
export const FD = {
  /** Linter → main thread: jobs, and the answers to its transpile requests. */
  jobs: 3,
  /** Main thread → linter: ready, results, transpile requests. */
  results: 4,
  /** Loader-hooks thread → linter: transpile requests. */
  hookRequests: 5,
  /** Linter → loader-hooks thread: the answers. */
  hookAnswers: 6,
} as const;

/**
 * JSON text that encodes a T. The module process writes its answers as text, by
 * concatenation (child/snapshot.ts says why); the brand keeps each piece in its place.
 */
export type JsonText<T> = string & { readonly [encodes]: T };
declare const encodes: unique symbol;

// ---------------------------------------------------------------------------------------
// Linter → module process

/** A module to load: its absolute path, its text when it comes from standard input, and whether to say what it loaded. */
export interface JobMessage {
  readonly kind: "job";
  readonly id: number;
  readonly file: string;
  readonly source?: string;
  readonly track?: true;
}

/** The answer to a transpile request: the JavaScript, or the transformer's error and, when it gave one, its place. */
export type TranspileAnswer =
  | { readonly kind: "transpiled"; readonly code: string }
  | { readonly kind: "transpile-failed"; readonly error: string; readonly at?: NonNullable<SyntaxErrorCause["at"]> };

export type LinterMessage = JobMessage | TranspileAnswer;

/** The line text of a message to a module process (the linter's side). */
export function encodeLinterMessage(message: LinterMessage): string {
  return stringify(message);
}

/** A line from the linter (the module process's side): the linter is trusted, its lines are messages. */
export function decodeLinterMessage(line: string): LinterMessage {
  return parse(line) as LinterMessage;
}

// ---------------------------------------------------------------------------------------
// Module process → linter

/** Started, and waiting for jobs. */
export interface ReadyMessage {
  readonly kind: "ready";
}

/** What it found for job `id`; `retire` when the module left something behind (it then exits); `loaded`, for a job that asked, every file the module loaded. */
export interface ResultMessage {
  readonly kind: "result";
  readonly id: number;
  readonly result: WireResult;
  readonly retire?: true;
  readonly loaded?: readonly string[];
}

/** TypeScript to transpile in the linter (transpile.ts), as an ES module or as CommonJS. */
export interface TranspileRequest {
  readonly kind: "transpile";
  readonly file: string;
  readonly source: string;
  readonly format: ModuleFormat;
}

export type ChildMessage = ReadyMessage | ResultMessage | TranspileRequest;

/** The line text of a ReadyMessage. */
export function encodeReady(): JsonText<ReadyMessage> {
  return '{"kind":"ready"}' as JsonText<ReadyMessage>;
}

/** The line text of a ResultMessage, around a result the module process wrote as text. */
export function encodeResult(id: number, result: JsonText<WireResult>, retire: boolean, loaded: readonly string[] | null = null): JsonText<ResultMessage> {
  const files = loaded === null ? "" : `,"loaded":${stringify(loaded)}`;
  return `{"kind":"result","id":${id},"result":${result}${retire ? ',"retire":true' : ""}${files}}` as JsonText<ResultMessage>;
}

/** The line text of a TranspileRequest (stringify of a string consults no prototype). */
export function encodeTranspileRequest(file: string, source: string, format: ModuleFormat): JsonText<TranspileRequest> {
  return `{"kind":"transpile","file":${stringify(file)},"source":${stringify(source)},"format":${stringify(format)}}` as JsonText<TranspileRequest>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A line from a module process (the linter's side), or null when it is not a message: a
 * module can write to the channel, so every field is checked before it is believed.
 */
export function decodeChildMessage(line: string): ChildMessage | null {
  let value: unknown;
  try {
    value = parse(line);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  switch (value["kind"]) {
    case "ready":
      return { kind: "ready" };
    case "result": {
      const { id, result, retire, loaded } = value;
      if (!Number.isSafeInteger(id) || !isRecord(result) || !(WIRE_RESULT_KINDS as readonly unknown[]).includes(result["kind"])) return null;
      if (retire !== undefined && retire !== true) return null;
      if (loaded !== undefined && !(Array.isArray(loaded) && loaded.every((file) => typeof file === "string"))) return null;
      const message = { kind: "result", id: id as number, result: result as unknown as WireResult, ...(loaded === undefined ? {} : { loaded: loaded as string[] }) } as const;
      return retire === true ? { ...message, retire } : message;
    }
    case "transpile": {
      const { file, source, format } = value;
      if (typeof file !== "string" || typeof source !== "string" || (format !== "module" && format !== "commonjs")) return null;
      return { kind: "transpile", file, source, format };
    }
    default:
      return null;
  }
}
