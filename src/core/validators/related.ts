// `related`: optional list of strings naming related actions.

import type { Validator } from "./context.js";
import { expectList, nonStringEntries } from "./lists.js";

export const validateRelated: Validator = (value) => {
  const notList = expectList("related", value, "strings", `["other_action"]`);
  if (notList) return [notList];
  return nonStringEntries("related", value as readonly unknown[], `"related"`, ["related"]);
};
