// The tools-file kind (docs/plain-tools.md): `*.tools.json` and `*.tools.json5`, a server's
// saved tools/list result (or a list of tools), each entry a plain MCP tool. A tools file is a
// server's list, not one tool: it has no tool name of its own, so nothing across files is
// found for it. Read as JSON or JSON5 (json-file.ts), never run.

import type { InputKind } from "./input-kind.js";
import { jsonCommentSyntax, jsonDirectives, readJsonInputs } from "./json-source.js";

export const TOOLS_FILE: InputKind = {
  id: "tools-file",
  unreadCode: "parse-error",
  read: (inputs, context) => readJsonInputs(inputs, context, async () => (_text, offences) => offences),
  directivesOf: jsonDirectives,
  commentSyntax: jsonCommentSyntax,
  toolNames: async () => [],
};
