// Wymcp's action summaries: how a Wymcp server publishes its actions in tools/list, one
// "name: description" line per action, sorted by name in Elixir's string order, joined with
// "\n" into the action enum's description (docs/mcp.md). The client limits measure that
// text (client-limits/), the live server's surfaces are compared with it (server/), and our
// own MCP server builds it (mcp/).

import { isMap, mapGet, stringKeys, type MapLike } from "./map.js";

/**
 * Elixir's string order (by UTF-8 bytes), which Wymcp sorts action names in: code point
 * order, compared on the UTF-16 code units without encoding either string (a tool may have
 * hundreds of thousands of actions). Only a surrogate (part of a code point above U+FFFF)
 * sorts otherwise than its code unit: after every other code unit.
 */
export function compareNames(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    return xs === ys ? x - y : xs ? 1 : -1;
  }
  return a.length - b.length;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** `names` sorted in place in Wymcp's order: the engine's own code-unit sort unless a name holds a surrogate, where the two orders part. */
export function sortNames(names: string[]): string[] {
  return names.some((name) => SURROGATE.test(name)) ? names.sort(compareNames) : names.sort();
}

/** One action's summary line, as its parts: the line itself is `${name}: ${description}`, built only where it is read. */
export interface SummaryEntry {
  readonly name: string;
  readonly schema: MapLike;
  readonly description: string;
}

/** The length of an entry's summary line. */
export const summaryLength = (entry: SummaryEntry): number => entry.name.length + 2 + entry.description.length;

/** An entry's summary line. */
export const summaryOf = (entry: SummaryEntry): string => `${entry.name}: ${entry.description}`;

/** Each action's summary, sorted by name; null when an action's description is not a string (the chain reports that action). */
export function summaryEntries(actions: MapLike): SummaryEntry[] | null {
  const entries: SummaryEntry[] = [];
  for (const name of sortNames(stringKeys(actions))) {
    const schema = mapGet(actions, name);
    const description = isMap(schema) ? mapGet(schema, "description") : undefined;
    if (typeof description !== "string") return null;
    entries.push({ name, schema: schema as MapLike, description });
  }
  return entries;
}

/**
 * Wymcp's action summaries: "name: description" for each action, sorted by name; null
 * when an action's description is not a string (the chain reports that action).
 */
export function actionSummaries(actions: MapLike): string[] | null {
  return summaryEntries(actions)?.map(summaryOf) ?? null;
}

/**
 * The input schema Wymcp lists a tool with: one required `action`, an enum of the action
 * names whose description is the joined summary, and a bare `data` object; null when an
 * action's description is not a string.
 */
export function wymcpInputSchema(actions: MapLike): Record<string, unknown> | null {
  const entries = summaryEntries(actions);
  if (entries === null) return null;
  return {
    type: "object",
    required: ["action"],
    properties: {
      action: { type: "string", enum: entries.map((entry) => entry.name), description: entries.map(summaryOf).join("\n") },
      data: { type: "object" },
    },
  };
}
