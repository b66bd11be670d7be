// What the machine formats (json.ts, sarif.ts, github.ts) share: JSON output that keeps
// terminal-unsafe characters out of the bytes it writes. Pure; nothing here knows about colour.

// Lone surrogates cannot be percent-encoded (encodeURIComponent throws on them).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `s` with every lone surrogate replaced by U+FFFD. */
export function wellFormed(s: string): string {
  return s.replace(LONE_SURROGATE, "\uFFFD");
}

// Characters JSON.stringify leaves raw that a terminal may act on: DEL, the C1 controls
// (U+009B is CSI on some terminals), the line/paragraph separators and the bidi controls.
// They occur only inside JSON strings, where \uXXXX is the same value, so this is lossless.
const RAW_UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** JSON text (2-space indent) with no character a terminal could act on, and no trailing newline. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(RAW_UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
