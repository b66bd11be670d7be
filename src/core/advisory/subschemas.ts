// Every subschema of an action's property schemas (or of a plain tool's inputSchema), for the
// advisory checks that read schemas to the end (docs/checks.md, "Schemas to the end"): the
// key-set walk's schemas, and below them what the walk leaves to each keyword's own
// contract: "anyOf", "oneOf", "allOf", "prefixItems" and a tuple "items" (lists of
// schemas), "not", "if", "then", "else", "contains", "propertyNames", "additionalItems",
// "unevaluatedItems", "unevaluatedProperties", "contentSchema" (one schema), and "$defs",
// "definitions", "patternProperties", "dependentSchemas", "dependencies" (maps of names to
// schemas). The walked schemas are taken as the walk found them, so its surface is not walked
// twice; what lies off it is walked here, iteratively (any depth), each map once.

import type { WalkedSchema } from "../key-set-walk.js";
import { isList, sortedStringKeys, type MapLike, type MapReader } from "../map.js";
import type { LinkedPath } from "../path.js";

/** A schema and where it sits; `property` when it is the value of a "properties" map. */
export interface Subschema extends LinkedPath {
  readonly schema: MapLike;
  readonly property: boolean;
}

/** How each keyword holds subschemas: one schema, a list of them, or a map of names to them. */
const HOLDS: ReadonlyMap<string, "one" | "list" | "named"> = new Map([
  ...["not", "if", "then", "else", "contains", "propertyNames", "additionalItems", "unevaluatedItems", "unevaluatedProperties", "contentSchema"].map((k) => [k, "one"] as const),
  ...["allOf", "anyOf", "oneOf", "prefixItems"].map((k) => [k, "list"] as const),
  ...["$defs", "definitions", "patternProperties", "dependentSchemas", "dependencies"].map((k) => [k, "named"] as const),
  ["properties", "named"],
  // One schema, or (items) a list of them; the key-set walk walks them from a walked schema when they are maps.
  ["items", "list"],
  ["additionalProperties", "one"],
]);

/**
 * The subschemas below `walked` (the key-set walk's schemas) and `root` (a plain tool's
 * inputSchema, which the walk does not visit), each once: first the walked ones in their
 * order, then the rest in the order found.
 */
export function subschemas(walked: readonly WalkedSchema[], read: MapReader, root: Subschema | null = null): Subschema[] {
  const out: Subschema[] = [];
  const seen: Set<object> | null = read.plainData ? null : new Set();
  const keys = read.plainData ? read.keys : sortedStringKeys;
  // "walked": the key-set walk visited it and what it walks from it; "root": a plain tool's
  // inputSchema, whose "properties" the walk visited; "off": everything else.
  const stack: { node: Subschema; kind: "walked" | "root" | "off" }[] = [];
  const onSurface = (node: Subschema): void => {
    out.push(node);
    seen?.add(node.schema);
  };
  if (root !== null) onSurface(root);
  for (const w of walked) onSurface({ parent: w.parent, segment: w.segment, schema: w.schema, property: w.parent?.segment === "properties" });
  for (let i = out.length - 1; i >= 0; i--) stack.push({ node: out[i] as Subschema, kind: i === 0 && root !== null ? "root" : "walked" });
  const enter = (schema: unknown, parent: LinkedPath, segment: string | number, property: boolean): void => {
    if (!read.isMap(schema) || seen?.has(schema) === true) return;
    seen?.add(schema);
    const node: Subschema = { parent, segment, schema, property };
    out.push(node);
    stack.push({ node, kind: "off" });
  };
  while (stack.length > 0) {
    const { node, kind } = stack.pop() as { node: Subschema; kind: "walked" | "root" | "off" };
    const { schema } = node;
    for (const key of keys(schema)) {
      const holds = HOLDS.get(key);
      if (holds === undefined) continue;
      const value = read.get(schema, key);
      if (key === "properties" ? kind !== "off" : kind === "walked" && (key === "items" || key === "additionalProperties") && read.isMap(value)) continue;
      if (holds === "named") {
        if (!read.isMap(value)) continue;
        const at: LinkedPath = { parent: node, segment: key };
        for (const name of keys(value)) enter(read.get(value, name), at, name, key === "properties");
      } else if (holds === "list" && isList(value)) {
        const at: LinkedPath = { parent: node, segment: key };
        value.forEach((entry, i) => enter(entry, at, i, false));
      } else if (holds === "one" || key === "items") {
        enter(value, node, key, false);
      }
    }
  }
  return out;
}
