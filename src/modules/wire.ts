// The declaration as data: what a module process sends back (snapshot.ts writes it, rebuild.ts
// reads it). A module's objects become a flat table of nodes referenced by index, so shared
// references and cycles keep their identity and any depth travels without recursion; what
// data cannot carry (functions, symbols, getters that threw, Proxies, class instances, Maps
// with any keys) has an explicit node or marker, so the chain can run on a faithful rebuild.
// A syntax error that stopped the import travels beside the thrown value, as its place.

import type { SyntaxErrorCause } from "../core/offence.js";

/** The syntax error that stopped an import, as the offence will carry it (core/offence.ts). */
export type WireSyntaxError = SyntaxErrorCause;

/** A value: a JSON primitive inline, anything else tagged. */
export type WireValue =
  | string
  | number
  | boolean
  | null
  | readonly ["u"] // undefined
  | readonly ["n", "NaN" | "Infinity" | "-Infinity" | "-0"]
  | readonly ["b", string] // a bigint, in decimal
  | readonly ["r", number]; // a node: an object, a function or a symbol

/** What an operation on a module's value gave: its result, or what it threw. */
export type WireOutcome = readonly ["ok", WireValue] | readonly ["throw", WireValue];

/**
 * How an object's prototype is seen: Object.prototype, null, another realm's Object.prototype,
 * Array.prototype, a chain holding Error.prototype, anything else.
 */
export type WireProto = "o" | "n" | "r" | "a" | "e" | "x";

/**
 * An own property that is not an enumerable data property with a string key: its key,
 * enumerable (1/0), then its value ("d"), or for an accessor what reading it gave ("g").
 */
export type WireProperty =
  | readonly ["~", key: WireValue, enumerable: 0 | 1, kind: "d", value: WireValue]
  | readonly ["~", key: WireValue, enumerable: 0 | 1, kind: "g", read: WireOutcome];

/** An array element that is not a data property: a hole ("~h"), or an accessor and what reading it gave ("~g"). */
export type WireElement = WireValue | readonly ["~h"] | readonly ["~g", WireOutcome];

export type WireNode =
  | readonly ["sym", description: string | null]
  | readonly ["fn"]
  // A map-like object, by prototype: Object.prototype ("o"), null ("N"), another realm's
  // Object.prototype ("R"). Its own properties follow: a string key then its value for an
  // enumerable data property (the common case, kept short), a WireProperty for any other.
  | readonly ["o" | "N" | "R", ...(string | WireValue | WireProperty)[]]
  // A list: its length, then its elements.
  | readonly ["a", number, ...WireElement[]]
  // A Map: keys and values alternating.
  | readonly ["map", readonly WireValue[]]
  // Any other object (class instance, Promise, Error...): what describing it looks at, and
  // for a thrown value the properties a message reads.
  | readonly ["x", WireInstance]
  | readonly ["px", WireProxy];

export interface WireInstance {
  readonly promise: 0 | 1;
  readonly nativeError: 0 | 1;
  readonly errorInstance: 0 | 1;
  readonly reads: readonly (readonly [key: string, read: WireOutcome])[];
}

/** A Proxy as it answered each operation the chain may perform on it. */
export interface WireProxy {
  readonly callable: 0 | 1;
  /** 1 or 0, or "revoked" when even Array.isArray threw (only a revoked Proxy does that). */
  readonly isArray: 0 | 1 | "revoked";
  readonly length: number;
  readonly proto: readonly ["ok", WireProto] | readonly ["throw", WireValue] | null;
  readonly keys: readonly ["ok", readonly WireValue[]] | readonly ["throw", WireValue] | null;
  /** Per own key: [key, getOwnPropertyDescriptor's answer (enumerable 1/0, absent null), get's answer]. */
  readonly properties: readonly (readonly [key: WireValue, descriptor: readonly ["ok", 0 | 1 | null] | readonly ["throw", WireValue], read: WireOutcome | null])[];
  readonly reads: readonly (readonly [key: string, read: WireOutcome])[];
}

/** What the module process found for one module. */
export type WireResult =
  // `syntaxError` when what was thrown is a syntax error (a SyntaxError, or the transformer's error).
  | { readonly kind: "import-threw"; readonly nodes: readonly WireNode[]; readonly thrown: WireValue; readonly syntaxError?: WireSyntaxError }
  | { readonly kind: "exit-called"; readonly nodes: readonly WireNode[]; readonly code: WireValue | null }
  | { readonly kind: "abort-called" }
  // Picking the tool from the exports threw (a getter, a Proxy, an export not yet initialized).
  | { readonly kind: "read-threw"; readonly nodes: readonly WireNode[]; readonly thrown: WireValue }
  | { readonly kind: "no-tool" }
  // The default export is a list (of `length` values, null when a Proxy hides it): one module declares one tool.
  | { readonly kind: "tool-list"; readonly length: number | null }
  | {
      readonly kind: "tool";
      readonly nodes: readonly WireNode[];
      /** Reading the tool's name, description and actions, in that order, up to the first that threw. */
      readonly reads: readonly WireOutcome[];
      /** What calling actions() gave, when actions was a function. */
      readonly call: WireOutcome | null;
    };

// Every kind of WireResult, as a table the compiler holds to the type: a kind added there must be added here.
const RESULT_KINDS: Readonly<Record<WireResult["kind"], true>> = {
  "import-threw": true,
  "exit-called": true,
  "abort-called": true,
  "read-threw": true,
  "no-tool": true,
  "tool-list": true,
  tool: true,
};

/** The kinds of WireResult, for the linter to check an answer against. */
export const WIRE_RESULT_KINDS: readonly string[] = Object.keys(RESULT_KINDS);

/** The properties of a tool read by the chain, in the order it reads them. */
export const TOOL_READS = ["name", "description", "actions"] as const;

/** The properties of a thrown value a message reads: its text, and a refusal's code and permission (refusal.ts). */
export const THROWN_READS = ["name", "message", "code", "permission"] as const;
