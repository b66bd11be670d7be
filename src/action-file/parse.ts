// An action file's text as a value: JSON.parse for .json (our strict parser only to explain
// a failure with its line and column), parseJson5 for .json5, and whether some object in
// the text repeats a key (the value keeps the last one). A failure is the file's parse-error.

import { describeThrown } from "../core/escape.js";
import type { Offence } from "../core/offence.js";
import { ParseError } from "../text/json5-lexer.js";
import { parseJson, parseJson5, repeatsKeys, type KeyRepeats } from "../text/json5-parse.js";
import type { Position } from "../text/positions.js";
import { parseError } from "./parse-error.js";

/** A ParseError's position; null for errors that carry none (JSON.parse's). */
function errorPosition(error: unknown): Position | null {
  return error instanceof ParseError ? { line: error.line, column: error.column } : null;
}

/** The syntax of a JSON-family file, by its extension: JSON, or JSON5 (comments, trailing commas, …). */
export type JsonSyntax = "json" | "json5";

function parseFailure(error: unknown, kind: JsonSyntax): { offence: Offence } {
  const position = errorPosition(error);
  let text = error instanceof RangeError ? "nests too deeply to parse" : describeThrown(error).replace(/^(?:SyntaxError|ParseError): /, "");
  // The offence carries the position, which every format shows: the message need not repeat it.
  if (position) text = text.replace(` at ${position.line}:${position.column}`, "");
  const fix = kind === "json" ? "Correct the JSON syntax at that place (comments and trailing commas need a .json5 file)." : "Correct the JSON5 syntax at that place.";
  return parseError(`is not valid ${kind === "json" ? "JSON" : "JSON5"}: ${text}`, fix, position);
}

/** The parsed value, and whether some object in the text repeats a key (the value keeps the last). */
export interface Parsed {
  readonly value: unknown;
  readonly repeatsKeys: boolean;
}

export function parse(text: string, kind: JsonSyntax): Parsed | { offence: Offence } {
  if (kind === "json5") {
    const repeats: KeyRepeats = { found: false };
    try {
      return { value: parseJson5(text, repeats), repeatsKeys: repeats.found };
    } catch (error) {
      return parseFailure(error, kind);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // JSON.parse names no line; our strict parser explains the same failure precisely.
    try {
      parseJson(text);
    } catch (explained) {
      return parseFailure(explained, kind);
    }
    return parseFailure(error, kind);
  }
  return { value, repeatsKeys: repeatsKeys(text, value) };
}
