// The key-set walk (SPEC section 4): validation reaches exactly what the product
// interprets. From `properties` it visits each property schema and, inside any visited
// schema, its "properties", a single-schema "items" and a schema "additionalProperties",
// holding every visited map to the shape the closure is read from. Iterative, so nesting
// of any depth cannot overflow the stack; an object met again while it is still being
// walked is a `cycle`, and one met again after (a shared subschema) is walked only once
// per role (as a "properties" map, as a schema: the two are held to different shapes).
// Where sharing or a cycle is met, keys are walked in code-unit order, so where a shared
// map is reported, and which edge of a cycle is, never depends on the input's key order.

import { wrongKeyType, wrongType } from "./drafts.js";
import { inspectString } from "./escape.js";
import { renderLocation } from "./location.js";
import { isList, isMap, mapGet, mapHas, nonStringKeys, sortedStringKeys, stringKeys, type MapLike } from "./map.js";
import type { Draft } from "./offence.js";
import { materialize, type PathNode } from "./path.js";

type Kind = "properties" | "schema";

interface Visit {
  readonly kind: Kind;
  readonly map: MapLike;
  readonly at: PathNode;
  /** Set once the map's children are queued: popping it again means leaving the map. */
  leaving: boolean;
}

type KeyOrder = (map: MapLike) => string[];

const SCHEMA_FIX = `Write a schema map, e.g. {"type": "string"}; write {} for one that accepts anything.`;

/** The keywords the walk reads in a schema, in code-unit order. */
const WALKED_KEYWORDS = ["additionalProperties", "items", "properties"] as const;

/**
 * Drafts for the `properties` map of an action schema and everything the walk reaches
 * below it. Parsed input is a tree of plain objects: one walk, no bookkeeping. Other
 * input is walked once in its key order with cycle and sharing bookkeeping; only when a
 * map is met twice does where it is reported depend on that order, and the walk is redone
 * in code-unit order.
 */
export function propertiesDrafts(properties: MapLike, parsed: boolean): Draft[] {
  if (parsed) return walk(properties, stringKeys, false).drafts;
  const first = walk(properties, stringKeys, true);
  return first.revisited ? walk(properties, sortedStringKeys, true).drafts : first.drafts;
}

/** One walk; `general` input (a module's objects) may share maps, form cycles and hold symbol keys. */
function walk(properties: MapLike, keysOf: KeyOrder, general: boolean): { drafts: Draft[]; revisited: boolean } {
  const drafts: Draft[] = [];
  const walking = new Set<object>();
  const walked: { readonly [K in Kind]: Set<object> } = { properties: new Set(), schema: new Set() };
  const stack: Visit[] = [];
  let revisited = false;

  // Queue `child` (found under `key` of the map at `at`) unless it closes a cycle or was walked.
  const enter = (kind: Kind, child: MapLike, at: PathNode, key: string): void => {
    if (!general) {
      stack.push({ kind, map: child, at: { parent: at, segment: key }, leaving: false });
      return;
    }
    if (walking.has(child)) {
      revisited = true;
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
    if (walked[kind].has(child)) {
      revisited = true;
      return;
    }
    stack.push({ kind, map: child, at: { parent: at, segment: key }, leaving: false });
  };

  // Children are queued last key first, so the stack hands them out in key order.
  const visitProperties = (map: MapLike, at: PathNode): void => {
    if (general) for (const key of nonStringKeys(map)) drafts.push(wrongKeyType(materialize(at), key, "a property name"));
    const keys = keysOf(map);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      const schema = mapGet(map, key);
      if (isMap(schema)) {
        enter("schema", schema, at, key);
      } else {
        const path = materialize(at);
        drafts.push(wrongType(path, [...path, key], `property schema ${inspectString(key)}`, "a map", schema, SCHEMA_FIX));
      }
    }
  };

  const visitSchema = (map: MapLike, at: PathNode): void => {
    if (general) for (const key of nonStringKeys(map)) drafts.push(wrongKeyType(materialize(at), key, "a schema key"));
    for (let i = WALKED_KEYWORDS.length - 1; i >= 0; i--) {
      const key = WALKED_KEYWORDS[i] as (typeof WALKED_KEYWORDS)[number];
      if (!mapHas(map, key)) continue;
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
  };

  stack.push({ kind: "properties", map: properties, at: { parent: null, segment: "properties" }, leaving: false });
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    if (general) {
      if (visit.leaving) {
        walking.delete(visit.map);
        continue;
      }
      if (walked[visit.kind].has(visit.map)) {
        revisited = true;
        continue;
      }
      walking.add(visit.map);
      walked[visit.kind].add(visit.map);
      visit.leaving = true;
      stack.push(visit);
    }
    if (visit.kind === "properties") visitProperties(visit.map, visit.at);
    else visitSchema(visit.map, visit.at);
  }
  return { drafts, revisited };
}

function schemaKeyWrongType(at: PathNode, key: string, expected: string, value: unknown, fix: string): Draft {
  const path = materialize(at);
  return wrongType(path, [...path, key], inspectString(key), expected, value, fix);
}
