// The "required" lists below the action's own (or a plain tool's top-level one, which the
// chain checks): one per subschema that has a list there, for duplicate-required and
// undeclared-required. The root of a plain tool's inputSchema is left out: its "required"
// is the chain's.

import { isList, type MapLike, type MapReader } from "../map.js";
import { materialize, type Path } from "../path.js";
import type { Subschema } from "./subschemas.js";
import type { AdvisoryContext } from "./context.js";

export interface NestedRequired {
  readonly node: Subschema;
  readonly list: readonly unknown[];
}

export function nestedRequired({ read, subschemas }: AdvisoryContext): NestedRequired[] {
  const out: NestedRequired[] = [];
  for (const node of subschemas()) {
    if (node.parent === null) continue;
    const list = read.get(node.schema, "required");
    if (isList(list) && list.length > 0) out.push({ node, list });
  }
  return out;
}

/** The offences' path for a nested "required": the schema's, then "required" (built only for an offence). */
export function requiredPath(node: Subschema): Path {
  return [...materialize(node), "required"];
}

const ELSEWHERE = ["patternProperties", "allOf", "anyOf", "oneOf", "if", "then", "else", "$ref", "$dynamicRef", "dependentSchemas", "dependencies"];

/** The schema's "properties", when it is a map and names every property the schema can have. */
export function declaredHere(schema: MapLike, read: MapReader): MapLike | null {
  const properties = read.get(schema, "properties");
  return read.isMap(properties) && !namesElsewhere(schema, read) ? properties : null;
}

/** Whether the schema may declare a property outside its "properties": by a pattern, a branch, a reference. */
export function namesElsewhere(schema: MapLike, read: MapReader): boolean {
  return ELSEWHERE.some((key) => read.has(schema, key));
}
