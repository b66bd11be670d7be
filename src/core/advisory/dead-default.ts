// dead-default: an entry of "defaults" for a property "required" lists. Every call must
// supply that property itself (defaults do not count toward "required"), so the default is
// never used.

import { inspectString } from "../../text/escape.js";
import { isList } from "../map.js";
import type { Draft } from "../offence.js";
import type { AdvisoryCheck } from "./context.js";

export const deadDefault: AdvisoryCheck = (schema, { read }) => {
  const defaults = read.get(schema, "defaults");
  const required = read.get(schema, "required");
  if (!read.isMap(defaults) || !isList(required)) return [];
  const drafts: Draft[] = [];
  for (const name of read.keys(defaults)) {
    if (!required.includes(name)) continue;
    drafts.push({
      code: "dead-default",
      path: ["defaults"],
      target: { path: ["defaults", name], part: "key" },
      message: `"defaults" sets ${inspectString(name)}, which "required" makes every call supply: the default is never used`,
      fix: `Remove the default of ${inspectString(name)}, or take ${inspectString(name)} out of "required" if callers may leave it out.`,
    });
  }
  return drafts;
};
