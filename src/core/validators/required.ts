// `required`: optional list of property names a call must supply; each named once and
// declared in `properties`.

import type { Validator } from "./context.js";
import { expectList, nonStringEntries, repeatedEntries, undeclaredEntries } from "./lists.js";

export const validateRequired: Validator = (value, context) => {
  const declared = context.declared();
  const notList = expectList("required", value, "property names", `["query"]`);
  if (notList) return [notList];
  const list = value as readonly unknown[];
  const name = `"required"`;
  return [
    ...nonStringEntries("required", list, name, ["required"]),
    ...repeatedEntries(["required"], list, name, ["required"]),
    ...(declared ? undeclaredEntries(["required"], list, name, ["required"], declared) : []),
  ];
};
