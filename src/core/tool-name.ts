// tool-name: a name as the MCP specification allows a tool's: 1 to 128 characters, each of
// A-Z, a-z, 0-9, "_", "." and "-". Clients look tools up by exact name, and many refuse or
// mangle others; an invisible or look-alike character makes two names that read alike
// differ (docs/codes/tool-name.md). The message names the first character that is not
// allowed, by its code point when it cannot be seen. Held to it: a plain MCP tool's name
// (plain-tool.ts), a Wymcp tool's name and each of its action names (lint-tool.ts, chain.ts),
// the last two beside the chain, never gating it.
//
// The rename --fix may make is one that cannot change which name was meant: white space at
// the ends dropped, hidden characters deleted, and single spaces between words written "_"
// when the name uses no "-" (which would make the separator a guess). A look-alike letter,
// an over-long name or any other character is the author's to rename.

import { inspectString } from "../text/escape.js";
import { findHidden } from "./model-text/hidden.js";
import type { Draft, Repair, Target } from "./offence.js";

const MAX_NAME_LENGTH = 128;
const ALLOWED = /^[A-Za-z0-9_.-]$/;
const RULE = `1 to ${MAX_NAME_LENGTH} characters of A-Z, a-z, 0-9, "_", "." and "-"`;

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

/** Why `name` is not an MCP name, or null when it is one. */
function problem(name: string): string | null {
  if (name === "") return "is empty";
  if (name.trim() === "") return "is only white space";
  const length = [...name].length;
  if (length > MAX_NAME_LENGTH) return `is ${length} characters long, over the ${MAX_NAME_LENGTH} the MCP specification allows`;
  for (const char of name) if (!ALLOWED.test(char)) return `holds ${describeChar(char)}`;
  return null;
}

/** The one name `name` evidently means (see the top of this file), or null when there is none. */
function evidentName(name: string): string | null {
  const visible = (findHidden(name)?.cleaned ?? name).trim();
  const words = visible.split(" ");
  const joined = words.length > 1 && !visible.includes("-") && words.every((word) => word !== "") ? words.join("_") : visible;
  return joined !== name && problem(joined) === null ? joined : null;
}

function draft(what: "tool" | "action", name: string, target: Target, fix: string, repair?: Repair): Draft | null {
  const why = problem(name);
  if (why === null) return null;
  const rule = what === "tool" ? "an MCP tool name is" : "an action name, like an MCP tool name, is";
  const found: Draft = { code: "tool-name", path: [], target, message: `the ${what} name ${inspectString(name)} ${why}; ${rule} ${RULE}`, fix };
  return repair === undefined ? found : { ...found, repair };
}

/**
 * The tool-name draft of a tool's string name, at ["name"]: a plain MCP tool's in its
 * tools/list entry, a Wymcp tool's (a module's `name`, an action file's base name); null for
 * a valid one. `how` says how it is renamed (" by renaming the file"). No repair: a renamed
 * tool may take the name of another tool of its server, and a plain tool's list is written
 * by its server.
 */
export function toolNameDraft(name: string, how: string): Draft | null {
  const evident = evidentName(name);
  const to = evident === null ? `with those characters only, e.g. "search_orders"` : `to ${inspectString(evident)}`;
  return draft("tool", name, { path: ["name"], part: "value" }, `Rename the tool${how} ${to}, and update every client that calls it by name.`);
}

// For each set of a tool's action names, how many of them a rename (this check's, or
// hidden-character's deletion) would turn into each new name: computed once per tool.
const RENAMED_TO = new WeakMap<ReadonlySet<string>, ReadonlyMap<string, number>>();

function renamedTo(names: ReadonlySet<string>): ReadonlyMap<string, number> {
  let counts = RENAMED_TO.get(names);
  if (counts !== undefined) return counts;
  const found = new Map<string, number>();
  for (const name of names) {
    if (problem(name) === null) continue;
    const targets = new Set([evidentName(name), findHidden(name)?.cleaned ?? null]);
    for (const to of targets) if (to !== null) found.set(to, (found.get(to) ?? 0) + 1);
  }
  counts = found;
  RENAMED_TO.set(names, counts);
  return counts;
}

/**
 * The tool-name draft of an action's name, null for a valid one; `names` are the tool's
 * action names. A name with a line break is newline's (the chain's). The rename is offered
 * only when no other action has that name or would be renamed to it; a name with hidden
 * characters gets its rename from hidden-character, so the two repairs never compete.
 */
export function actionToolNameDraft(name: string, names: ReadonlySet<string>): Draft | null {
  if (name.includes("\n") || problem(name) === null) return null;
  const evident = evidentName(name);
  const target: Target = { path: [], part: "key" };
  if (evident === null) return draft("action", name, target, `Rename the action with those characters only, e.g. "search_orders", and update every caller.`);
  if (names.has(evident) || (renamedTo(names).get(evident) ?? 0) > 1) {
    return draft(
      "action",
      name,
      target,
      `Rename the action with those characters only (${inspectString(evident)} is another action's name, or would be), and update every caller.`,
    );
  }
  const repair: Repair | undefined = findHidden(name) === null ? { kind: "rename-key", to: evident } : undefined;
  return draft("action", name, target, `Rename the action to ${inspectString(evident)}${repair === undefined ? "" : " (wymcp-lint --fix does)"}, and update every caller.`, repair);
}

/** Whether `name` is a tool name the MCP specification allows. */
export function isMcpToolName(name: string): boolean {
  return problem(name) === null;
}
