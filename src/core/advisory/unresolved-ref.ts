// unresolved-ref: a local "$ref" ("#" or "#/a/b", a JSON Pointer into the document) that
// points at nothing, or at a value that is no schema. The document is a plain tool's
// inputSchema, or else the action schema, whose "properties" are where such pointers lead
// ("#/properties/x", as generators write them). A reference under an "$id" resolves against
// that resource, and one to another document or an anchor ("#name") cannot be followed
// here: both are left alone.

import { inspectString } from "../../text/escape.js";
import { describeValue } from "../escape.js";
import type { MapReader } from "../map.js";
import type { Draft } from "../offence.js";
import { materialize, type LinkedPath } from "../path.js";
import type { AdvisoryCheck } from "./context.js";
import type { Subschema } from "./subschemas.js";
import { follow, MISSING } from "../json-schema/document.js";

/** Whether the schema at `node`, or one enclosing it, has an "$id" (a base of its own). */
function underId(node: LinkedPath | null, read: MapReader): boolean {
  for (let n = node; n !== null; n = n.parent) if ("schema" in n && read.has((n as Subschema).schema, "$id")) return true;
  return false;
}

export const unresolvedRef: AdvisoryCheck = (_schema, { read, subschemas, document }) => {
  const drafts: Draft[] = [];
  for (const node of subschemas()) {
    const ref = read.get(node.schema, "$ref");
    if (typeof ref !== "string" || !(ref === "#" || ref.startsWith("#/")) || underId(node, read)) continue;
    const found = follow(document, ref, read);
    if (found !== MISSING && (read.isMap(found) || typeof found === "boolean")) continue;
    const path = materialize(node);
    drafts.push({
      code: "unresolved-ref",
      path,
      target: { path: [...path, "$ref"], part: "value" },
      message:
        found === MISSING
          ? `"$ref" ${inspectString(ref)} points at nothing in ${document === _schema ? "the action schema" : "the inputSchema"}`
          : `"$ref" ${inspectString(ref)} points at ${describeValue(found)}, which is no schema`,
      fix: `Point "$ref" at a schema the document holds (e.g. "#/$defs/name", with that schema under "$defs"), or write the schema in place.`,
    });
  }
  return drafts;
};
