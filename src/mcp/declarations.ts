// What `wymcp-lint --mcp` declares (docs/mcp.md): one action-dispatched tool in Wymcp's form,
// its action schemas read from wymcp_lint.actions.json (an action file like any other, linted
// with the rest of the repository), and Wymcp's help tool. tools/list gives each as Wymcp
// builds it: the action enum, the "name: description" summaries the linter itself compares
// with help (src/server/help-contract.ts), and a bare `data` object.

import type { ActionSchemaKey } from "../vocabulary.js";
import { actionSummaries, compareNames } from "../server/help-contract.js";
import { wymcpInputSchema } from "../core/action-summary.js";
import { RESERVED_TOOL_NAME } from "../core/lint-tool.js";
import declared from "./wymcp_lint.actions.json" with { type: "json" };
import { OUTPUT_SCHEMA } from "./output-schema.js";

/** A property schema of our own declarations: the JSON Schema subset they use. */
export interface PropertySchema {
  readonly type: "string" | "integer" | "array";
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
export const TOOL_DESCRIPTION = "Lint MCP tool declarations (Wymcp action files and JS/TS tool modules): every offence at once, with positions, severities and fixes";

export type ActionName = "explain" | "fix_text" | "lint_files" | "lint_text" | "list_codes";

export const ACTIONS = declared as unknown as Readonly<Record<ActionName, ActionSchema>>;
export const ACTION_NAMES = (Object.keys(ACTIONS) as ActionName[]).sort(compareNames);

export const isActionName = (name: string): name is ActionName => Object.hasOwn(ACTIONS, name);

/** What every answer is: it reads files at most, changes nothing, and reaches nothing beyond the machine. */
const ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

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
  annotations: ANNOTATIONS,
} as const;

/** The summaries of our actions, "name: description" sorted by name, as help's index and tools/list give them. */
export function summaries(): string[] {
  return actionSummaries(ACTIONS) ?? [];
}

/** The tools/list entries: the action tool, then help. */
export function listedTools(): readonly Record<string, unknown>[] {
  return [
    {
      name: TOOL_NAME,
      title: "wymcp-lint",
      description: TOOL_DESCRIPTION,
      inputSchema: wymcpInputSchema(ACTIONS),
      outputSchema: OUTPUT_SCHEMA,
      annotations: ANNOTATIONS,
    },
    HELP_TOOL,
  ];
}

/** An action schema as help renders it: the vocabulary's keys, with "required" filled in as []. */
export function renderedAction(name: ActionName): Readonly<Partial<Record<ActionSchemaKey, unknown>>> {
  const schema = ACTIONS[name];
  return { ...schema, required: schema.required ?? [] };
}
