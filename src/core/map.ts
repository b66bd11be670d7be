// What a map is (SPEC section 2) and prototype-safe access to its keys. A map is a plain
// object (prototype Object.prototype of any realm, or null) or a Map; its keys are its own
// enumerable string and symbol keys. User maps are never read through `in` or inherited
// properties, so keys like "__proto__" or "toString" are just keys.

import { types } from "node:util";
import { compareStrings } from "./path.js";

export type MapLike = { readonly [key: string | symbol]: unknown } | ReadonlyMap<unknown, unknown>;

export function isMap(value: unknown): value is MapLike {
  if (typeof value !== "object" || value === null) return false;
  if (types.isMap(value)) return true;
  if (Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  // Object.prototype of this or another realm: the one object whose own prototype is null
  // and whose toString tag is the ordinary one.
  return proto === null || proto === Object.prototype || isRootPrototype(proto);
}

function isRootPrototype(proto: object): boolean {
  return Object.getPrototypeOf(proto) === null && Object.prototype.hasOwnProperty.call(proto, "hasOwnProperty");
}

export function isList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}

const propertyIsEnumerable = Object.prototype.propertyIsEnumerable;

/** The map's own enumerable keys, strings and symbols (and any key of a Map), in order. */
export function mapKeys(map: MapLike): unknown[] {
  if (types.isMap(map)) return [...(map as ReadonlyMap<unknown, unknown>).keys()];
  const keys: unknown[] = Object.keys(map);
  const symbols = Object.getOwnPropertySymbols(map);
  for (const s of symbols) if (propertyIsEnumerable.call(map, s)) keys.push(s);
  return keys;
}

/**
 * The map's keys, non-string ones first, then its string keys in code-unit order: for the
 * walks, so what they report (where a shared map is met first, which edge closes a cycle)
 * never depends on the order of the input's keys.
 */
export function sortedKeys(map: MapLike): unknown[] {
  const keys = mapKeys(map);
  const strings = keys.filter((k): k is string => typeof k === "string").sort(compareStrings);
  return [...keys.filter((k) => typeof k !== "string"), ...strings];
}

/** Whether the map holds `key` as its own key. */
export function mapHas(map: MapLike, key: unknown): boolean {
  if (types.isMap(map)) return (map as ReadonlyMap<unknown, unknown>).has(key);
  return (typeof key === "string" || typeof key === "symbol") && Object.hasOwn(map, key);
}

/** The value at an own key, undefined when absent (never an inherited property). */
export function mapGet(map: MapLike, key: unknown): unknown {
  if (types.isMap(map)) return (map as ReadonlyMap<unknown, unknown>).get(key);
  if ((typeof key === "string" || typeof key === "symbol") && Object.hasOwn(map, key)) {
    return (map as { readonly [k: string | symbol]: unknown })[key];
  }
  return undefined;
}
