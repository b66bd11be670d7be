// Elixir's literals as the compiler reads them: numbers in every base, characters, the escapes
// of strings, charlists and lowercase sigils, heredocs with their indentation removed, and the
// words of ~w; and a float as Elixir writes it back. Pure text work on what the parser found;
// interpolation is the reader's (read.ts), which passes each piece's value in.

/** A number's value from its source: 1_000, 0x1F, 0o17, 0b101, 1.5e3; null when it is not one. */
export function integerValue(source: string): bigint | null {
  const text = source.replaceAll("_", "");
  try {
    return BigInt(text.startsWith("0o") ? `0o${text.slice(2)}` : text);
  } catch {
    return null;
  }
}

export function floatValue(source: string): number {
  return Number(source.replaceAll("_", ""));
}

/**
 * A float as to_string writes it (Erlang's shortest form): the fewest digits that read back
 * as the same float, as plain decimals or in "e" notation, whichever is shorter, plain on a
 * tie; an integral value of 2^53 or more always in "e" notation. 1.5, 100.0, 1.0e3, 0.001,
 * 2.5e-5, 9.007199254740992e15.
 */
export function floatText(value: number): string {
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const sign = value < 0 ? "-" : "";
  // toExponential() with no argument gives the shortest digits that read back as the value.
  const [mantissa, exponent] = Math.abs(value).toExponential().split("e") as [string, string];
  const digits = mantissa.replace(".", "");
  // How many of the digits stand before the decimal point.
  const place = Number(exponent) + 1;
  if (place > 0 && place < digits.length) return `${sign}${digits.slice(0, place)}.${digits.slice(place)}`;
  const scientific = `${digits[0]}.${digits.length === 1 ? "0" : digits.slice(1)}e${place - 1}`;
  const plain = place <= 0 ? `0.${"0".repeat(-place)}${digits}` : `${digits}${"0".repeat(place - digits.length)}.0`;
  const plainAllowed = place <= 0 || Math.abs(value) < 2 ** 53;
  return sign + (plainAllowed && plain.length <= scientific.length ? plain : scientific);
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  d: "\x7f",
  e: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  s: " ",
  t: "\t",
  v: "\v",
};

/** What an escape sequence of a string, charlist or lowercase sigil stands for (`\x41` → "A"; `\q` → "q"). */
export function unescapeSequence(sequence: string): string {
  const body = sequence.slice(1);
  const hex = /^[xu]\{([0-9A-Fa-f]+)\}$|^x([0-9A-Fa-f]{1,2})$|^u([0-9A-Fa-f]{4})$/.exec(body);
  if (hex !== null) {
    const code = Number.parseInt((hex[1] ?? hex[2] ?? hex[3]) as string, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : "";
  }
  // A backslash before a line break joins the lines.
  if (body === "\n" || body === "\r\n") return "";
  return SIMPLE_ESCAPES[body] ?? body;
}

/** A character literal's code point: ?a, ?\n, ?\x41. */
export function charValue(source: string): number {
  const body = source.slice(1);
  const text = body.startsWith("\\") && body.length > 1 ? unescapeSequence(body) : body;
  return text.codePointAt(0) ?? 0;
}

/** A piece of a quoted literal: text as written (`raw`, a heredoc's indentation still in it), or text that stands for itself (escapes, interpolations). */
export interface Piece {
  readonly text: string;
  readonly raw: boolean;
}

/**
 * A heredoc's value from its pieces: the line break after the opening delimiter dropped, and
 * on every line written the indentation of the closing delimiter removed (as much of it as the
 * line has), as Elixir does. `indent` is that delimiter's column (0-based); with `joins`, a
 * backslash ending a line joins it to the next.
 */
export function heredocText(pieces: readonly Piece[], indent: number, joins: boolean): string {
  let out = "";
  let lineStart = true;
  let first = true;
  for (const piece of pieces) {
    let text = piece.text;
    if (!piece.raw) {
      out += text;
      lineStart = false;
      first = false;
      continue;
    }
    if (first) text = text.replace(/^[ \t]*\r?\n/, "");
    first = false;
    const lines = text.split("\n");
    for (const [i, line] of lines.entries()) {
      if (i > 0) {
        if (joins && out.endsWith("\\") && lines[i - 1]?.endsWith("\\")) out = out.slice(0, -1);
        else out += "\n";
        lineStart = true;
      }
      let body = line;
      if (lineStart) {
        let cut = 0;
        while (cut < indent && cut < body.length && (body[cut] === " " || body[cut] === "\t")) cut++;
        body = body.slice(cut);
      }
      if (body !== "") lineStart = false;
      out += body;
    }
  }
  return out;
}

/** The words of ~w (split on white space), each with the offset in `text` it starts at. */
export function words(text: string): { word: string; start: number }[] {
  return Array.from(text.matchAll(/\S+/g), (match) => ({ word: match[0], start: match.index }));
}
