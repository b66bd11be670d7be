// Paths as reports, baselines, globs and ignore rules read them: relative, with "/"
// separators whatever the platform. The one home of that conversion.

import { isAbsolute, relative, resolve, sep } from "node:path";

function posix(rel: string): string {
  return sep === "/" ? rel : rel.split(sep).join("/");
}

/**
 * The file relative to `base`, with "/" separators (`tools/a.actions.json`,
 * `../other/b.tool.ts`); null when it has no relative form (another drive on Windows).
 */
export function relativePosixPath(file: string, base: string): string | null {
  const rel = relative(base, resolve(base, file));
  return isAbsolute(rel) ? null : posix(rel);
}

/** `path` (absolute) relative to `base`, with "/" separators, when it lies below `base`; null otherwise (`base` itself included). */
export function pathBelow(base: string, path: string): string | null {
  // Discovery's paths are built by appending names to a resolved root: a prefix test is enough.
  const prefix = base.endsWith(sep) ? base : `${base}${sep}`;
  const rel = path.startsWith(prefix) ? path.slice(prefix.length) : relative(base, path);
  if (rel === "" || isAbsolute(rel) || rel.split(sep)[0] === "..") return null;
  return posix(rel);
}

/** A path as messages name it: relative to `cwd` when it lies below it, else absolute (`/dev/null`, not `../../dev/null`). */
export function shownPath(path: string, cwd: string): string {
  return pathBelow(cwd, path) ?? path;
}
