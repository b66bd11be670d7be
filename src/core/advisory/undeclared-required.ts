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
import { declaredHere, nestedRequired } from "./nested-required.js";

export const undeclaredRequired: AdvisoryCheck = (_schema, context) => {
  const drafts: Draft[] = [];
  for (const { node, list, path } of nestedRequired(context)) {
    const declared = declaredHere(node.schema, context.read);
    if (declared !== null) appendAll(drafts, undeclaredEntries(path, list, `"required"`, path, declared, "undeclared-required"));
  }
  return drafts;
};
