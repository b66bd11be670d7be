// The compiler options of a TypeScript module's nearest tsconfig.json that change how it
// loads (docs/inputs.md, "Supported TypeScript"): `experimentalDecorators`, which decides how
// decorators are transpiled (transpile.ts), and `paths`, whose aliases Node does not resolve,
// so a module importing one gets a load-error naming the alias and the workaround (judge.ts).
// Read in the linter's process, as JSON5 (tsconfig allows comments and trailing commas),
// following relative `extends`; cached per directory for the run. A tsconfig that cannot be
// read or parsed counts as none: the module then loads, or fails, as it would without it.

import { readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseJson5 } from "../text/json5-parse.js";

export interface TsconfigOptions {
  /** The tsconfig.json found, null when none was. */
  readonly file: string | null;
  readonly experimentalDecorators: boolean;
  /** The `paths` patterns (`@shared/*`), none when it has no `paths`. */
  readonly pathAliases: readonly string[];
}

const NONE: TsconfigOptions = Object.freeze({ file: null, experimentalDecorators: false, pathAliases: Object.freeze([]) });
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

function compilerOptions(file: string): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  for (let at: string | null = file, depth = 0; at !== null && depth < MAX_EXTENDS; depth++) {
    let config: unknown;
    try {
      config = parseJson5(readFileSync(at, "utf8"));
    } catch {
      break;
    }
    if (typeof config !== "object" || config === null) break;
    const { compilerOptions: options, extends: base } = config as { compilerOptions?: unknown; extends?: unknown };
    if (typeof options === "object" && options !== null) chain.push(options as Record<string, unknown>);
    // Only a relative base is followed: a package's (`@tsconfig/node20`) sets neither option here.
    at = typeof base === "string" && base.startsWith(".") ? resolve(dirname(at), base.endsWith(".json") ? base : `${base}.json`) : null;
  }
  return chain;
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
