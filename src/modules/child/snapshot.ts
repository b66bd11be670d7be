// Records a module's values as data (the format of wire.ts), inside the module process. Every
// built-in it uses is captured when this file is evaluated, before any module is imported, so
// a module that patches Object.keys, Array.prototype.push or JSON cannot change what is
// recorded; the text is written by string concatenation, which calls nothing patchable.
// Each operation the chain may perform on a value is performed once here and its answer (or
// what it threw) recorded; rebuild.ts replays those answers in our own process.

import { types } from "node:util";
import type { JsonText } from "../protocol.js";
import { THROWN_READS, type WireNode, type WireOutcome, type WireProto, type WireResult, type WireSyntaxError, type WireValue } from "../wire.js";

const ReflectApply = Reflect.apply;
const ReflectOwnKeys = Reflect.ownKeys;
const ReflectGetOwnPropertyDescriptor = Reflect.getOwnPropertyDescriptor;
const ReflectGetPrototypeOf = Reflect.getPrototypeOf;
const ReflectGet = Reflect.get;
const ArrayIsArray = Array.isArray;
const ObjectPrototype = Object.prototype;
const ErrorPrototype = Error.prototype;
const ArrayPrototype = Array.prototype;
const objectHasOwnProperty = Object.prototype.hasOwnProperty;
const MapConstructor = Map;
const MapGet = Map.prototype.get;
const MapSet = Map.prototype.set;
const MapDelete = Map.prototype.delete;
const MapEntries = Map.prototype.entries;
const MapIteratorNext = (ReflectGetPrototypeOf(new Map().entries()) as { next: unknown }).next as (this: Iterator<unknown>) => IteratorResult<[unknown, unknown]>;
// biome-ignore lint/style/noNonNullAssertion: Symbol.prototype.description is a getter in every Node this runs on.
const symbolDescription = ReflectGetOwnPropertyDescriptor(Symbol.prototype, "description")!.get as (this: symbol) => string | undefined;
const stringify = JSON.stringify;
const { isProxy, isMap, isPromise, isNativeError } = types;

function own(object: object, key: PropertyKey): boolean {
  return ReflectApply(objectHasOwnProperty, object, [key]) as boolean;
}

/** A string as JSON: stringify of a primitive string consults no prototype. */
function text(s: string): string {
  return stringify(s);
}

function number(n: number): string {
  if (n !== n) return '["n","NaN"]';
  if (n === Infinity) return '["n","Infinity"]';
  if (n === -Infinity) return '["n","-Infinity"]';
  if (n === 0 && 1 / n < 0) return '["n","-0"]';
  return `${n}`;
}

function protoKind(proto: object | null): WireProto {
  if (proto === ObjectPrototype) return "o";
  if (proto === null) return "n";
  if (proto === ArrayPrototype) return "a";
  try {
    // Object.prototype of another realm: the one object whose prototype is null and which owns hasOwnProperty.
    if (ReflectGetPrototypeOf(proto) === null && own(proto, "hasOwnProperty")) return "r";
    for (let p: object | null = proto; p !== null; p = ReflectGetPrototypeOf(p)) if (p === ErrorPrototype) return "e";
  } catch {
    // A Proxy as a prototype: not a plain object's.
  }
  return "x";
}

function isErrorInstance(value: object): boolean {
  for (let proto = ReflectGetPrototypeOf(value); proto !== null; proto = ReflectGetPrototypeOf(proto)) if (proto === ErrorPrototype) return true;
  return false;
}

/** Records values into a node table; `nodes()` is the table's JSON text. */
export interface Recorder {
  /** The JSON text of a value, recording the objects it reaches. `thrown` values also record what a message reads of them. */
  value(value: unknown, thrown?: boolean): JsonText<WireValue>;
  /** What an operation gave, as an outcome's JSON text. */
  outcome(ok: boolean, value: unknown, thrown?: boolean): JsonText<WireOutcome>;
  /** The node table as JSON text (call once, after every value). */
  nodes(): JsonText<readonly WireNode[]>;
}

export function createRecorder(): Recorder {
  const ids = new MapConstructor<unknown, number>();
  const thrownIds = new MapConstructor<number, true>();
  // Values whose nodes are still to be written, in id order: a Map, through captured methods,
  // so no setter of a patched prototype can intercept it.
  const pending = new MapConstructor<number, unknown>();
  let count = 0;
  let next = 0;
  let out = "";

  function ref(value: unknown, thrown: boolean): string {
    let id = ReflectApply(MapGet, ids, [value]) as number | undefined;
    if (id === undefined) {
      id = count++;
      ReflectApply(MapSet, ids, [value, id]);
      ReflectApply(MapSet, pending, [id, value]);
    }
    if (thrown) ReflectApply(MapSet, thrownIds, [id, true]);
    return `["r",${id}]`;
  }

  function value(v: unknown, thrown = false): string {
    switch (typeof v) {
      case "string":
        return text(v);
      case "number":
        return number(v);
      case "boolean":
        return v ? "true" : "false";
      case "undefined":
        return '["u"]';
      case "bigint":
        return `["b","${v}"]`;
      default:
        return v === null ? "null" : ref(v, thrown);
    }
  }

  function outcome(ok: boolean, v: unknown, thrown = false): string {
    return ok ? `["ok",${value(v, thrown)}]` : `["throw",${value(v, true)}]`;
  }

  function read(object: object, key: PropertyKey, receiver: unknown = object): string {
    try {
      return outcome(true, ReflectGet(object, key, receiver));
    } catch (error) {
      return outcome(false, error);
    }
  }

  function accessor(object: object, descriptor: PropertyDescriptor): string {
    const getter = own(descriptor, "get") ? descriptor.get : undefined;
    try {
      return outcome(true, getter === undefined ? undefined : ReflectApply(getter, object, []));
    } catch (error) {
      return outcome(false, error);
    }
  }

  /** Own properties of an ordinary object (no Proxy: nothing here runs module code but getters). */
  function properties(object: object): string {
    let list = "";
    const keys = ReflectOwnKeys(object);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as PropertyKey;
      const descriptor = ReflectGetOwnPropertyDescriptor(object, key);
      if (descriptor === undefined) continue;
      const enumerable = descriptor.enumerable === true ? 1 : 0;
      const data = own(descriptor, "value");
      if (data && enumerable === 1 && typeof key === "string") list += `,${text(key)},${value(descriptor.value)}`;
      else if (data) list += `,["~",${value(key)},${enumerable},"d",${value(descriptor.value)}]`;
      else list += `,["~",${value(key)},${enumerable},"g",${accessor(object, descriptor)}]`;
    }
    return list;
  }

  function elements(list: unknown[], length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) {
      const descriptor = ReflectGetOwnPropertyDescriptor(list, `${i}`);
      if (descriptor === undefined) out += ',["~h"]';
      else if (own(descriptor, "value")) out += `,${value(descriptor.value)}`;
      else out += `,["~g",${accessor(list, descriptor)}]`;
    }
    return out;
  }

  function instanceReads(object: object, id: number): string {
    if (ReflectApply(MapGet, thrownIds, [id]) !== true) return "[]";
    let list = "";
    for (let i = 0; i < THROWN_READS.length; i++) list += `${i === 0 ? "" : ","}[${text(THROWN_READS[i] as string)},${read(object, THROWN_READS[i] as string)}]`;
    return `[${list}]`;
  }

  function proxy(p: object, id: number): string {
    const callable = typeof p === "function" ? 1 : 0;
    let isArray: string;
    try {
      isArray = ArrayIsArray(p) ? "1" : "0";
    } catch {
      return `["px",{"callable":${callable},"isArray":"revoked","length":0,"proto":null,"keys":null,"properties":[],"reads":[]}]`;
    }
    let proto: string;
    try {
      proto = `["ok","${protoKind(ReflectGetPrototypeOf(p))}"]`;
    } catch (error) {
      proto = outcome(false, error);
    }
    let length = 0;
    if (isArray === "1") {
      try {
        const l = ReflectGet(p, "length");
        length = typeof l === "number" && l >= 0 && l <= 2 ** 32 - 1 ? l : 0;
      } catch {
        length = 0;
      }
    }
    let keys: string;
    let props = "";
    try {
      const list = ReflectOwnKeys(p);
      let keyText = "";
      for (let i = 0; i < list.length; i++) {
        const key = list[i] as PropertyKey;
        keyText += `${i === 0 ? "" : ","}${value(key)}`;
        let descriptor: string;
        let answer = "null";
        try {
          const d = ReflectGetOwnPropertyDescriptor(p, key);
          descriptor = d === undefined ? '["ok",null]' : `["ok",${d.enumerable === true ? 1 : 0}]`;
          if (d !== undefined) answer = read(p, key);
        } catch (error) {
          descriptor = outcome(false, error);
        }
        props += `${i === 0 ? "" : ","}[${value(key)},${descriptor},${answer}]`;
      }
      keys = `["ok",[${keyText}]]`;
    } catch (error) {
      keys = outcome(false, error);
    }
    return `["px",{"callable":${callable},"isArray":${isArray},"length":${length},"proto":${proto},"keys":${keys},"properties":[${props}],"reads":${instanceReads(p, id)}}]`;
  }

  function node(v: unknown, id: number): string {
    if (typeof v === "symbol") {
      const description = ReflectApply(symbolDescription, v, []) as string | undefined;
      return `["sym",${description === undefined ? "null" : text(description)}]`;
    }
    const object = v as object;
    if (isProxy(object)) return proxy(object, id);
    if (typeof object === "function") return '["fn"]';
    if (ArrayIsArray(object)) {
      const length = (object as unknown[]).length;
      return `["a",${length}${elements(object as unknown[], length)}]`;
    }
    if (isMap(object)) {
      let entries = "";
      const iterator = ReflectApply(MapEntries, object, []) as Iterator<[unknown, unknown]>;
      for (let step = ReflectApply(MapIteratorNext, iterator, []); step.done !== true; step = ReflectApply(MapIteratorNext, iterator, [])) {
        const entry = step.value as [unknown, unknown];
        entries += `${entries === "" ? "" : ","}${value(entry[0])},${value(entry[1])}`;
      }
      return `["map",[${entries}]]`;
    }
    const kind = protoKind(ReflectGetPrototypeOf(object));
    if (kind === "o" || kind === "n" || kind === "r") return `["${kind === "o" ? "o" : kind === "n" ? "N" : "R"}"${properties(object)}]`;
    const flags = `"promise":${isPromise(object) ? 1 : 0},"nativeError":${isNativeError(object) ? 1 : 0},"errorInstance":${isErrorInstance(object) ? 1 : 0}`;
    return `["x",{${flags},"reads":${instanceReads(object, id)}}]`;
  }

  function nodes(): string {
    // Values recorded while writing a node get the next ids: the loop runs until none is pending.
    while (next < count) {
      const id = next++;
      const v = ReflectApply(MapGet, pending, [id]);
      ReflectApply(MapDelete, pending, [id]);
      out += `${id === 0 ? "" : ","}${node(v, id)}`;
    }
    return `[${out}]`;
  }

  // The texts written above are what the brands say: value, outcome, node table.
  return { value, outcome, nodes } as Recorder;
}

type Nodes = JsonText<readonly WireNode[]>;

/** The JSON text of each kind of WireResult (wire.ts), from texts a recorder wrote. */
export const resultText = {
  noTool: (): JsonText<WireResult> => '{"kind":"no-tool"}' as JsonText<WireResult>,
  toolList: (length: number | null): JsonText<WireResult> => `{"kind":"tool-list","length":${length === null ? "null" : length}}` as JsonText<WireResult>,
  abortCalled: (): JsonText<WireResult> => '{"kind":"abort-called"}' as JsonText<WireResult>,
  exitCalled: (code: JsonText<WireValue> | null, nodes: Nodes): JsonText<WireResult> =>
    `{"kind":"exit-called","code":${code === null ? "null" : code},"nodes":${nodes}}` as JsonText<WireResult>,
  importThrew: (thrown: JsonText<WireValue>, nodes: Nodes, syntaxError: JsonText<WireSyntaxError> | null): JsonText<WireResult> =>
    `{"kind":"import-threw","thrown":${thrown},"nodes":${nodes}${syntaxError === null ? "" : `,"syntaxError":${syntaxError}`}}` as JsonText<WireResult>,
  readThrew: (thrown: JsonText<WireValue>, nodes: Nodes): JsonText<WireResult> => `{"kind":"read-threw","thrown":${thrown},"nodes":${nodes}}` as JsonText<WireResult>,
  tool(reads: readonly JsonText<WireOutcome>[], call: JsonText<WireOutcome> | null, nodes: Nodes): JsonText<WireResult> {
    let list = "";
    for (let i = 0; i < reads.length; i++) list += `${i === 0 ? "" : ","}${reads[i]}`;
    return `{"kind":"tool","reads":[${list}],"call":${call === null ? "null" : call},"nodes":${nodes}}` as JsonText<WireResult>;
  },
};
