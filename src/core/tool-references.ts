// tool-shadowing's directives about a named tool (docs/codes/tool-shadowing.md): a plain tool's
// description that steers how a tool the server does not offer is used ("Before using
// send_email, add …", "when `send_email` is called"). Naming a tool of the same server is its
// author's own workflow ("before using list_wwdc_videos"), and is left alone; so a check that
// knows the server's whole list: a tools file's entries (plain-tool.ts) or a running server's
// (src/server/lint-server.ts). The pattern rows of model-text/patterns.ts catch the unnamed forms.

import { inspectString } from "../text/escape.js";
import type { Draft, Offence } from "./offence.js";

// A word after the verb, bare, quoted or in backticks; TOOL_LIKE decides whether it is written as a tool's name.
const NAME = String.raw`(?:\x60([A-Za-z][\w.-]*)\x60|['"]?([A-Za-z][\w.-]*[A-Za-z0-9])['"]?)`;
/** A name written as a tool's, not a word: "_", "-" or "." inside it, or a camelCase hump (the patterns match words case-insensitively). */
const TOOL_LIKE = /^[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)+$|^[a-z]+[A-Z][A-Za-z0-9]*$/;

/** Directives that steer how a named tool is used: before or after using it, or when it is called. */
const STEERING = [
  new RegExp(
    String.raw`\b(?:before|after|when|whenever|instead of|prior to|each time you|every time you)\s+(?:using|calling|invoking|running|you (?:use|call|invoke|run))\s+(?:the\s+)?${NAME}`,
    "gi",
  ),
  // "When the send_email tool is used" is the pattern table's (model-text/patterns.ts).
  new RegExp(String.raw`\b(?:when|whenever|before|after|each time|every time)\s+(?:the\s+)?${NAME}\s+is\s+(?:used|called|invoked|run)\b`, "gi"),
];

/** Whether `offences` hold a tool-shadowing offence of the description already (the pattern table's): one is enough. */
export function descriptionShadowed(offences: readonly Offence[]): boolean {
  return offences.some((o) => o.code === "tool-shadowing" && o.target.path.length === 1 && o.target.path[0] === "description");
}

/**
 * The tool-shadowing draft of a description that steers a tool not in `names` (the server's,
 * the tool's own among them), or null. A name of one of the tool's own `parameters` (asked for
 * only when a name is found) is no tool ("when using projectSlug").
 */
export function foreignToolDraft(description: unknown, names: ReadonlySet<string>, parameters: () => readonly string[] = () => []): Draft | null {
  if (typeof description !== "string") return null;
  for (const steering of STEERING) {
    steering.lastIndex = 0;
    for (let m = steering.exec(description); m !== null; m = steering.exec(description)) {
      const named = (m[1] ?? m[2]) as string;
      if ((m[1] === undefined && !TOOL_LIKE.test(named)) || names.has(named) || parameters().includes(named)) continue;
      return {
        code: "tool-shadowing",
        path: ["description"],
        target: { path: ["description"], part: "value" },
        message: `${inspectString(m[0])} is a directive about ${inspectString(named)}, which is no tool of this server: a description that steers another server's tool can change what it does`,
        fix: "Describe only this server's tools; what another tool or server does is not this tool's to say.",
      };
    }
  }
  return null;
}
