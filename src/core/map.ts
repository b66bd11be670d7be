// What a map is (docs/inputs.md) and prototype-safe access to its keys. A map is a plain
// object (prototype Object.prototype of any realm, or null) or a Map; its keys are its own
// enumerable string and symbol keys. User maps are never read through `in` or inherited
// properties, so keys like "__proto__" or "toString" are just keys.

import { types } from "node:util";
import { compareStrings } from "./path.js";

export type MapLike = { readonly [key: string | symbol]: unknown } | ReadonlyMap<unknown, unknown>;

export function isMap(value: unknown): value is MapLike {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  // The common case first: a plain object (Array.isArray also sees through a Proxy).
  if (proto === Object.prototype || proto === null) return !Array.isArray(value);
  if (types.isMap(value)) return true;
  // Object.prototype of another realm: the one object whose own prototype is null and
  // which owns hasOwnProperty.
  return !Array.isArray(value) && isRootPrototype(proto);
}

/** A Map (of any realm), as opposed to a plain object; cheap for plain objects. */
function isMapInstance(map: MapLike): map is ReadonlyMap<unknown, unknown> {
  const proto = Object.getPrototypeOf(map);
  return proto !== Object.prototype && proto !== null && types.isMap(map);
}

function isRootPrototype(proto: object): boolean {
  return Object.getPrototypeOf(proto) === null && Object.hasOwn(proto, "hasOwnProperty");
}

export function isList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}

const isEnumerable = Object.prototype.propertyIsEnumerable;

/** The map's own enumerable keys, strings and symbols (and any key of a Map), in order. */
export function mapKeys(map: MapLike): unknown[] {
  if (isMapInstance(map)) return [...map.keys()];
  const keys: unknown[] = Object.keys(map);
  const symbols = Object.getOwnPropertySymbols(map);
  for (const s of symbols) if (isEnumerable.call(map, s)) keys.push(s);
  return keys;
}

/** The map's string keys, in order: what the walks iterate on their fast path. */
export function stringKeys(map: MapLike): string[] {
  if (!isMapInstance(map)) return Object.keys(map);
  const keys: string[] = [];
  for (const key of map.keys()) if (typeof key === "string") keys.push(key);
  return keys;
}

/** The map's keys that are not strings (enumerable own symbols; any other key of a Map). */
export function nonStringKeys(map: MapLike): unknown[] {
  if (isMapInstance(map)) return [...map.keys()].filter((k) => typeof k !== "string");
  const symbols = Object.getOwnPropertySymbols(map);
  return symbols.length === 0 ? symbols : symbols.filter((s) => isEnumerable.call(map, s));
}

/** The map's string keys in code-unit order, so a walk's visiting order is the input's no more. */
export function sortedStringKeys(map: MapLike): string[] {
  return stringKeys(map).sort(compareStrings);
}

/** Whether the map holds `key` as its own key. */
export function mapHas(map: MapLike, key: unknown): boolean {
  if (isMapInstance(map)) return map.has(key);
  return (typeof key === "string" || typeof key === "symbol") && Object.hasOwn(map, key);
}

/** The value at an own key, undefined when absent (never an inherited property). */
export function mapGet(map: MapLike, key: unknown): unknown {
  if (isMapInstance(map)) return map.get(key);
  if ((typeof key === "string" || typeof key === "symbol") && Object.hasOwn(map, key)) {
    return (map as { readonly [k: string | symbol]: unknown })[key];
  }
  return undefined;
}

/**
 * How the chain reads maps, and what it may assume of them. ANY_MAP reads whatever a module
 * may build (Maps, symbols, null-prototype objects, shared maps, cycles); PLAIN_DATA reads
 * what JSON.parse or parseJson5 returned, with none of the checks that needs.
 */
export interface MapReader {
  /**
   * The maps are plain JSON data: a tree of plain objects and lists with string keys only,
   * so no cycles, no symbols and no sharing (no map is reached twice). The walks then skip
   * the bookkeeping that notices those.
   */
  readonly plainData: boolean;
  readonly isMap: (value: unknown) => value is MapLike;
  readonly keys: (map: MapLike) => string[];
  readonly nonStringKeys: (map: MapLike) => readonly unknown[];
  readonly has: (map: MapLike, key: string) => boolean;
  /** The value at an own key; undefined when absent. */
  readonly get: (map: MapLike, key: string) => unknown;
}

export const ANY_MAP: MapReader = { plainData: false, isMap, keys: stringKeys, nonStringKeys, has: mapHas, get: mapGet };

const NO_KEYS: readonly unknown[] = Object.freeze([]);
type PlainObject = { readonly [key: string]: unknown };

/** The reader for plain JSON data (what JSON.parse or parseJson5 returned). */
export const PLAIN_DATA: MapReader = {
  plainData: true,
  isMap: (value): value is MapLike => typeof value === "object" && value !== null && !Array.isArray(value),
  keys: (map) => Object.keys(map),
  nonStringKeys: () => NO_KEYS,
  has: (map, key) => Object.hasOwn(map, key),
  get: (map, key) => (Object.hasOwn(map, key) ? (map as PlainObject)[key] : undefined),
};
