// bare-properties: a property schema that holds no JSON Schema keyword at all, only names
// mapped to schemas ({"parent": {"type": "string"}, ...}): the "type": "object" and
// "properties" wrapper around them was forgotten, so the schema accepts anything and a model
// sees an untyped value. Every value must look like a schema (a map with a keyword), and an
// "x-" extension key is no name, so vendor annotations are left alone.

import { inspectString } from "../../text/escape.js";
import { JSON_SCHEMA_KEYWORDS } from "../json-schema-keywords.js";
import type { MapLike, MapReader } from "../map.js";
import type { Draft } from "../offence.js";
import { compareStrings, materialize } from "../path.js";
import type { AdvisoryCheck } from "./context.js";

const MAX_NAMED = 3;

function looksLikeSchema(value: unknown, read: MapReader): boolean {
  return read.isMap(value) && read.keys(value).some((key) => JSON_SCHEMA_KEYWORDS.has(key));
}

/** The names of a bare map of schemas; null when `schema` is anything else. */
export function bareNames(schema: MapLike, read: MapReader): string[] | null {
  const keys = read.keys(schema);
  if (keys.length === 0) return null;
  for (const key of keys) if (JSON_SCHEMA_KEYWORDS.has(key) || key.startsWith("x-") || !looksLikeSchema(read.get(schema, key), read)) return null;
  // Named in code-unit order, so the message is the same whatever the input's key order.
  return keys.sort(compareStrings);
}

export const bareProperties: AdvisoryCheck = (_schema, { read, subschemas }) => {
  const drafts: Draft[] = [];
  for (const node of subschemas()) {
    if (!node.property) continue;
    const names = bareNames(node.schema, read);
    if (names === null) continue;
    const path = materialize(node);
    const shown = names.slice(0, MAX_NAMED).map(inspectString).join(", ") + (names.length > MAX_NAMED ? ", …" : "");
    drafts.push({
      code: "bare-properties",
      path: path.slice(0, -1),
      target: { path, part: "value" },
      message: `property ${inspectString(String(node.segment))} has no keyword, only names mapped to schemas (${shown}): it accepts any value`,
      fix: `Declare them as an object's properties: move them into "properties" and add "type": "object" beside it.`,
    });
  }
  return drafts;
};
