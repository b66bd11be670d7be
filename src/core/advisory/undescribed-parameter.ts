// undescribed-parameter (docs/codes/undescribed-parameter.md): a parameter with no description
// whose name says nothing of what it holds ("data", "options", "value", "params"), and
// which nothing else explains: no title, no listed values, no declared fields, no word of the
// action's description naming it. A name that says what it holds ("url", "query", "path") is
// left alone, and so is a single letter ("k", "q", "a" and "b"): there a description is
// welcome, but convention often says what it is, and a linter cannot tell when.

import { inspectString } from "../../text/escape.js";
import { isList, type MapLike, type MapReader } from "../map.js";
import type { Draft } from "../offence.js";
import { bareNames } from "./bare-properties.js";
import type { AdvisoryCheck } from "./context.js";

/** Names that say only that something is passed, not what ("body" is left out: a note's, a message's or an issue's body is its text). */
const GENERIC_NAMES = new Set([
  "arg",
  "args",
  "argument",
  "arguments",
  "data",
  "input",
  "inputs",
  "json",
  "obj",
  "object",
  "options",
  "opts",
  "param",
  "params",
  "parameters",
  "payload",
  "val",
  "value",
  "values",
]);

/** Whether `text` (a description) is there: a string with a letter in it. */
const written = (text: unknown): boolean => typeof text === "string" && /\p{L}/u.test(text);

// How deep declared fields are looked for, through items and branches: far enough for a list
// of objects in one branch of several ("body": anyOf [array of {op, path, value}, …]).
const FIELDS_DEPTH = 4;

/**
 * Whether the schema declares the fields of its value, which say what it holds: in
 * "properties", as a bare map of schemas (bare-properties' to report), in its items, or in a
 * branch of "anyOf", "oneOf" or "allOf".
 */
function declaresFields(schema: unknown, read: MapReader, depth = FIELDS_DEPTH): boolean {
  if (depth === 0 || !read.isMap(schema)) return false;
  const fields = read.get(schema, "properties");
  if ((read.isMap(fields) && read.keys(fields).length > 0) || bareNames(schema, read) !== null) return true;
  if (declaresFields(read.get(schema, "items"), read, depth - 1)) return true;
  return ["anyOf", "oneOf", "allOf"].some((key) => {
    const branches = read.get(schema, key);
    return isList(branches) && branches.some((branch) => declaresFields(branch, read, depth - 1));
  });
}

/**
 * Whether the schema says what the value is by other means: a title, its values listed, its
 * fields declared, or no field allowed at all (an object that can only be {}).
 */
function explained(property: MapLike, read: MapReader): boolean {
  if (written(read.get(property, "description")) || written(read.get(property, "title"))) return true;
  if (read.has(property, "enum") || read.has(property, "const") || declaresFields(property, read)) return true;
  const fields = read.get(property, "properties");
  return read.isMap(fields) && read.get(property, "additionalProperties") === false;
}

/** Whether the action's description names the parameter as a word ("Send input to the process"). */
function named(description: unknown, name: string): boolean {
  if (typeof description !== "string") return false;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w])${escaped}(?![\\w])`, "i").test(description);
}

export const undescribedParameter: AdvisoryCheck = (_schema, { read, properties, described }) => {
  const drafts: Draft[] = [];
  for (const name of read.keys(properties)) {
    const property = read.get(properties, name);
    if (!read.isMap(property)) continue;
    if (!GENERIC_NAMES.has(name.toLowerCase())) continue;
    if (explained(property, read) || named(described, name)) continue;
    drafts.push({
      code: "undescribed-parameter",
      path: ["properties", name],
      target: { path: ["properties", name], part: "key" },
      message: `the parameter ${inspectString(name)} has no description, and its name does not say what it holds: a model has to guess what to pass`,
      fix: `Add a "description" to ${inspectString(name)} saying what it holds and in what form, or give it a name that says so.`,
    });
  }
  return drafts;
};
