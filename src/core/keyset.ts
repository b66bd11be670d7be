// The key-set walk (SPEC section 4): validation reaches exactly what the product
// interprets. From `properties` it visits each property schema and, inside any visited
// schema, its "properties", a single-schema "items" and a schema "additionalProperties",
// holding every visited map to the shape the closure is read from. Iterative, so nesting
// of any depth cannot overflow the stack; an object met again while it is still being
// walked is a `cycle`, and one met again after (a shared subschema) is walked only once
// per role (as a "properties" map, as a schema: the two are held to different shapes).
// Keys are walked in code-unit order, so where a shared map is reported, and which edge
// of a cycle is, never depends on the input's key order.

import { wrongKeyType, wrongType } from "./drafts.js";
import { inspectString } from "./escape.js";
import { renderLocation } from "./location.js";
import { isList, isMap, mapGet, sortedKeys, type MapLike } from "./map.js";
import type { Draft } from "./offence.js";
import { materialize, type PathNode } from "./path.js";

/** A path as a linked list, so deep walks share prefixes instead of copying arrays. */

type Kind = "properties" | "schema";

interface Visit {
  readonly kind: Kind;
  readonly map: MapLike;
  readonly at: PathNode;
  readonly leaving: boolean;
}

const SCHEMA_FIX = `Write a schema map, e.g. {"type": "string"}; write {} for one that accepts anything.`;

/** Drafts for the `properties` map of an action schema and everything the walk reaches below it. */
export function propertiesDrafts(properties: MapLike): Draft[] {
  const drafts: Draft[] = [];
  const walking = new Set<object>();
  const walked: { readonly [K in Kind]: Set<object> } = { properties: new Set(), schema: new Set() };
  const stack: Visit[] = [];

  // Queue `child` (found under `key` of the map at `at`) unless it closes a cycle or was walked.
  const enter = (kind: Kind, child: MapLike, at: PathNode, key: string): void => {
    if (walking.has(child)) {
      const path = materialize(at);
      drafts.push({
        code: "cycle",
        path,
        target: { path: [...path, key], part: "value" },
        message: `${inspectString(key)} at ${renderLocation(path) || "the action schema"} refers back to a map that encloses it`,
        fix: "Make the declaration a tree: copy the shared schema instead of referring back to an enclosing one.",
      });
      return;
    }
    if (walked[kind].has(child)) return;
    stack.push({ kind, map: child, at: { parent: at, segment: key }, leaving: false });
  };

  const root: PathNode = { parent: null, segment: "properties" };
  walking.add(properties);
  walked.properties.add(properties);
  stack.push({ kind: "properties", map: properties, at: root, leaving: true });
  visitProperties(properties, root);

  // Keys in reverse, so the stack pops the children in code-unit order.
  function visitProperties(map: MapLike, at: PathNode): void {
    for (const key of sortedKeys(map).reverse()) {
      if (typeof key !== "string") {
        drafts.push(wrongKeyType(materialize(at), key, "a property name"));
        continue;
      }
      const schema = mapGet(map, key);
      if (isMap(schema)) {
        enter("schema", schema, at, key);
      } else {
        const path = materialize(at);
        drafts.push(wrongType(path, [...path, key], `property schema ${inspectString(key)}`, "a map", schema, SCHEMA_FIX));
      }
    }
  }

  function visitSchema(map: MapLike, at: PathNode): void {
    for (const key of sortedKeys(map).reverse()) {
      if (typeof key !== "string") {
        drafts.push(wrongKeyType(materialize(at), key, "a schema key"));
        continue;
      }
      if (key !== "properties" && key !== "items" && key !== "additionalProperties") continue;
      const value = mapGet(map, key);
      if (key === "properties") {
        if (isMap(value)) enter("properties", value, at, key);
        else drafts.push(schemaKeyWrongType(at, key, "a map of property names to schemas", value, `Write "properties" as a map, e.g. {"name": {"type": "string"}}.`));
      } else if (key === "items") {
        if (isMap(value)) enter("schema", value, at, key);
        else if (!isList(value)) drafts.push(schemaKeyWrongType(at, key, "a schema map (or a list, for tuples)", value, `Write "items" as a schema, e.g. {"type": "string"}.`));
      } else if (isMap(value)) {
        enter("schema", value, at, key);
      } else if (typeof value !== "boolean") {
        drafts.push(schemaKeyWrongType(at, key, "a boolean or a schema map", value, `Write "additionalProperties" as true, false, or a schema such as {"type": "string"}.`));
      }
    }
  }

  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    if (visit.leaving) {
      walking.delete(visit.map);
      continue;
    }
    if (walked[visit.kind].has(visit.map)) continue;
    walking.add(visit.map);
    walked[visit.kind].add(visit.map);
    stack.push({ ...visit, leaving: true });
    if (visit.kind === "properties") visitProperties(visit.map, visit.at);
    else visitSchema(visit.map, visit.at);
  }
  return drafts;
}

function schemaKeyWrongType(at: PathNode, key: string, expected: string, value: unknown, fix: string): Draft {
  const path = materialize(at);
  return wrongType(path, [...path, key], inspectString(key), expected, value, fix);
}
