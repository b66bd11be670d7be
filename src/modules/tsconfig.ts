// The compiler options of a TypeScript module's nearest tsconfig.json that change how it
// loads (docs/inputs.md, "Supported TypeScript"): `experimentalDecorators`, which decides how
// decorators are transpiled (transpile.ts), and `paths`, whose aliases Node does not resolve,
// so a module importing one gets a load-error naming the alias and the workaround (judge.ts).
// Read in the linter's process, as JSON5 (tsconfig allows comments and trailing commas),
// following relative `extends`; cached per directory for the run. A tsconfig that cannot be
// read or parsed counts as none: the module then loads, or fails, as it would without it.

import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { readRegularFile } from "../files/regular-file.js";
import { parseJson5 } from "../text/json5-parse.js";

export interface TsconfigOptions {
  /** The tsconfig.json found, null when none was. */
  readonly file: string | null;
  readonly experimentalDecorators: boolean;
  /** The `paths` patterns (`@shared/*`), none when it has no `paths`. */
  readonly pathAliases: readonly string[];
}

const NONE: TsconfigOptions = Object.freeze({ file: null, experimentalDecorators: false, pathAliases: Object.freeze([]) });
// The longest tsconfig read: larger counts as none.
const MAX_TSCONFIG_BYTES = 16 * 1024 * 1024;
// How many `extends` a chain may follow: a cycle or a runaway chain stops there.
const MAX_EXTENDS = 8;

const byDirectory = new Map<string, TsconfigOptions>();

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Each file of the chain from `file` along relative `extends`, with what it holds (null past one that cannot be read or parsed). */
function chainOf(file: string): { file: string; config: Record<string, unknown> | null }[] {
  const chain: { file: string; config: Record<string, unknown> | null }[] = [];
  for (let at: string | null = file, depth = 0; at !== null && depth < MAX_EXTENDS; depth++) {
    let config: unknown;
    // Only a regular file, never waited for (a FIFO) nor read without end (a device).
    const bytes = readRegularFile(at, MAX_TSCONFIG_BYTES);
    try {
      config = bytes === null ? null : parseJson5(bytes.toString("utf8"));
    } catch {
      config = null;
    }
    if (typeof config !== "object" || config === null) {
      chain.push({ file: at, config: null });
      break;
    }
    chain.push({ file: at, config: config as Record<string, unknown> });
    const base = (config as { extends?: unknown }).extends;
    // Only a relative base is followed: a package's (`@tsconfig/node20`) sets neither option here.
    at = typeof base === "string" && base.startsWith(".") ? resolve(dirname(at), base.endsWith(".json") ? base : `${base}.json`) : null;
  }
  return chain;
}

function compilerOptions(file: string): Record<string, unknown>[] {
  return chainOf(file).flatMap(({ config }) => {
    const options = config?.["compilerOptions"];
    return typeof options === "object" && options !== null ? [options as Record<string, unknown>] : [];
  });
}

function read(file: string): TsconfigOptions {
  const chain = compilerOptions(file);
  // The nearest setting wins, as tsc merges an extended config's options under its own.
  const first = (key: string): unknown => chain.find((options) => key in options)?.[key];
  const paths = first("paths");
  return Object.freeze({
    file,
    experimentalDecorators: first("experimentalDecorators") === true,
    pathAliases: Object.freeze(typeof paths === "object" && paths !== null ? Object.keys(paths) : []),
  });
}

/** The options of the tsconfig.json nearest to `file` (its directory, then each parent). */
export function tsconfigFor(file: string): TsconfigOptions {
  const directory = dirname(resolve(file));
  const cached = byDirectory.get(directory);
  if (cached !== undefined) return cached;
  const candidate = join(directory, "tsconfig.json");
  const parent = dirname(directory);
  const options = isFile(candidate) ? read(candidate) : parent === directory ? NONE : tsconfigFor(join(parent, "file"));
  byDirectory.set(directory, options);
  return options;
}

/**
 * The files that decide a TypeScript module's options, read now (uncached): the tsconfig.json
 * nearest to `file` and each it extends; none when there is none. The result cache keys a
 * module by them (engine/load-scope.ts).
 */
export function tsconfigFiles(file: string): readonly string[] {
  for (let directory = dirname(resolve(file)); ; ) {
    const candidate = join(directory, "tsconfig.json");
    if (isFile(candidate)) return chainOf(candidate).map((link) => link.file);
    const parent = dirname(directory);
    if (parent === directory) return [];
    directory = parent;
  }
}

/**
 * The `paths` pattern of `options` that an import of the package `name` came from, or null:
 * Node names only the package (`@shared/common.js`, `~` for `~/lib/x`), so a pattern matches
 * when it is that name or its literal start is that name or lies within it.
 */
export function matchingAlias(options: TsconfigOptions, name: string): string | null {
  for (const alias of options.pathAliases) {
    const star = alias.indexOf("*");
    const literal = star < 0 ? alias : alias.slice(0, star);
    if (alias === name || literal.startsWith(`${name}/`) || (star >= 0 && name.startsWith(literal))) return alias;
  }
  return null;
}
