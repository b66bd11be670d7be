// The defaults check (docs/checks.md): `defaults` is held to the closure the way the
// unknown-key gate holds a caller's data, so no default merged into data carries a key
// the gate would refuse. It reads a well-formed schema, so the chain runs it only when the
// shape pass found nothing. Iterative; every (data, schema) pair is checked once, and the
// descent follows the schema (a finite tree by then), so cyclic data cannot loop it.

import { closeMatch } from "./close-match.js";
import { keySegment } from "./drafts.js";
import { inspectKey } from "./escape.js";
import { inspectString } from "../text/escape.js";
import { isList, isMap, mapGet, mapHas, mapKeys, nonStringKeys, sortedStringKeys, stringKeys, type MapLike, type MapReader } from "./map.js";
import type { Draft } from "./offence.js";
import { renderLocation } from "./render-location.js";
import { materialize, type Path, type LinkedPath } from "./path.js";
import { CappedDrafts } from "./offence-cap.js";

/** What keys an object schema accepts, and which schema matches each (docs/checks.md). */
interface Closure {
  /** The declared keys and their schemas, when the schema has "properties". */
  readonly declared: MapLike | null;
  /** Open: any string key is accepted. */
  readonly open: boolean;
  /** The schema matching keys outside `declared`, for an "additionalProperties" schema. */
  readonly additional: MapLike | null;
}

export function closureOf(schema: MapLike): Closure {
  const properties = mapGet(schema, "properties");
  const declared = isMap(properties) ? properties : null;
  const additional = mapGet(schema, "additionalProperties");
  if (additional === true || isMap(additional)) {
    return { declared, open: true, additional: isMap(additional) ? additional : null };
  }
  if (declared !== null || additional === false) return { declared, open: false, additional: null };
  return { declared: null, open: true, additional: null };
}

interface Check {
  readonly data: unknown;
  readonly closure: Closure;
  /** Where the schema whose closure applies sits (null: the action schema itself). */
  readonly schemaAt: LinkedPath | null;
  readonly at: LinkedPath;
}

const MAX_LISTED = 8;

function listKeys(declared: MapLike | null): string {
  const keys = declared
    ? mapKeys(declared)
        .filter((k): k is string => typeof k === "string")
        .sort()
    : [];
  if (keys.length === 0) return "none";
  const shown = keys.slice(0, MAX_LISTED).map(inspectString).join(", ");
  return keys.length > MAX_LISTED ? `${shown}, …` : shown;
}

/**
 * Drafts for every default key the closure does not declare. Plain JSON data is a tree and
 * is checked once in the input's key order; only when a default object is met twice (shared
 * data, from a module) is the check redone in code-unit order, so where it is reported
 * never depends on key order.
 */
export function defaultsDrafts(actionSchema: MapLike, read: MapReader): Draft[] {
  const defaults = mapGet(actionSchema, "defaults");
  const properties = mapGet(actionSchema, "properties");
  if (!isMap(defaults) || !isMap(properties)) return [];
  const first = check(defaults, properties, stringKeys);
  return first.revisited && !read.plainData ? check(defaults, properties, sortedStringKeys).drafts : first.drafts;
}

function check(defaults: MapLike, properties: MapLike, keysOf: (map: MapLike) => string[]): { drafts: Draft[]; revisited: boolean } {
  // Deep defaults can hold an offence per level: past the cap they are counted (offence-cap.ts).
  const drafts = new CappedDrafts();
  const checked = new Map<object, Set<object>>();
  let revisited = false;
  const stack: Check[] = [{ data: defaults, closure: { declared: properties, open: false, additional: null }, schemaAt: null, at: { parent: null, segment: "defaults" } }];

  // Queue `data` to be checked against `schema`, following the schema's "items" into lists.
  const descend = (data: unknown, schema: MapLike, at: LinkedPath, schemaAt: LinkedPath): void => {
    if (typeof data !== "object" || data === null) return;
    let seen = checked.get(data);
    if (seen) revisited = true;
    if (seen?.has(schema)) return;
    if (!seen) checked.set(data, (seen = new Set()));
    seen.add(schema);
    if (isMap(data)) {
      stack.push({ data, closure: closureOf(schema), schemaAt, at });
    } else if (isList(data)) {
      const items = mapGet(schema, "items");
      if (!isMap(items)) return;
      data.forEach((element, i) => descend(element, items, { parent: at, segment: i }, { parent: schemaAt, segment: "items" }));
    }
  };

  while (stack.length > 0) {
    const { data, closure, schemaAt, at } = stack.pop() as Check;
    const declaredAt: LinkedPath = { parent: schemaAt, segment: "properties" };
    const map = data as MapLike;
    const where = (): string => renderLocation(materialize(declaredAt));
    for (const key of nonStringKeys(map)) drafts.add(() => undeclared(materialize(at), key, closure.declared, where()));
    for (const key of keysOf(map)) {
      const known = closure.declared !== null && mapHas(closure.declared, key);
      if (!known && !closure.open) {
        drafts.add(() => undeclared(materialize(at), key, closure.declared, where()));
        continue;
      }
      const childSchema = known ? mapGet(closure.declared as MapLike, key) : closure.additional;
      if (!isMap(childSchema)) continue;
      const childAt: LinkedPath = known ? { parent: declaredAt, segment: key } : { parent: schemaAt, segment: "additionalProperties" };
      descend(mapGet(map, key), childSchema, { parent: at, segment: key }, childAt);
    }
  }
  return { drafts: drafts.list(), revisited };
}

function undeclared(path: Path, key: unknown, declared: MapLike | null, where: string): Draft {
  const target = { path: [...path, keySegment(key)], part: "key" as const };
  if (typeof key !== "string") {
    return {
      code: "undeclared-default",
      path,
      target,
      message: `default key ${inspectKey(key)} is not a string, so no caller could send it`,
      fix: `Replace the key ${inspectKey(key)} with a declared property name.`,
    };
  }
  const names = declared ? mapKeys(declared).filter((k): k is string => typeof k === "string") : [];
  const match = closeMatch(key, names);
  return {
    code: "undeclared-default",
    path,
    target,
    message: `default key ${inspectString(key)} is not declared in ${where} (declared: ${listKeys(declared)})`,
    fix: match ? `Rename it to ${inspectString(match)}, or remove it from the default.` : `Remove ${inspectString(key)} from the default, or declare it in ${where}.`,
  };
}
