// Wymcp's help tool for `--mcp` (docs/mcp.md), at its three levels and in its wire format,
// the one the linter reads from Wymcp servers (src/server/help-contract.ts): no arguments,
// the index; {tool}, that tool complete; {tool, action}, one action complete; an unknown
// target is an error naming the valid ones.

import { closeMatch } from "../core/close-match.js";
import { describeValue } from "../core/escape.js";
import { ACTION_NAMES, isActionName, renderedAction, summaries, TOOL_DESCRIPTION, TOOL_NAME } from "./declarations.js";

/** An answer: a JSON value, and whether it is an error. */
export interface Answer {
  readonly value: Readonly<Record<string, unknown>>;
  readonly isError: boolean;
}

const HELP_POINTER = "Call help with no arguments for the index.";

/** The arguments of a call beyond `allowed`, each with the one it was probably meant to be; null when there are none. */
export function extraParams(params: Readonly<Record<string, unknown>>, allowed: readonly string[]): string | null {
  const extra = Object.keys(params).filter((key) => !allowed.includes(key));
  if (extra.length === 0) return null;
  return extra
    .map((key) => {
      const close = closeMatch(
        key,
        allowed.filter((name) => !Object.hasOwn(params, name)),
      );
      return `${JSON.stringify(key)}${close === null ? "" : ` (did you mean "${close}"?)`}`;
    })
    .join(", ");
}

const fail = (value: Record<string, unknown>): Answer => ({ value, isError: true });
const ok = (value: Record<string, unknown>): Answer => ({ value, isError: false });

function unknownTool(name: string): Answer {
  return fail({ error: "unknown_tool", message: `Unknown tool '${name}'. Valid tools: ${TOOL_NAME}.`, valid_tools: [TOOL_NAME], help: HELP_POINTER });
}

/** help's answer to `params` (the call's arguments). */
export function helpAnswer(params: Readonly<Record<string, unknown>>): Answer {
  const extra = extraParams(params, ["tool", "action"]);
  if (extra !== null) return fail({ error: "invalid_params", message: `help takes "tool" and "action" only; got ${extra}`, help: HELP_POINTER });
  const { tool, action } = params;
  for (const [key, value] of [
    ["tool", tool],
    ["action", action],
  ] as const) {
    if (value !== undefined && typeof value !== "string")
      return fail({ error: "invalid_params", message: `help's "${key}" must be a string; got ${describeValue(value)}`, help: HELP_POINTER });
  }
  if (tool === undefined && action === undefined) return ok({ tools: [{ tool: TOOL_NAME, description: TOOL_DESCRIPTION, actions: summaries() }] });
  if (tool === undefined) {
    return fail({
      error: "missing_tool",
      message: `help with action '${String(action)}' requires a tool. Valid tools: ${TOOL_NAME}.`,
      valid_tools: [TOOL_NAME],
      help: HELP_POINTER,
    });
  }
  if (tool !== TOOL_NAME) return unknownTool(String(tool));
  if (action === undefined) {
    return ok({ tool, description: TOOL_DESCRIPTION, actions: Object.fromEntries(ACTION_NAMES.map((name) => [name, renderedAction(name)])) });
  }
  const name = String(action);
  if (!isActionName(name)) {
    return fail({
      error: "unknown_action",
      message: `Unknown action '${name}' for tool '${tool}'. Valid actions: ${ACTION_NAMES.join(", ")}.`,
      valid_actions: ACTION_NAMES,
      help: HELP_POINTER,
    });
  }
  return ok({ tool, action: name, ...renderedAction(name) });
}
