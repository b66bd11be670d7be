// unknown-related: each "related" entry names an action of the same tool.

import { closeMatch } from "../close-match.js";
import { inspectString } from "../../text/escape.js";
import { isList } from "../map.js";
import type { Draft } from "../offence.js";
import type { AdvisoryCheck } from "./context.js";

export const unknownRelated: AdvisoryCheck = (schema, { read, actionNames }) => {
  const related = read.get(schema, "related");
  if (!isList(related)) return [];
  const drafts: Draft[] = [];
  related.forEach((entry, i) => {
    if (typeof entry !== "string" || actionNames.has(entry)) return;
    const match = closeMatch(entry, actionNames);
    drafts.push({
      code: "unknown-related",
      path: ["related"],
      target: { path: ["related", i], part: "value" },
      message: `"related" entry ${i} names ${inspectString(entry)}, which is no action of this tool`,
      fix: match ? `Did you mean ${inspectString(match)}? Otherwise name an action of this tool, or remove the entry.` : "Name an action of this tool, or remove the entry.",
    });
  });
  return drafts;
};
