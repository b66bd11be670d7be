// inputs/ holds the kinds of input, one module each behind one interface (input-kind.ts),
// and this registry of them by the id a file's name gives (src/files/kind.ts). The run's
// pipeline (src/lint/pipeline.ts), the language server and the MCP server ask a file's kind
// here, never branch on it.

import type { InputKindId } from "../files/kind.js";
import { ACTION_FILE } from "./action-file.js";
import { ELIXIR_MODULE } from "./elixir-module.js";
import type { InputKind } from "./input-kind.js";
import { TOOL_MODULE } from "./tool-module.js";
import { TOOLS_FILE } from "./tools-file.js";

export type { CommentSyntax, Input, InputKind, ReadContext, Source } from "./input-kind.js";

const KINDS: { readonly [K in InputKindId]: InputKind } = {
  "action-file": ACTION_FILE,
  "tools-file": TOOLS_FILE,
  "tool-module": TOOL_MODULE,
  "elixir-module": ELIXIR_MODULE,
};

/** The input kind of an id. */
export function inputKind(id: InputKindId): InputKind {
  return KINDS[id];
}
