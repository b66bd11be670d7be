// A tool as tools/list gives it, read with as little trust as a file: the SDK's own
// result schema would refuse a whole page for one odd property schema (`"limit": true`),
// which is exactly what the linter is there to report. So a page is checked here only as
// far as linting needs: a list of entries, and a cursor; each entry goes to the linter
// as it was listed, so one malformed tool is that tool's offence. Called by session.ts
// and lint-server.ts.

import { describeValue } from "../core/escape.js";

export interface ListedTool {
  readonly name: string;
  /** As listed: the chain judges it (absent, or anything JSON can carry). */
  readonly description?: unknown;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A tools/list entry with a string name and an object inputSchema; null for any other (the linter reports it: core/plain-tool.ts). */
export function asListedTool(entry: unknown): ListedTool | null {
  if (!isObject(entry) || typeof entry["name"] !== "string" || !isObject(entry["inputSchema"])) return null;
  return Object.hasOwn(entry, "description")
    ? { name: entry["name"], description: entry["description"], inputSchema: entry["inputSchema"] }
    : { name: entry["name"], inputSchema: entry["inputSchema"] };
}

/** A tools/list page's entries (each as listed: a malformed one is its own offence) and next cursor, or a one-line problem with the page. */
export function readToolsPage(page: unknown): { readonly tools: unknown[]; readonly nextCursor: string | undefined } | { readonly problem: string } {
  if (!isObject(page) || !Array.isArray(page["tools"])) return { problem: `tools/list answered ${describeValue(page)} without a "tools" list` };
  const cursor = page["nextCursor"];
  if (cursor !== undefined && typeof cursor !== "string") return { problem: `tools/list's "nextCursor" is not a string: ${describeValue(cursor)}` };
  return { tools: page["tools"] as unknown[], nextCursor: cursor };
}
