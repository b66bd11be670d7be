// tool-name: a tool's name as the MCP specification allows it: 1 to 128 characters, each of
// A-Z, a-z, 0-9, "_", "." and "-". Clients look tools up by exact name, and many refuse or
// mangle others; an invisible or look-alike character makes two names that read alike
// differ (docs/plain-tools.md). The message names the first character that is not allowed,
// by its code point when it cannot be seen. Used for plain MCP tools (plain-tool.ts).

import { inspectString } from "../text/escape.js";
import type { Draft } from "./offence.js";

const MAX_NAME_LENGTH = 128;
const ALLOWED = /^[A-Za-z0-9_.-]$/;

function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** What the first character outside the allowed set is, in words. */
function describeChar(char: string): string {
  if (/\s/u.test(char)) return char === " " ? "a space" : `the white-space character ${codePoint(char)}`;
  if (/[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u.test(char)) return `the invisible character ${codePoint(char)}`;
  if (/\p{L}|\p{N}/u.test(char)) return `${inspectString(char)} (${codePoint(char)}), which looks like a letter or digit but is none of A-Z, a-z, 0-9`;
  return `${inspectString(char)} (${codePoint(char)})`;
}

/** Why `name` is not an MCP tool name, or null when it is one. */
function problem(name: string): string | null {
  if (name === "") return "is empty";
  if (name.trim() === "") return "is only white space";
  const length = [...name].length;
  if (length > MAX_NAME_LENGTH) return `is ${length} characters long, over the ${MAX_NAME_LENGTH} the MCP specification allows`;
  for (const char of name) if (!ALLOWED.test(char)) return `holds ${describeChar(char)}`;
  return null;
}

/** The tool-name draft of a string name at ["name"] of a tools/list entry; none for a valid one. */
export function toolNameDrafts(name: string): Draft[] {
  const why = problem(name);
  if (why === null) return [];
  return [
    {
      code: "tool-name",
      path: [],
      target: { path: ["name"], part: "value" },
      message: `the tool name ${inspectString(name)} ${why}; an MCP tool name is 1 to 128 characters of A-Z, a-z, 0-9, "_", "." and "-"`,
      fix: `Rename the tool with those characters only, e.g. "search_orders", and update every client that calls it by name.`,
    },
  ];
}
