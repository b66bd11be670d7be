// Rebuilds a module's recorded values (wire.ts) in our own process, as objects that answer
// every operation the chain performs exactly as the module's objects answered it in the
// module process: same keys in the same order, same prototypes as isMap sees them, getters
// and Proxy traps that replay what was read (or throw what was thrown), the same identity
// for shared and cyclic references. Only our code and our built-ins run here.

import type { WireNode, WireOutcome, WireProperty, WireProto, WireValue } from "./wire.js";

// Another realm's Object.prototype as isMap recognizes it: null prototype, owns hasOwnProperty.
const FOREIGN_ROOT: object = Object.create(null, { hasOwnProperty: { value: Object.prototype.hasOwnProperty } });

function prototypeFor(kind: WireProto): object | null {
  if (kind === "o") return Object.prototype;
  if (kind === "n") return null;
  if (kind === "r") return FOREIGN_ROOT;
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

  function defineProperties(target: object, properties: readonly WireProperty[]): void {
    for (const [key, enumerable, kind, data] of properties) {
      const k = value(key) as PropertyKey;
      if (kind === "d") Object.defineProperty(target, k, { value: value(data as WireValue), enumerable: enumerable === 1, writable: true, configurable: true });
      else {
        const outcome = data as WireOutcome;
        Object.defineProperty(target, k, { get: () => replay(outcome), enumerable: enumerable === 1, configurable: true });
      }
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
        built[i] = function () {};
        break;
      case "obj":
        built[i] = Object.create(prototypeFor(node[1]));
        break;
      case "arr":
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
      case "obj":
      case "arr":
        defineProperties(shell, node[2]);
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
    const target: object = recorded.isArray === 1 ? new Array(recorded.length) : recorded.callable === 1 ? function () {} : {};
    const byKey = new Map<unknown, (typeof recorded.properties)[number]>();
    const reads = new Map<unknown, WireOutcome>(recorded.reads);
    const properties = (): void => {
      if (byKey.size === 0) for (const p of recorded.properties) byKey.set(value(p[0]), p);
    };
    return new Proxy(target, {
      getPrototypeOf: () => {
        const proto = recorded.proto;
        if (proto === null) return Object.prototype;
        if (proto[0] === "throw") throw value(proto[1]);
        return prototypeFor(proto[1]);
      },
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
        return read === undefined ? undefined : replay(read);
      },
      has: (_t, key) => {
        properties();
        return byKey.has(key);
      },
    });
  }

  return { value, replay };
}
