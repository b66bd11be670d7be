// open-input-schema (docs/codes/open-input-schema.md): a plain tool's inputSchema that sets
// "additionalProperties": true (or an empty schema) and declares no parameter anywhere: the
// tool takes arguments and says nothing of which. A tool with no arguments ({"type": "object"})
// and a nested free-form map (headers, variables) are left alone. Called by plain-tool.ts among
// the advisory checks.

import type { Draft } from "./offence.js";

/** The keywords through which a schema can declare parameters other than "properties". */
const DECLARING = ["patternProperties", "anyOf", "oneOf", "allOf", "$ref", "if", "dependentSchemas", "propertyNames"];

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The open-input-schema draft of a tool's `inputSchema`, or null. */
export function openInputSchemaDraft(input: unknown): Draft | null {
  if (!isRecord(input) || !Object.hasOwn(input, "additionalProperties")) return null;
  const open = input["additionalProperties"];
  if (open !== true && !(isRecord(open) && Object.keys(open).length === 0)) return null;
  const properties = input["properties"];
  if (isRecord(properties) && Object.keys(properties).length > 0) return null;
  if (DECLARING.some((key) => Object.hasOwn(input, key))) return null;
  return {
    code: "open-input-schema",
    path: ["inputSchema"],
    target: { path: ["inputSchema", "additionalProperties"], part: "value" },
    message: `"inputSchema" accepts any arguments and declares none: a model has to guess what to pass, and nothing it passes is checked`,
    fix: `Declare each argument under "properties" (with "additionalProperties": false), or remove "additionalProperties" if the tool takes none.`,
  };
}
