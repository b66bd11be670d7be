// `examples`: optional list of maps, each an example call's arguments.

import { wrongType } from "../drafts.js";
import { isMap } from "../map.js";
import type { Draft } from "../offence.js";
import type { Validator } from "./context.js";
import { expectList } from "./lists.js";

export const validateExamples: Validator = (value) => {
  const notList = expectList("examples", value, "maps", `[{"query": "shoes"}]`);
  if (notList) return [notList];
  const drafts: Draft[] = [];
  (value as readonly unknown[]).forEach((entry, i) => {
    if (!isMap(entry)) {
      drafts.push(wrongType(["examples"], ["examples", i], `"examples" entry ${i}`, "a map of example arguments", entry, `Write entry ${i} as a map, e.g. {"query": "shoes"}.`));
    }
  });
  return drafts;
};
