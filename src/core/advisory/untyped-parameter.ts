// untyped-parameter (docs/codes/untyped-parameter.md): a parameter whose schema says nothing of
// its value: no "type", nothing that gives one ("$ref", "enum", "const", a combinator, declared
// fields or items), and no description, as the empty schema {}. One with a description says
// what it is in words (and may mean any value). A bare map of schemas is bare-properties' to
// report, and a boolean schema is no map, so neither is reported here.

import { inspectString } from "../../text/escape.js";
import type { Draft } from "../offence.js";
import { bareNames } from "./bare-properties.js";
import type { AdvisoryCheck } from "./context.js";

const described = (text: unknown): boolean => typeof text === "string" && /\p{L}/u.test(text);

/** The keywords that say what type a value has, or what shape. */
const TYPING = ["type", "$ref", "$dynamicRef", "enum", "const", "anyOf", "oneOf", "allOf", "not", "if", "properties", "items", "prefixItems"];

export const untypedParameter: AdvisoryCheck = (_schema, { read, properties }) => {
  const drafts: Draft[] = [];
  for (const name of read.keys(properties)) {
    const property = read.get(properties, name);
    if (!read.isMap(property) || TYPING.some((key) => read.has(property, key)) || bareNames(property, read) !== null) continue;
    // A description says what the value is, and may mean any value ("any JSON value").
    if (described(read.get(property, "description"))) continue;
    drafts.push({
      code: "untyped-parameter",
      path: ["properties", name],
      target: { path: ["properties", name], part: "key" },
      message: `the parameter ${inspectString(name)} has no "type" and no description: it accepts any value, and a model has to guess whether to send text, a number or an object`,
      fix: `Give ${inspectString(name)} a "type" ("string", "number", "object", …) or list its values with "enum"; if it takes any value, say so in a "description".`,
    });
  }
  return drafts;
};
