// The action-file kind (docs/inputs.md, "Action files"): `*.actions.json` and
// `*.actions.json5`, and any other .json or .json5 file named on the command line. Its top
// level is a tool's actions map; the tool's name is the file's base name before `.actions.`.
// Read as JSON or JSON5 (json-file.ts), never run.

import { toolNameOf } from "../files/kind.js";
import type { InputKind } from "./input-kind.js";
import { jsonCommentSyntax, jsonDirectives, readJsonInputs } from "./json-source.js";

/** An offence across files is placed by the action-file locator, loaded only then. */
const place = async () => (await import("../locate/action-file.js")).locateActionFile;

export const ACTION_FILE: InputKind = {
  id: "action-file",
  unreadCode: "parse-error",
  read: (inputs, context) => readJsonInputs(inputs, context, place),
  directivesOf: jsonDirectives,
  commentSyntax: jsonCommentSyntax,
  toolNames: async (path) => [toolNameOf(path)],
};
