// untyped-parameter (docs/codes/untyped-parameter.md): a parameter whose schema has keywords
// but says nothing of its value's type: no "type", nothing that gives one ("$ref", "enum",
// "const", a combinator, declared fields or items), and no description ({"minLength": 1},
// {"default": 10}). The empty schema {} says "any value" on purpose, and a description says
// what the value is in words, so neither is reported; nor is a schema with a key that is no
// keyword (a misspelt "type" is unknown-keyword's, an "x-" key a vendor's), nor a bare map of
// schemas (bare-properties'), nor a boolean schema, which is no map.

import { inspectString } from "../../text/escape.js";
import { JSON_SCHEMA_KEYWORDS } from "../json-schema-keywords.js";
import type { Draft } from "../offence.js";
import { bareNames } from "./bare-properties.js";
import type { AdvisoryCheck } from "./context.js";

const described = (text: unknown): boolean => typeof text === "string" && /\p{L}/u.test(text);

/** The keywords that say what type a value has, or what shape. */
const TYPING = [
  "type",
  "$ref",
  "$dynamicRef",
  "enum",
  "const",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "if",
  "properties",
  "patternProperties",
  "additionalProperties",
  "propertyNames",
  "dependentSchemas",
  "items",
  "prefixItems",
  "contains",
];

export const untypedParameter: AdvisoryCheck = (_schema, { read, properties }) => {
  const drafts: Draft[] = [];
  for (const name of read.keys(properties)) {
    const property = read.get(properties, name);
    // The empty schema {} is how an action says "any value" (docs/plain-tools.md): said on purpose.
    if (!read.isMap(property) || read.keys(property).length === 0) continue;
    if (TYPING.some((key) => read.has(property, key)) || bareNames(property, read) !== null) continue;
    // A key that is no keyword may be a misspelt "type" (unknown-keyword's) or a vendor's: only a schema of keywords alone is read.
    if (read.keys(property).some((key) => !JSON_SCHEMA_KEYWORDS.has(key))) continue;
    // A description says what the value is, and may mean any value ("any JSON value").
    if (described(read.get(property, "description"))) continue;
    drafts.push({
      code: "untyped-parameter",
      path: ["properties", name],
      target: { path: ["properties", name], part: "key" },
      message: `the parameter ${inspectString(name)} has keywords but no "type" and no description: it accepts any value, and a model has to guess whether to send text, a number or an object`,
      fix: `Give ${inspectString(name)} a "type" ("string", "number", "object", …) or list its values with "enum"; if it takes any value, say so in a "description".`,
    });
  }
  return drafts;
};
