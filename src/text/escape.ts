// Every user-supplied string that reaches any output passes through here, so a hostile key
// can never inject terminal escapes, forge a CI annotation, or break a line. Strings are
// written the way Elixir's inspect writes them (docs/locations.md).

// C0 and C1 controls, DEL, the line/paragraph separators and the bidi controls.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const ESCAPED = /["\\\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|#\{/g;

const SHORT: Readonly<Record<string, string>> = {
  '"': '\\"',
  "\\": "\\\\",
  "#{": "\\#{",
  "\n": "\\n",
  "\t": "\\t",
  "\r": "\\r",
};

function escapeChar(ch: string): string {
  return SHORT[ch] ?? `\\u{${(ch.codePointAt(0) as number).toString(16).toUpperCase()}}`;
}

/** A string as a double-quoted Elixir literal: `"a\"b"`, `"\u{1B}[2J"`. */
export function inspectString(s: string): string {
  return `"${s.replace(ESCAPED, escapeChar)}"`;
}

/** Whether `s` holds none of the characters escaping changes: text the linter writes is so (a cache's entries are held to it). */
export function isSafeText(s: string): boolean {
  return !UNSAFE.test(s);
}

/** Free text (a module's error message, say) with its unsafe characters escaped, unquoted. */
export function escapeText(s: string): string {
  return UNSAFE.test(s) ? s.replace(new RegExp(UNSAFE.source, "g"), escapeChar) : s;
}

const BARE_ATOM = /^[A-Za-z_][A-Za-z0-9_@]*[?!]?$/;

/** An atom: `:example`, or `:"foo bar"` when it is not a bare atom. */
export function inspectAtom(s: string): string {
  return BARE_ATOM.test(s) ? `:${s}` : `:${inspectString(s)}`;
}
