// Obtaining: the only module that calls a tool's actions() (test/core/obtain.test.ts holds
// every other file in src/ to that). Each entry point calls it once and checks exactly what
// it obtained with the chain's own validators: fetchSchema checks one schema, so a tool with
// one malformed action still serves its healthy ones (malformed-sibling isolation), while
// fetchSchemas checks all and fails naming the bad ones.

import { appendAll } from "./append.js";
import { callActions } from "./call-actions.js";
import { describeThrown, describeValue } from "./escape.js";
import { ActionSchemaError, UnknownActionError } from "./errors.js";
import { mandatoryKeyOffences } from "./chain.js";
import { isMap, mapGet, mapHas, mapKeys, type MapLike } from "./map.js";
import { actionLabel, toolOffence, type Offence } from "./offence.js";
import { sortOffences } from "./order.js";
import type { ActionNameOf, ActionSchema, Tool } from "../tool.js";

export type Obtained = { readonly actions: MapLike } | { readonly offence: Offence };

// What obtaining reports on is the tool's `actions` entry.
const ACTIONS_TARGET = { path: ["actions"], part: "value" } as const;

/** Reads a tool's actions: calls actions() once when it is a function. Never throws for the tool's faults. */
export function obtainActions(tool: { readonly actions?: unknown }): Obtained {
  if (typeof tool.actions === "function") {
    const called = callActions(tool as { actions(): unknown });
    if ("threw" in called) {
      return { offence: toolOffence("load-error", `actions() threw ${describeThrown(called.threw)}`, "Make actions() return the actions map without throwing.", ACTIONS_TARGET) };
    }
    const result = called.returned;
    if (isMap(result)) return { actions: result };
    return {
      offence: toolOffence(
        "tool-shape",
        `actions() must return a map of action names to action schemas; got ${describeValue(result)}`,
        "Return the map itself, synchronously (not a Promise), from actions().",
        ACTIONS_TARGET,
      ),
    };
  }
  const source = tool.actions;
  if (isMap(source)) return { actions: source };
  return {
    offence: toolOffence(
      "tool-shape",
      `the tool's actions must be a function returning the actions map, or the map itself; got ${describeValue(source)}`,
      "Export actions() { return { action_name: { description, properties } } }.",
      ACTIONS_TARGET,
    ),
  };
}

function toolName(tool: Tool): string | null {
  return typeof tool.name === "string" ? tool.name : null;
}

function actionsOrThrow(tool: Tool): MapLike {
  const obtained = obtainActions(tool);
  if ("offence" in obtained) throw new ActionSchemaError([obtained.offence], toolName(tool));
  return obtained.actions;
}

/** The tool's action names, in declaration order; obtains no schema. */
export function actionNames<T extends Tool>(tool: T): ActionNameOf<T>[] {
  return mapKeys(actionsOrThrow(tool)).map(actionLabel) as ActionNameOf<T>[];
}

/**
 * One action's schema, checked for its mandatory keys; its siblings are not looked at. For
 * a tool declared with defineTool, `name` must be one of its action names.
 */
export function fetchSchema<T extends Tool>(tool: T, name: ActionNameOf<T>): ActionSchema {
  const actions = actionsOrThrow(tool);
  if (!mapHas(actions, name)) throw new UnknownActionError(name, mapKeys(actions).map(actionLabel));
  const schema = mapGet(actions, name);
  const offences = mandatoryKeyOffences(name, schema);
  if (offences.length > 0) throw new ActionSchemaError(offences, toolName(tool));
  return schema as ActionSchema;
}

/** Every action's schema, each checked for its mandatory keys; fails naming every bad one. */
export function fetchSchemas<T extends Tool>(tool: T): Map<ActionNameOf<T>, ActionSchema> {
  const actions = actionsOrThrow(tool);
  const schemas = new Map<ActionNameOf<T>, ActionSchema>();
  const offences: Offence[] = [];
  for (const name of mapKeys(actions)) {
    const schema = mapGet(actions, name);
    appendAll(offences, mandatoryKeyOffences(name, schema));
    schemas.set(actionLabel(name) as ActionNameOf<T>, schema as ActionSchema);
  }
  if (offences.length > 0) throw new ActionSchemaError(sortOffences(offences), toolName(tool));
  return schemas;
}
