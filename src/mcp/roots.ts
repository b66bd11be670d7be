// Where `--mcp` may read (docs/mcp.md): a call's paths and filenames are resolved against one
// root directory, the call's `root` or else the client's one root, and nothing outside it is
// read, through "..", an absolute path or a symlink. The server's own working directory is
// never used: with no root at all, only an action file given as text can be linted. The
// client's roots are asked for once (ClientRoots), within ROOTS_TIMEOUT_MS.

import { realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { inspectString } from "../text/escape.js";

/** How long the client gets to answer roots/list (a client answers at once; one that does not must not hold every call). */
export const ROOTS_TIMEOUT_MS = 5_000;
/** How long the client's failure to list its roots is remembered before it is asked again (a roots/list_changed notification asks again at once). */
export const ROOTS_RETRY_MS = 60_000;

/** The client declares roots but could not list them: no root can be checked against them. */
export class RootsUnavailable extends Error {
  override readonly name = "RootsUnavailable";
}

/** What went wrong with roots/list, in a few words (never the raw validation text of an answer). */
function rootsFailure(error: unknown): string {
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return `did not answer roots/list within ${ROOTS_TIMEOUT_MS / 1000} s`;
  if (error instanceof McpError) return `answered roots/list with an error (${error.code})`;
  return "answered roots/list with something that is not a list of roots";
}

/** A root's directory, when its URI is a local file URL; null otherwise (it is left out). */
function rootDirectory(uri: unknown): string | null {
  if (typeof uri !== "string" || !uri.startsWith("file:")) return null;
  try {
    return fileURLToPath(uri);
  } catch {
    return null; // a file URL with a host, or an encoded "/": no local directory
  }
}

/**
 * The client's roots, asked for at the first call that needs them and kept until the client
 * says they changed. A failure (an error, an answer that is no list of roots, no answer within
 * ROOTS_TIMEOUT_MS) rejects with RootsUnavailable, and is remembered for ROOTS_RETRY_MS.
 */
export class ClientRoots {
  readonly #declared: () => boolean;
  readonly #list: (timeoutMs: number) => Promise<{ readonly roots: readonly { readonly uri: unknown }[] }>;
  readonly #retryMs: number;
  #listed: Promise<readonly string[]> | null = null;
  #failedAt = 0;

  /** `declared`: whether the client has roots at all; `list`: roots/list, given up after the time given. */
  constructor(declared: () => boolean, list: (timeoutMs: number) => Promise<{ readonly roots: readonly { readonly uri: unknown }[] }>, retryMs = ROOTS_RETRY_MS) {
    this.#declared = declared;
    this.#list = list;
    this.#retryMs = retryMs;
  }

  /** The client's roots as directories (none when it declares no roots). */
  get(): Promise<readonly string[]> {
    if (!this.#declared()) return Promise.resolve([]);
    if (this.#listed !== null && this.#failedAt !== 0 && performance.now() - this.#failedAt >= this.#retryMs) this.#listed = null;
    this.#listed ??= this.#list(ROOTS_TIMEOUT_MS).then(
      ({ roots }) => roots.flatMap((root) => rootDirectory(root.uri) ?? []),
      (error: unknown) => {
        this.#failedAt = performance.now();
        throw new RootsUnavailable(
          `the client ${rootsFailure(error)}, so no root can be checked against its roots; it is asked again in ${this.#retryMs / 1000} s, or as soon as it says its roots changed`,
        );
      },
    );
    return this.#listed;
  }

  /** The client said its roots changed: they are asked for again at the next call. */
  changed(): void {
    this.#listed = null;
    this.#failedAt = 0;
  }
}

export type Resolved<T> = { readonly ok: T } | { readonly problem: string };

const within = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
};

/** The real path of `path`, or of its nearest existing ancestor joined with the rest: where a read of it would land. */
function landing(path: string): string {
  let existing = path;
  const rest: string[] = [];
  for (;;) {
    try {
      return resolve(realpathSync(existing), rest.reverse().join(sep));
    } catch {
      const parent = resolve(existing, "..");
      if (parent === existing) return path;
      rest.push(existing.slice(parent.length).replace(/^[/\\]/, ""));
      existing = parent;
    }
  }
}

/**
 * The root of a call: `asked` (an absolute directory inside one of the client's roots, when it
 * has any), else the client's only root, else null (none given and none needed yet).
 */
export function resolveRoot(asked: string | undefined, clientRoots: readonly string[]): Resolved<string | null> {
  const roots = clientRoots.map(landing);
  if (asked === undefined) {
    if (roots.length === 0) return { ok: null };
    if (roots.length === 1) return { ok: roots[0] as string };
    return { problem: `the client has ${roots.length} roots (${roots.map((r) => inspectString(r)).join(", ")}): name one in "root"` };
  }
  if (!isAbsolute(asked)) return { problem: `"root" must be an absolute directory; got ${inspectString(asked)}` };
  const root = landing(asked);
  let directory = false;
  try {
    directory = statSync(root).isDirectory();
  } catch {
    return { problem: `"root" ${inspectString(asked)} does not exist` };
  }
  if (!directory) return { problem: `"root" ${inspectString(asked)} is not a directory` };
  if (roots.length > 0 && !roots.some((r) => within(r, root))) {
    return { problem: `"root" ${inspectString(asked)} is outside the client's roots (${roots.map((r) => inspectString(r)).join(", ")})` };
  }
  return { ok: root };
}

const GLOB = /[*?[\]{}!]/;

/**
 * `path` (a file, directory or glob) relative to `root`, refused when it, or a symlink on the
 * way, leads outside it. A glob is judged by its part before the first pattern character.
 */
export function insideRoot(root: string, path: string): Resolved<string> {
  if (path === "") return { problem: "a path is empty" };
  const glob = GLOB.exec(path);
  const fixed = glob === null ? path : path.slice(0, glob.index);
  const absolute = resolve(root, fixed);
  if (!within(root, absolute) || !within(root, landing(absolute))) return { problem: `${inspectString(path)} is outside the root ${inspectString(root)}` };
  if (glob !== null && /(^|[/\\])\.\.([/\\]|$)/.test(path.slice(glob.index))) return { problem: `${inspectString(path)} climbs out of the root ${inspectString(root)}` };
  const rel = relative(root, absolute);
  if (glob === null) return { ok: rel === "" ? "." : rel };
  const prefix = rel === "" ? "" : /[/\\]$/.test(fixed) ? `${rel}/` : rel;
  return { ok: `${prefix}${path.slice(glob.index)}` };
}
