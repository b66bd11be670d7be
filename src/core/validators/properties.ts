// `properties`: mandatory map of property name to property schema, held to its shape at
// every depth the key-set walk reaches (key-set-walk.ts).

import { wrongType } from "../drafts.js";
import { propertiesDrafts } from "../key-set-walk.js";
import { isMap } from "../map.js";
import type { Validator } from "./context.js";

export const validateProperties: Validator = (value, { read, walkedSchemas, booleanSchemas }) =>
  isMap(value)
    ? propertiesDrafts(value, read, walkedSchemas, booleanSchemas)
    : [
        wrongType(
          ["properties"],
          ["properties"],
          `"properties"`,
          "a map of property names to schemas",
          value,
          `Write "properties" as a map, e.g. {"query": {"type": "string"}}; an action without parameters has {}.`,
        ),
      ];
