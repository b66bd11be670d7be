// Rebuilds a module's recorded values (wire.ts) in our own process, as objects that answer
// every operation the chain performs exactly as the module's objects answered it in the
// module process: same keys in the same order, same prototypes as isMap sees them, getters
// and Proxy traps that replay what was read (or throw what was thrown), the same identity
// for shared and cyclic references. Only our code and our built-ins run here.

import type { WireElement, WireNode, WireOutcome, WireProperty, WireProto, WireValue } from "./wire.js";

// Another realm's Object.prototype as isMap recognizes it: null prototype, owns hasOwnProperty.
const FOREIGN_ROOT: object = Object.create(null, { hasOwnProperty: { value: Object.prototype.hasOwnProperty } });

function prototypeFor(kind: WireProto): object | null {
  if (kind === "o") return Object.prototype;
  if (kind === "n") return null;
  if (kind === "r") return FOREIGN_ROOT;
  if (kind === "a") return Array.prototype;
  if (kind === "e") return Error.prototype;
  // Neither plain nor another realm's root, so not a map.
  return Object.create(null) as object;
}

function noop(): void {}

export interface Rebuilt {
  /** The value a wire value stands for. */
  value(wire: WireValue): unknown;
  /** Replays an outcome: returns its value or throws what was thrown. */
  replay(outcome: WireOutcome): unknown;
}

export function rebuild(nodes: readonly WireNode[]): Rebuilt {
  const built: unknown[] = new Array(nodes.length);

  function value(wire: WireValue): unknown {
    if (typeof wire !== "object" || wire === null) return wire;
    switch (wire[0]) {
      case "u":
        return undefined;
      case "n":
        return wire[1] === "-0" ? -0 : Number(wire[1]);
      case "b":
        return BigInt(wire[1]);
      case "r":
        return built[wire[1]];
    }
  }

  function replay(outcome: WireOutcome): unknown {
    const v = value(outcome[1]);
    if (outcome[0] === "throw") throw v;
    return v;
  }

  function defineProperty(target: object, [, key, enumerable, kind, data]: WireProperty): void {
    const k = value(key) as PropertyKey;
    if (kind === "d") Object.defineProperty(target, k, { value: value(data), enumerable: enumerable === 1, writable: true, configurable: true });
    else Object.defineProperty(target, k, { get: () => replay(data), enumerable: enumerable === 1, configurable: true });
  }

  function fillObject(target: Record<string, unknown>, node: readonly unknown[]): void {
    for (let i = 1; i < node.length; i++) {
      const item = node[i];
      if (typeof item !== "string") defineProperty(target, item as WireProperty);
      else if (item === "__proto__") Object.defineProperty(target, item, { value: value(node[++i] as WireValue), enumerable: true, writable: true, configurable: true });
      else target[item] = value(node[++i] as WireValue);
    }
  }

  function fillList(target: unknown[], node: readonly unknown[]): void {
    for (let i = 2; i < node.length; i++) {
      const element = node[i] as WireElement;
      if (Array.isArray(element) && element[0] === "~h") continue;
      if (Array.isArray(element) && element[0] === "~g") {
        const outcome = element[1] as WireOutcome;
        Object.defineProperty(target, i - 2, { get: () => replay(outcome), enumerable: true, configurable: true });
      } else target[i - 2] = value(element as WireValue);
    }
  }

  /** A prototype carrying the reads a message makes of a thrown value (name, message). */
  function readsPrototype(base: object | null, reads: readonly (readonly [string, WireOutcome])[]): object {
    const proto = Object.create(base) as object;
    for (const [key, outcome] of reads) Object.defineProperty(proto, key, { get: () => replay(outcome), configurable: true });
    return proto;
  }

  // First every shell, so references resolve whatever their order; then their contents.
  nodes.forEach((node, i) => {
    switch (node[0]) {
      case "sym":
        built[i] = node[1] === null ? Symbol() : Symbol(node[1]);
        break;
      case "fn":
        // biome-ignore lint/complexity/useArrowFunction: a plain function, as recorded: it has a prototype and can be constructed.
        built[i] = function () {};
        break;
      case "o":
        built[i] = {};
        break;
      case "N":
        built[i] = Object.create(null);
        break;
      case "R":
        built[i] = Object.create(FOREIGN_ROOT);
        break;
      case "a":
        built[i] = new Array(node[1]);
        break;
      case "map":
        built[i] = new Map();
        break;
      case "x": {
        const shell: object = node[1].nativeError === 1 ? new Error() : node[1].promise === 1 ? new Promise(noop) : {};
        if (node[1].nativeError === 1) delete (shell as { stack?: unknown }).stack;
        built[i] = shell;
        break;
      }
      case "px":
        built[i] = replayingProxy(node[1]);
        break;
    }
  });
  nodes.forEach((node, i) => {
    const shell = built[i] as object;
    switch (node[0]) {
      case "o":
      case "N":
      case "R":
        fillObject(shell as Record<string, unknown>, node);
        break;
      case "a":
        fillList(shell as unknown[], node);
        break;
      case "map":
        for (let k = 0; k < node[1].length; k += 2) (shell as Map<unknown, unknown>).set(value(node[1][k] as WireValue), value(node[1][k + 1] as WireValue));
        break;
      case "x":
        Object.setPrototypeOf(shell, readsPrototype(node[1].errorInstance === 1 ? Error.prototype : prototypeFor("x"), node[1].reads));
        break;
    }
  });

  function replayingProxy(recorded: Extract<WireNode, readonly ["px", unknown]>[1]): object {
    if (recorded.isArray === "revoked") {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }
    // biome-ignore lint/complexity/useArrowFunction: a callable target must be a plain function, constructible like the one recorded.
    const target: object = recorded.isArray === 1 ? new Array(recorded.length) : recorded.callable === 1 ? function () {} : {};
    const byKey = new Map<unknown, (typeof recorded.properties)[number]>();
    const reads = new Map<unknown, WireOutcome>(recorded.reads);
    const properties = (): void => {
      if (byKey.size === 0) for (const p of recorded.properties) byKey.set(value(p[0]), p);
    };
    let prototype: object | null | undefined;
    const getPrototypeOf = (): object | null => {
      const proto = recorded.proto;
      if (proto === null) return Object.prototype;
      if (proto[0] === "throw") throw value(proto[1]);
      // One object per Proxy, as the real one answered the same prototype each time.
      if (prototype === undefined) prototype = prototypeFor(proto[1]);
      return prototype;
    };
    return new Proxy(target, {
      getPrototypeOf,
      ownKeys: () => {
        const keys = recorded.keys;
        if (keys === null) return [];
        if (keys[0] === "throw") throw value(keys[1]);
        return keys[1].map((k) => value(k) as string | symbol);
      },
      getOwnPropertyDescriptor: (t, key) => {
        // An array's length is the target's own, non-configurable: answered by the target.
        if (Array.isArray(t) && key === "length") return Reflect.getOwnPropertyDescriptor(t, key);
        properties();
        const p = byKey.get(key);
        if (p === undefined) return undefined;
        const descriptor = p[1];
        if (descriptor[0] === "throw") throw value(descriptor[1]);
        if (descriptor[1] === null) return undefined;
        return { value: undefined, writable: true, enumerable: descriptor[1] === 1, configurable: true };
      },
      get: (t, key) => {
        if (Array.isArray(t) && key === "length") return recorded.length;
        properties();
        const p = byKey.get(key);
        if (p !== undefined && p[2] !== null) return replay(p[2]);
        const read = reads.get(key);
        if (read !== undefined) return replay(read);
        // Not an own key: the real Proxy's target answered from its prototypes (an array's methods, an Error's name).
        const proto = getPrototypeOf();
        return proto === null ? undefined : Reflect.get(proto, key);
      },
      has: (_t, key) => {
        properties();
        return byKey.has(key);
      },
    });
  }

  return { value, replay };
}
