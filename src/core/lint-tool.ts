// Lints one whole tool: the tool-level checks (tool-shape, reserved-name), its actions
// obtained through obtain.ts, and the chain over every action; with the advisory checks,
// the model-text checks and client limits of its name, description and joined summary.
// lintTool serves tool modules (and the library's validateTool); lintActionFile serves
// parsed action files.

import { lintActions, type CheckOptions } from "./chain.js";
import { describeValue } from "./escape.js";
import { inspectString } from "../text/escape.js";
import { isMap, mapGet, mapHas, mapKeys, type MapLike } from "./map.js";
import { finalizeOffence, toolOffence, type Draft, type Offence } from "./offence.js";
import { appendAll } from "./append.js";
import { hiddenDraft, textDrafts } from "./model-text/index.js";
import { descriptionLimitDrafts, nameLimitDrafts } from "./client-limits/index.js";
import { obtainActions } from "./obtain.js";
import { toolNameDraft } from "./tool-name.js";
import { sortOffences } from "./order.js";
import type { ToolLint } from "./tool-lint.js";

/** The name reserved for a server's own help tool. */
export const RESERVED_TOOL_NAME = "help";

function nameOffences(name: unknown, source: string): Offence[] {
  if (typeof name !== "string" || name === "") {
    return [
      toolOffence("tool-shape", `the tool's name must be a non-empty string; got ${describeValue(name)}`, `Give the tool a name, e.g. name: "catalogue".`, {
        path: ["name"],
        part: "value",
      }),
    ];
  }
  if (name === RESERVED_TOOL_NAME) {
    return [
      toolOffence("reserved-name", `the tool is named ${inspectString(name)}, which is reserved for the server's own help tool`, `Rename the tool${source}.`, {
        path: ["name"],
        part: "value",
      }),
    ];
  }
  return [];
}

function finish(tool: string | null, actions: MapLike | null, toolLevel: Offence[], options: CheckOptions = {}): ToolLint {
  const { offences, heldBack } = actions ? lintActions(actions, options) : { offences: [], heldBack: [] };
  return {
    tool,
    actions: actions ? mapKeys(actions).length : 0,
    offences: sortOffences([...toolLevel, ...offences]),
    ...(heldBack.length === 0 ? {} : { heldBack }),
  };
}

/** The one offence of a list given where a tool is expected (`length` values, null when unknown): one module, one tool. */
export function toolListOffence(length: number | null): Offence {
  const what = length === null ? "a list" : `a list of ${length} value${length === 1 ? "" : "s"}`;
  return toolOffence(
    "tool-shape",
    `expected one tool; got ${what} (a module declares one tool, as its default export or its named exports)`,
    "Export one tool as the default (an object with name, description and actions()), and put each other tool in a module of its own, e.g. search.tool.ts and order.tool.ts.",
  );
}

/**
 * The checks beside the chain of a tool's own name and description: its name against the MCP
 * rule (tool-name.ts; `how` says how it is renamed) and the clients' limits
 * (core/client-limits/), and the model-text offences (core/model-text/). The author repairs them.
 */
function toolTextOffences(name: unknown, description: unknown, how: string): Offence[] {
  const drafts: (Draft | null)[] = [];
  if (typeof name === "string" && name !== "") drafts.push(toolNameDraft(name, how));
  if (typeof name === "string" && name !== "" && name !== RESERVED_TOOL_NAME) appendAll(drafts, nameLimitDrafts(name, { path: ["name"], part: "value" }, how));
  if (typeof name === "string") drafts.push(hiddenDraft(name, [], { path: ["name"], part: "value" }, false));
  if (typeof description === "string") {
    const target = { path: ["description"], part: "value" } as const;
    drafts.push(hiddenDraft(description, [], target, false));
    appendAll(drafts, textDrafts(description, [], target));
    appendAll(drafts, descriptionLimitDrafts(description, target));
  }
  return drafts.flatMap((draft) => (draft === null ? [] : [finalizeOffence(draft, null)]));
}

/** A tool object, as a module exports it. Reading it may run its getters. */
export function lintTool(tool: unknown, options: CheckOptions = {}): ToolLint {
  if (Array.isArray(tool)) return finish(null, null, [toolListOffence(tool.length)]);
  if (typeof tool !== "object" || tool === null) {
    return finish(null, null, [
      toolOffence("tool-shape", `the tool must be an object with name, description and actions; got ${describeValue(tool)}`, "Export the tool as { name, description, actions }."),
    ]);
  }
  const { name, description } = tool as { name?: unknown; description?: unknown };
  const offences = nameOffences(name, "");
  if (typeof description !== "string") {
    offences.push(
      toolOffence(
        "tool-shape",
        `the tool's description must be a string; got ${describeValue(description)}`,
        `Describe the tool in one line, e.g. description: "Search and order from the catalogue".`,
        { path: ["description"], part: "value" },
      ),
    );
  }
  if (options.advisory === true) appendAll(offences, toolTextOffences(name, description, ""));
  const obtained = obtainActions(tool);
  if ("offence" in obtained) offences.push(obtained.offence);
  const usableName = typeof name === "string" && name !== "" ? name : null;
  return finish(usableName, "actions" in obtained ? obtained.actions : null, offences, options);
}

/** The key an action file may carry beside its actions, for editor support. */
export const SCHEMA_KEY = "$schema";

/**
 * An action file's value, whose top level is the actions map; `toolName` comes from the
 * file name. Pass `{ read: PLAIN_DATA }` only for a value JSON.parse or parseJson5 returned.
 */
export function lintActionFile(value: unknown, toolName: string, options: CheckOptions = {}): ToolLint {
  const offences = nameOffences(toolName, " by renaming the file");
  if (options.advisory === true) appendAll(offences, toolTextOffences(toolName, undefined, " by renaming the file"));
  if (!isMap(value)) {
    offences.push(
      toolOffence(
        "tool-shape",
        `the top level of an action file must be a map of action names to action schemas; got ${describeValue(value)}`,
        `Write the file as {"action_name": {"description": "...", "properties": {}}}.`,
      ),
    );
    return finish(toolName || null, null, offences);
  }
  let actions: MapLike = value;
  if (mapHas(value, SCHEMA_KEY)) {
    const schemaRef = mapGet(value, SCHEMA_KEY);
    if (typeof schemaRef !== "string") {
      offences.push(
        toolOffence(
          "tool-shape",
          `"$schema" must be a string (the action-file JSON Schema's address); got ${describeValue(schemaRef)}`,
          `Write "$schema": "./node_modules/wymcp-lint/schemas/action-file.schema.json", or remove it.`,
          { path: [SCHEMA_KEY], part: "value" },
        ),
      );
    }
    actions = new Map(
      mapKeys(value)
        .filter((k) => k !== SCHEMA_KEY)
        .map((k) => [k, mapGet(value, k)]),
    );
  }
  return finish(toolName || null, actions, offences, options);
}
