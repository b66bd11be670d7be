// dead-group: a "required_one_of" group naming a property "required" lists. Every call
// supplies that property, so the group is always satisfied and decides nothing.

import { inspectString } from "../../text/escape.js";
import { isList } from "../map.js";
import type { Draft } from "../offence.js";
import type { AdvisoryCheck } from "./context.js";

export const deadGroup: AdvisoryCheck = (schema, { read }) => {
  const groups = read.get(schema, "required_one_of");
  const required = read.get(schema, "required");
  if (!isList(groups) || !isList(required)) return [];
  const drafts: Draft[] = [];
  groups.forEach((group, i) => {
    const always = isList(group) ? group.find((name) => typeof name === "string" && required.includes(name)) : undefined;
    if (typeof always !== "string") return;
    drafts.push({
      code: "dead-group",
      path: ["required_one_of"],
      target: { path: ["required_one_of", i], part: "value" },
      message: `"required_one_of" group ${i} names ${inspectString(always)}, which "required" makes every call supply: the group is always satisfied`,
      fix: `Remove group ${i}, or take ${inspectString(always)} out of "required" if the group is what decides.`,
    });
  });
  return drafts;
};
