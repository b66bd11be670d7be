// What `wymcp-lint --mcp` declares (docs/mcp.md): one action-dispatched tool in Wymcp's form,
// its action schemas read from wymcp_lint.actions.json (an action file like any other, linted
// with the rest of the repository), and Wymcp's help tool. tools/list gives each as Wymcp
// builds it: the action enum, the "name: description" summaries the linter itself compares
// with help (src/server/help-contract.ts), and a `data` object whose description names each
// action's arguments; of the answers, only their outer shape (the whole is
// schemas/mcp-answer.schema.json), so that listing the tools costs a client few tokens.

import type { ActionSchemaKey } from "../vocabulary.js";
import { actionSummaries, compareNames } from "../server/help-contract.js";
import { wymcpInputSchema } from "../core/action-summary.js";
import { RESERVED_TOOL_NAME } from "../core/lint-tool.js";
import declared from "./wymcp_lint.actions.json" with { type: "json" };

/** A property schema of our own declarations: the JSON Schema subset they use. */
export interface PropertySchema {
  readonly type: "string" | "integer" | "boolean" | "array";
  readonly description: string;
  readonly enum?: readonly string[];
  readonly items?: { readonly type: "string" };
  readonly minimum?: number;
  readonly maximum?: number;
}

/** One action of the tool, as its action file declares it. */
export interface ActionSchema {
  readonly description: string;
  readonly properties: Readonly<Record<string, PropertySchema>>;
  readonly required?: readonly string[];
  readonly defaults?: Readonly<Record<string, unknown>>;
  readonly notes?: string;
  readonly related?: readonly string[];
  readonly examples?: readonly Readonly<Record<string, unknown>>[];
}

export const TOOL_NAME = "wymcp_lint";
export const TOOL_DESCRIPTION =
  "Lint MCP tool declarations (Wymcp action files, JS/TS and Elixir tool modules): every offence, with positions and fixes. Linting a JS/TS tool module runs its code. help {tool: wymcp_lint} gives each action in full";

export type ActionName = "explain" | "fix_text" | "lint_files" | "lint_text" | "list_codes";

export const ACTIONS = declared as unknown as Readonly<Record<ActionName, ActionSchema>>;
export const ACTION_NAMES = (Object.keys(ACTIONS) as ActionName[]).sort(compareNames);

export const isActionName = (name: string): name is ActionName => Object.hasOwn(ACTIONS, name);

/**
 * The tool runs the code of the tool modules it lints (a text sent to lint_text or fix_text, a
 * module lint_files finds), which may do what Node's permission model leaves it: read files
 * anywhere and reach the network (docs/mcp.md, "What runs"). So it promises nothing a client
 * may take as leave to run it unasked: not read-only, not idempotent, open-world.
 */
const TOOL_ANNOTATIONS = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } as const;

/** help reads nothing but our own declarations. */
const HELP_ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** Wymcp's help tool, as Wymcp declares it. */
const HELP_TOOL = {
  name: RESERVED_TOOL_NAME,
  description:
    "Get details about this server's tools. No arguments: an index of every tool and its actions. {tool}: that tool's actions in full (schemas, notes, examples). {tool, action}: one action in full.",
  inputSchema: {
    type: "object",
    properties: {
      tool: { type: "string", description: "Tool name to get details about" },
      action: { type: "string", description: "Action name within that tool (requires tool)" },
    },
    additionalProperties: false,
  },
  annotations: HELP_ANNOTATIONS,
} as const;

/** The summaries of our actions, "name: description" sorted by name, as help's index and tools/list give them. */
export function summaries(): string[] {
  return actionSummaries(ACTIONS) ?? [];
}

/** What `data` holds for each action, one line each: its arguments, an optional one marked "?". */
function dataDescription(): string {
  const lines = ACTION_NAMES.map((name) => {
    const { properties, required = [] } = ACTIONS[name];
    const names = Object.keys(properties).map((key) => (required.includes(key) ? key : `${key}?`));
    return `${name}: {${names.join(", ")}}`;
  });
  return ["The action's arguments:", ...lines].join("\n");
}

/** The tools/list entries: the action tool, then help. */
export function listedTools(): readonly Record<string, unknown>[] {
  const inputSchema = wymcpInputSchema(ACTIONS) as { properties: Record<string, unknown> };
  return [
    {
      name: TOOL_NAME,
      title: "wymcp-lint",
      description: TOOL_DESCRIPTION,
      inputSchema: { ...inputSchema, properties: { ...inputSchema.properties, data: { type: "object", description: dataDescription() } } },
      outputSchema: { type: "object", required: ["action"], properties: { action: { type: "string", enum: ACTION_NAMES } } },
      annotations: TOOL_ANNOTATIONS,
    },
    HELP_TOOL,
  ];
}

/** An action schema as help renders it: the vocabulary's keys, with "required" filled in as []. */
export function renderedAction(name: ActionName): Readonly<Partial<Record<ActionSchemaKey, unknown>>> {
  const schema = ACTIONS[name];
  return { ...schema, required: schema.required ?? [] };
}
