// How values are named in messages: keys and values inspected as Elixir writes them (their
// strings through text/escape.ts, so nothing unsafe reaches output), kinds of values
// ("a list", "a Map"), and the one describer of thrown values.

import { types } from "node:util";
import { escapeText, inspectString } from "../text/escape.js";
import { isMap } from "./map.js";

/** Any key or value as it is named in a message: strings inspected, others by kind. */
export function inspectKey(key: unknown): string {
  if (typeof key === "string") return inspectString(key);
  if (typeof key === "symbol") return escapeText(key.toString());
  return describeValue(key);
}

/** The kind of a value, as messages name it: "a string", "a list", "null", "a Map"... */
export function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (types.isMap(value)) return "a Map";
  if (types.isPromise(value)) return "a Promise";
  if (isMap(value)) return "a map";
  switch (typeof value) {
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "boolean":
      return "a boolean";
    case "undefined":
      return "undefined";
    case "symbol":
      return "a symbol";
    case "bigint":
      return "a bigint";
    case "function":
      return "a function";
  }
  return "an object";
}

const SHOWN_STRING_LENGTH = 60;

/** A found value as a message shows it ("got 5", "got \"abc\"", "got a list"). */
export function describeValue(value: unknown): string {
  if (typeof value === "string") {
    const shown = value.length > SHOWN_STRING_LENGTH ? `${value.slice(0, SHOWN_STRING_LENGTH)}…` : value;
    return inspectString(shown);
  }
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (typeof value === "symbol") return escapeText(value.toString());
  return describeType(value);
}

// A thrown value's text is cut to this many code points before escaping.
const MAX_THROWN_TEXT = 200;

/** Text cut to MAX_THROWN_TEXT code points (never splitting a pair), "…" marking a cut. */
function cut(text: string): string {
  const head = Array.from(text.slice(0, MAX_THROWN_TEXT * 2))
    .slice(0, MAX_THROWN_TEXT)
    .join("");
  return head.length < text.length ? `${head}…` : text;
}

/**
 * A thrown value as every message names it ("… threw TypeError: x is not a function",
 * "… threw 42", "… threw \"oops\""): cut short and escaped, so it is safe in any output;
 * never a stack trace. Safe on hostile values: a getter that throws or a Proxy gives a
 * neutral description instead of a second exception. The one describer of thrown values.
 */
export function describeThrown(value: unknown): string {
  try {
    if (typeof value === "string") return inspectString(cut(value));
    if (typeof value !== "object" || value === null) return describeValue(value);
    // Any look at a Proxy (even its prototype) may run a trap.
    if (types.isProxy(value)) return "a Proxy";
    const message: unknown = (value as { message?: unknown }).message;
    // isNativeError also recognizes errors from other realms (a vm context), unlike instanceof.
    if (typeof message !== "string") return types.isNativeError(value) ? "an Error" : describeType(value);
    const name: unknown = (value as { name?: unknown }).name;
    const label = typeof name === "string" && name !== "" ? name : "Error";
    return escapeText(cut(message === "" ? label : `${label}: ${message}`));
  } catch {
    return "an unreadable value";
  }
}
