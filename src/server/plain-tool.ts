// Any MCP server's tool, read as a tool with one action: the action is the tool itself
// (named like it), and its schema is the part of the vocabulary a plain tool has:
// {"description": tool.description, "properties": inputSchema.properties, "required":
// inputSchema.required}, each key only when the tool carries it. So the key-set walk, the
// required check and the rest of the chain judge every MCP server's tools; a tool with no
// description or no properties gets missing-key, as an action would. Called by lint-server.ts.

import type { ListedTool } from "./listed-tool.js";

export function plainActionSchema(tool: ListedTool): Record<string, unknown> {
  const schema: Record<string, unknown> = {};
  if (Object.hasOwn(tool, "description")) schema["description"] = tool.description;
  const input = tool.inputSchema;
  if (Object.hasOwn(input, "properties")) schema["properties"] = input["properties"];
  if (Object.hasOwn(input, "required")) schema["required"] = input["required"];
  return schema;
}
