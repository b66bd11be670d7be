// undeclared-required: a nested "required" entry names no property of its schema's
// "properties", so no caller can send it in the shape the schema describes (the action's own
// list has the chain's `undeclared`). Only where that "properties" is the whole story: a
// schema with patterns, branches or a reference may declare the name elsewhere
// (nested-required.ts), and one without "properties" (an anyOf branch saying which of its
// parent's properties it needs) declares nothing to compare with.

import { undeclaredEntries } from "../validators/lists.js";
import type { Draft } from "../offence.js";
import { appendAll } from "../append.js";
import type { AdvisoryCheck } from "./context.js";
import { declaredHere, nestedRequired, requiredPath } from "./nested-required.js";

export const undeclaredRequired: AdvisoryCheck = (_schema, context) => {
  const drafts: Draft[] = [];
  const { read } = context;
  for (const { node, list } of nestedRequired(context)) {
    const declared = declaredHere(node.schema, read);
    if (declared === null || list.every((entry) => typeof entry !== "string" || read.has(declared, entry))) continue;
    const path = requiredPath(node);
    appendAll(drafts, undeclaredEntries(path, list, `"required"`, path, declared, "undeclared-required"));
  }
  return drafts;
};
