// duplicate-required: a nested "required" list names one property twice (the action's own
// list has the chain's `duplicate`). Harmless to a validator, but a sign of a list edited by
// hand; --fix removes the repeat.

import { repeatedEntries } from "../validators/lists.js";
import type { Draft } from "../offence.js";
import { appendAll } from "../append.js";
import type { AdvisoryCheck } from "./context.js";
import { nestedRequired, requiredPath } from "./nested-required.js";

export const duplicateRequired: AdvisoryCheck = (_schema, context) => {
  const drafts: Draft[] = [];
  for (const { node, list } of nestedRequired(context)) {
    if (new Set(list).size === list.length) continue;
    const path = requiredPath(node);
    appendAll(drafts, repeatedEntries(path, list, `"required"`, path, "duplicate-required"));
  }
  return drafts;
};
