// `defaults`: optional map of default argument values. Its keys are checked against the
// closure by the second, gated pass (../defaults-check.ts); this validator judges its type.

import { wrongType } from "../drafts.js";
import { isMap } from "../map.js";
import type { Validator } from "./context.js";

export const validateDefaults: Validator = (value) =>
  isMap(value) ? [] : [wrongType(["defaults"], ["defaults"], `"defaults"`, "a map of property names to default values", value, `Write "defaults" as a map, e.g. {"limit": 10}.`)];
