// Client limits (docs/client-limits.md, docs/codes/client-limit.md, truncated-parameter.md):
// what a client refuses, drops or cuts, measured on what it receives, each on the field its
// source names: a tool's name, a tool's own description, a plain tool's parameter schemas, a
// server's tool count. Every limit comes from the one table (profiles.ts); each offence names
// its client, and the run keeps only those of the clients a config chooses (lint/severity.ts).
// A Wymcp tool's joined action summary is a parameter's description, which no source limits
// (profiles.ts, UNCOVERED_FIELDS): it is not measured. Called by lint-tool.ts, plain-tool.ts
// and the server's lint (names, descriptions, parameter schemas, tool counts) when the
// advisory checks run.

import { inspectString } from "../../text/escape.js";
import { countText } from "../../text/number-text.js";
import type { Draft, Target } from "../offence.js";
import { isMcpToolName } from "../tool-name.js";
import { CLIENT_LIMITS, CLIENTS, type ClientLimit, type LimitRule } from "./profiles.js";

type RuleOf<K extends LimitRule["kind"]> = Extract<LimitRule, { kind: K }>;

function limitsOf<K extends LimitRule["kind"]>(kind: K): readonly (ClientLimit & { readonly rule: RuleOf<K> })[] {
  return CLIENT_LIMITS.filter((limit): limit is ClientLimit & { readonly rule: RuleOf<K> } => limit.rule.kind === kind);
}

const NAME_LIMITS = limitsOf("name").map((limit) => ({ limit, regex: new RegExp(limit.rule.pattern) }));
const QUALIFIED_LIMITS = limitsOf("qualified-name");
const DESCRIPTION_LIMITS = limitsOf("description");
const PARAMETER_SCHEMA_LIMITS = limitsOf("parameter-schema");
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
      const d = truncatedDraft(limit, parameter, description, target);
      if (d !== null) drafts.push(d);
    }
  }
  return drafts;
}

/** The truncated-parameter draft of a required parameter that a tool's `description` explains only past the limit's cut. */
function truncatedDraft(limit: ClientLimit & { readonly rule: RuleOf<"description"> }, parameter: RequiredParameter, description: string, target: Target): Draft | null {
  const { max } = limit.rule;
  if (parameter.explained || wordAt(description.slice(0, max), parameter.name) >= 0 || wordAt(description, parameter.name) < 0) return null;
  return draft(
    limit,
    "truncated-parameter",
    target,
    `the required parameter ${inspectString(parameter.name)} is explained only after character ${countText(max)} of the description, where ${CLIENTS[limit.client]} cuts it: the model must pass it and never reads what it is`,
    `Give ${inspectString(parameter.name)} a description in its own schema, or explain it within the first ${countText(max)} characters.`,
  );
}

/**
 * A plain tool's parameters (`inputSchema.properties`) against every client that refuses a
 * parameter schema that is no object: one draft per boolean schema, at its key. `at` is where
 * `properties` is in the tool.
 */
export function parameterSchemaDrafts(properties: Readonly<Record<string, unknown>>, at: readonly string[]): Draft[] {
  const drafts: Draft[] = [];
  for (const [name, schema] of Object.entries(properties)) {
    if (typeof schema !== "boolean") continue;
    for (const limit of PARAMETER_SCHEMA_LIMITS) {
      drafts.push(
        draft(
          limit,
          "client-limit",
          { path: [...at, name], part: "key" },
          `the parameter ${inspectString(name)} has the schema ${String(schema)}, valid JSON Schema, but ${CLIENTS[limit.client]} takes each parameter's schema as an object: it ${limit.rule.effect}`,
          schema ? `Write {} for a parameter that takes any value.` : `Remove the parameter: a schema of false takes no value at all.`,
        ),
      );
    }
  }
  return drafts;
}

/** The tools one server lists, against every client's tool count. */
export function toolCountDrafts(tools: number, target: Target): Draft[] {
  return COUNT_LIMITS.filter((limit) => tools > limit.rule.max).map((limit) =>
    draft(
      limit,
      "client-limit",
      target,
      `the server lists ${countText(tools)} tools, over ${CLIENTS[limit.client]}'s limit of ${countText(limit.rule.max)}${limit.rule.across ? " (before any other server's)" : ""}: it ${limit.rule.effect}`,
      "List fewer tools: group related ones as actions of one tool, or split the server in two.",
    ),
  );
}
