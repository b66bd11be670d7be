// Where `--mcp` may read (docs/mcp.md): a call's paths and filenames are resolved against one
// root directory, the call's `root` or else the client's one root, and nothing outside it is
// read, through "..", an absolute path or a symlink. The server's own working directory is
// never used: with no root at all, only an action file given as text can be linted.

import { realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { inspectString } from "../text/escape.js";

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
