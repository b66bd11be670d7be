// A tool as tools/list gives it, read with as little trust as a file: the SDK's own
// result schema would refuse a whole page for one odd property schema (`"limit": true`),
// which is exactly what the linter is there to report. So a page is checked here only as
// far as linting needs: a list of tools, each with a string name and an object
// inputSchema; everything inside goes to the chain. Called by session.ts.

import { describeValue } from "../core/escape.js";

export interface ListedTool {
  readonly name: string;
  /** As listed: the chain judges it (absent, or anything JSON can carry). */
  readonly description?: unknown;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A tools/list page's tools and next cursor, or a one-line problem with its shape. */
export function readToolsPage(page: unknown): { readonly tools: ListedTool[]; readonly nextCursor: string | undefined } | { readonly problem: string } {
  if (!isObject(page) || !Array.isArray(page["tools"])) return { problem: `tools/list answered ${describeValue(page)} without a "tools" list` };
  const tools: ListedTool[] = [];
  for (const [index, tool] of (page["tools"] as unknown[]).entries()) {
    if (!isObject(tool) || typeof tool["name"] !== "string")
      return { problem: `tools/list's tool ${index} has no string "name": ${describeValue(isObject(tool) ? tool["name"] : tool)}` };
    if (!isObject(tool["inputSchema"]))
      return { problem: `tools/list's tool ${index} (${describeValue(tool["name"])}) has an "inputSchema" that is not an object: ${describeValue(tool["inputSchema"])}` };
    tools.push(
      Object.hasOwn(tool, "description")
        ? { name: tool["name"], description: tool["description"], inputSchema: tool["inputSchema"] }
        : { name: tool["name"], inputSchema: tool["inputSchema"] },
    );
  }
  const cursor = page["nextCursor"];
  if (cursor !== undefined && typeof cursor !== "string") return { problem: `tools/list's "nextCursor" is not a string: ${describeValue(cursor)}` };
  return { tools, nextCursor: cursor };
}
