// Client limits (docs/client-limits.md, docs/codes/client-limit.md, truncated-parameter.md):
// what a client refuses, drops or cuts, measured on what it receives. Every limit comes from
// the one table (profiles.ts); each offence names its client, and the run keeps only those of
// the clients a config chooses (lint/severity.ts). A Wymcp tool's actions reach a client as
// one text, the joined action summary (action-summary.ts), measured as such: the offence is
// on the action whose summary runs it over. Called by lint-tool.ts, plain-tool.ts (names,
// descriptions, tool counts) when the advisory checks run.

import { inspectString } from "../../text/escape.js";
import { countText } from "../../text/number-text.js";
import { sortNames, summaryLength, summaryOf, type SummaryEntry } from "../action-summary.js";
import { finalizeOffence, type Draft, type Offence, type Target } from "../offence.js";
import { isList, isMap, mapGet, stringKeys, type MapLike } from "../map.js";
import { isMcpToolName } from "../tool-name.js";
import { CLIENT_LIMITS, CLIENTS, type ClientLimit, type LimitRule } from "./profiles.js";

type RuleOf<K extends LimitRule["kind"]> = Extract<LimitRule, { kind: K }>;

function limitsOf<K extends LimitRule["kind"]>(kind: K): readonly (ClientLimit & { readonly rule: RuleOf<K> })[] {
  return CLIENT_LIMITS.filter((limit): limit is ClientLimit & { readonly rule: RuleOf<K> } => limit.rule.kind === kind);
}

const NAME_LIMITS = limitsOf("name").map((limit) => ({ limit, regex: new RegExp(limit.rule.pattern) }));
const QUALIFIED_LIMITS = limitsOf("qualified-name");
const DESCRIPTION_LIMITS = limitsOf("description");
const COUNT_LIMITS = limitsOf("tool-count");

/** The name `name` becomes for a client that allows only `[A-Za-z0-9_-]`, a letter or "_" first, 64 characters. */
function portableName(name: string): string {
  const replaced = name.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);
  return /^[A-Za-z_]/.test(replaced) ? replaced : `_${replaced}`.slice(0, 64);
}

/** A tool-level draft (the empty path; its target says where): an action's own is placed on its action by the caller. */
function draft(limit: ClientLimit, code: Draft["code"], target: Target, message: string, fix: string): Draft {
  return { code, path: [], target, message, fix, client: limit.client };
}

/**
 * A tool name against every client's naming rule. A name the MCP specification already
 * refuses is tool-name's offence alone. `rename` says how the author renames it.
 */
export function nameLimitDrafts(name: string, target: Target, rename: string): Draft[] {
  if (!isMcpToolName(name)) return [];
  const drafts: Draft[] = [];
  for (const { limit, regex } of NAME_LIMITS) {
    if (regex.test(name)) continue;
    drafts.push(
      draft(
        limit,
        "client-limit",
        target,
        `the tool name ${inspectString(name)} breaks ${CLIENTS[limit.client]}'s rule for tool names (${limit.rule.shown}): it ${limit.rule.effect}`,
        `Rename the tool${rename} to fit every client, e.g. ${inspectString(portableName(name))}.`,
      ),
    );
  }
  for (const limit of QUALIFIED_LIMITS) {
    if (name.length <= limit.rule.max) continue;
    drafts.push(
      draft(
        limit,
        "client-limit",
        target,
        `the tool name ${inspectString(name)} is ${countText(name.length)} characters: ${CLIENTS[limit.client]} ${limit.rule.effect} when the server's name and the tool's together pass ${limit.rule.max}`,
        `Rename the tool${rename} to well under ${limit.rule.max} characters, leaving room for the server's name.`,
      ),
    );
  }
  return drafts;
}

/** A required parameter, and whether its own schema explains it (a non-empty description). */
export interface RequiredParameter {
  readonly name: string;
  readonly explained: boolean;
}

/**
 * Where `name` first appears in `text` as a word of its own, in any case ("Query" at a
 * sentence's start explains `query`), or -1.
 */
function wordAt(text: string, name: string): number {
  const lower = text.toLowerCase();
  const word = name.toLowerCase();
  for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
    const before = lower[at - 1];
    const after = lower[at + word.length];
    if ((before === undefined || !/[\w-]/.test(before)) && (after === undefined || !/[\w-]/.test(after))) return at;
  }
  return -1;
}

/**
 * A tool's description against every client's length limit; with `required` (a plain tool's
 * required parameters), each one the description alone explains, and only past a client's
 * cut, is a truncated-parameter of its own: the model never learns what it must pass.
 */
export function descriptionLimitDrafts(description: string, target: Target, required: readonly RequiredParameter[] = []): Draft[] {
  const drafts: Draft[] = [];
  for (const limit of DESCRIPTION_LIMITS) {
    const { max, effect, cuts } = limit.rule;
    if (description.length <= max) continue;
    drafts.push(
      draft(
        limit,
        "client-limit",
        target,
        `the description is ${countText(description.length)} characters, over ${CLIENTS[limit.client]}'s limit of ${countText(max)}: it ${effect}`,
        `Shorten the description to ${countText(max)} characters or fewer: say what the tool does and when to use it first, and explain each parameter in its own schema.`,
      ),
    );
    if (!cuts) continue;
    for (const parameter of required) {
      const d = truncatedDraft(limit, parameter, description, max, target, "the description");
      if (d !== null) drafts.push(d);
    }
  }
  return drafts;
}

/** An action's required parameters (its schema's `required`), each with whether its own schema explains it. */
function requiredOf(schema: MapLike): RequiredParameter[] {
  const required = mapGet(schema, "required");
  const properties = mapGet(schema, "properties");
  if (!isList(required)) return [];
  return required.flatMap((name): RequiredParameter[] => {
    if (typeof name !== "string") return [];
    const property = isMap(properties) ? mapGet(properties, name) : undefined;
    const description = isMap(property) ? mapGet(property, "description") : undefined;
    return [{ name, explained: typeof description === "string" && description.trim() !== "" }];
  });
}

/** The truncated-parameter draft of a required parameter that `text` explains only from `cut` on. */
function truncatedDraft(
  limit: ClientLimit & { readonly rule: RuleOf<"description"> },
  parameter: RequiredParameter,
  text: string,
  cut: number,
  target: Target,
  where: string,
): Draft | null {
  if (parameter.explained || wordAt(text.slice(0, Math.max(0, cut)), parameter.name) >= 0 || wordAt(text, parameter.name) < 0) return null;
  return draft(
    limit,
    "truncated-parameter",
    target,
    `the required parameter ${inspectString(parameter.name)} is explained only after character ${countText(limit.rule.max)} of ${where}, where ${CLIENTS[limit.client]} cuts it: the model must pass it and never reads what it is`,
    `Give ${inspectString(parameter.name)} a description in its own schema, or explain it within the first ${countText(limit.rule.max)} characters.`,
  );
}

const SHORTEST_DESCRIPTION_LIMIT = DESCRIPTION_LIMITS.reduce((least, limit) => Math.min(least, limit.rule.max), Number.POSITIVE_INFINITY);

/** The joined summary's length, in any order; null when an action's description is not a string. */
function summaryTotal(actions: MapLike): number | null {
  let total = -1;
  for (const name of stringKeys(actions)) {
    const schema = mapGet(actions, name);
    const description = isMap(schema) ? mapGet(schema, "description") : undefined;
    if (typeof description !== "string") return null;
    total += name.length + 3 + description.length;
  }
  return total;
}

/**
 * A Wymcp tool's joined action summary against every client's length limit, as the client
 * receives it in tools/list (the action enum's description). The client-limit offence is on
 * the action whose summary runs it over; where a client cuts the text, each required
 * parameter that only a cut summary explains is a truncated-parameter on its action. None
 * when an action's description is not a string (the chain reports that action). Only
 * lengths are added up: no summary line is built but those a message or a cut reads.
 */
export function summaryLimitOffences(actions: MapLike): Offence[] {
  // The total needs no order: only a summary over some limit is sorted and read line by line.
  const total = summaryTotal(actions);
  if (total === null || total <= SHORTEST_DESCRIPTION_LIMIT) return [];
  // Only the names are kept in order; each entry is read when it is reached (a tool may have
  // hundreds of thousands of actions, and their entries would all be alive at once).
  const names = sortNames(stringKeys(actions));
  const entryAt = (i: number): SummaryEntry => {
    const name = names[i] as string;
    const schema = mapGet(actions, name) as MapLike;
    return { name, schema, description: mapGet(schema, "description") as string };
  };
  const offences: Offence[] = [];
  const onAction = (d: Draft, action: string): void => {
    offences.push(finalizeOffence({ ...d, path: ["description"] }, action));
  };
  const target: Target = { path: ["description"], part: "value" };
  for (const limit of DESCRIPTION_LIMITS) {
    const { max, effect, cuts } = limit.rule;
    if (total <= max) continue;
    let over = 0;
    let start = 0;
    while (start + summaryLength(entryAt(over)) <= max) start += 1 + summaryLength(entryAt(over++));
    const entry = entryAt(over);
    const after = names.length - over - 1;
    const rest = after === 0 ? "" : `, and ${countText(after)} more action${after === 1 ? "" : "s"} after it`;
    onAction(
      draft(
        limit,
        "client-limit",
        target,
        `the tool's joined action summary ("name: description" per action, as tools/list gives it) is ${countText(total)} characters, over ${CLIENTS[limit.client]}'s limit of ${countText(max)}: it ${effect}; this action's summary runs it over (characters ${countText(start + 1)} to ${countText(start + summaryLength(entry))})${rest}`,
        `Shorten the action descriptions to one line each (details belong in "notes", which help gives in full), or split the tool's actions into tools of their own.`,
      ),
      entry.name,
    );
    if (!cuts) continue;
    for (let i = over, at = start; i < names.length; at += 1 + summaryLength(entryAt(i++))) {
      const cutEntry = entryAt(i);
      for (const parameter of requiredOf(cutEntry.schema)) {
        const d = truncatedDraft(limit, parameter, summaryOf(cutEntry), max - at, target, "the joined action summary");
        if (d !== null) onAction(d, cutEntry.name);
      }
    }
  }
  return offences;
}

/** The tools one server lists, against every client's tool count. */
export function toolCountDrafts(tools: number, target: Target): Draft[] {
  return COUNT_LIMITS.filter((limit) => tools > limit.rule.max).map((limit) =>
    draft(
      limit,
      "client-limit",
      target,
      `the server lists ${countText(tools)} tools, over ${CLIENTS[limit.client]}'s limit of ${countText(limit.rule.max)}: it ${limit.rule.effect}`,
      "List fewer tools: group related ones as actions of one tool, or split the server in two.",
    ),
  );
}
