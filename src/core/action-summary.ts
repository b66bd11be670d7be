// Wymcp's action summaries: how a Wymcp server publishes its actions in tools/list, one
// "name: description" line per action, sorted by name in Elixir's string order, joined with
// "\n" into the action enum's description (docs/mcp.md). The client limits measure that
// text (client-limits/), the live server's surfaces are compared with it (server/), and our
// own MCP server builds it (mcp/).

import { Buffer } from "node:buffer";
import { isMap, mapGet, stringKeys, type MapLike } from "./map.js";

/** Elixir's string order (by UTF-8 bytes), which Wymcp sorts action names in. */
export function compareNames(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

/** One action's summary line, with its action's name and schema. */
export interface SummaryEntry {
  readonly name: string;
  readonly schema: MapLike;
  readonly summary: string;
}

/** Each action's summary, sorted by name; null when an action's description is not a string (the chain reports that action). */
export function summaryEntries(actions: MapLike): SummaryEntry[] | null {
  const entries: SummaryEntry[] = [];
  for (const name of stringKeys(actions).sort(compareNames)) {
    const schema = mapGet(actions, name);
    const description = isMap(schema) ? mapGet(schema, "description") : undefined;
    if (typeof description !== "string") return null;
    entries.push({ name, schema: schema as MapLike, summary: `${name}: ${description}` });
  }
  return entries;
}

/**
 * Wymcp's action summaries: "name: description" for each action, sorted by name; null
 * when an action's description is not a string (the chain reports that action).
 */
export function actionSummaries(actions: MapLike): string[] | null {
  return summaryEntries(actions)?.map((entry) => entry.summary) ?? null;
}
