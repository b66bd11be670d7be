// The optional parts of the install (docs/install.md): packages only some runs need, which
// package.json declares as optional peer dependencies, so the default install leaves them
// out. A run that needs one that is missing says, in one line, which package to install.
// This table is their one home: the docs' list of them is generated from it.

import { UsageError } from "./usage-error.js";

export interface OptionalPart {
  /** The npm package to install. */
  readonly package: string;
  /** What it adds, as the docs and the message say it. */
  readonly adds: string;
}

export const OPTIONAL_PARTS = {
  esbuild: {
    package: "esbuild",
    adds: "tool modules in TypeScript that use decorators",
  },
  sdk: {
    package: "@modelcontextprotocol/sdk",
    adds: "`--mcp` (the MCP server for coding agents) and linting a running server (`--server`, `--server-url`)",
  },
} as const satisfies Record<string, OptionalPart>;

/** The one line that says what a run needs and how to get it. */
export function missingPartMessage(part: OptionalPart, needed: string): string {
  return `${needed} needs ${part.package}, an optional part that is not installed: npm install ${part.package}`;
}

/** Whether `error` is the failure to load `part` itself (not a module it loaded that is missing something else). */
export function isMissingPart(error: unknown, part: OptionalPart): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== "MODULE_NOT_FOUND" && code !== "ERR_MODULE_NOT_FOUND") return false;
  const message = error instanceof Error ? error.message : "";
  // Node names the package ('Cannot find package 'esbuild'') or the specifier ('Cannot find module 'esbuild/...'').
  return message.includes(`'${part.package}'`) || message.includes(`'${part.package}/`);
}

/** What `load` resolves to; a usage error naming the package when `part` is not installed. */
export async function loadingPart<T>(part: OptionalPart, needed: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissingPart(error, part)) throw new UsageError(missingPartMessage(part, needed));
    throw error;
  }
}
