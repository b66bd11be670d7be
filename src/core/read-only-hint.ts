// read-only-hint (docs/codes/read-only-hint.md): a plain tool whose annotations say
// `readOnlyHint: true` while its name's verb, the first word of it that is one, says it changes
// something ("delete_file", "createIssue"; not "getDomainMove", which gets). Clients may run a read-only tool without asking the user, so the hint is
// the one annotation whose mistake costs data. Called by plain-tool.ts among the advisory checks.

import { inspectString } from "../text/escape.js";
import type { Draft } from "./offence.js";

/** The words of a tool name that say the tool changes something. */
const CHANGING = new Set([
  "add",
  "archive",
  "cancel",
  "clear",
  "create",
  "delete",
  "deploy",
  "destroy",
  "drop",
  "edit",
  "erase",
  "insert",
  "kill",
  "modify",
  "move",
  "patch",
  "publish",
  "purge",
  "put",
  "remove",
  "rename",
  "reset",
  "revoke",
  "send",
  "set",
  "terminate",
  "truncate",
  "update",
  "upload",
  "upsert",
  "wipe",
  "write",
]);

/** The words of a tool name that say the tool only reads: the first verb of a name is its verb ("getDomainMove" gets). */
const READING = new Set(["check", "count", "describe", "export", "fetch", "find", "get", "inspect", "list", "lookup", "query", "read", "search", "show", "view"]);

/** The words of a tool name, lower case: split at "_", "-", ".", "/", spaces and camelCase humps. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_.\-/]+/)
    .map((word) => word.toLowerCase())
    .filter((word) => word !== "");
}

/** The read-only-hint draft of a tool named `name` with `annotations`, or null. */
export function readOnlyHintDraft(name: unknown, annotations: unknown): Draft | null {
  if (typeof name !== "string" || typeof annotations !== "object" || annotations === null) return null;
  if ((annotations as Readonly<Record<string, unknown>>)["readOnlyHint"] !== true) return null;
  const word = nameWords(name).find((w) => CHANGING.has(w) || READING.has(w));
  if (word === undefined || READING.has(word)) return null;
  return {
    code: "read-only-hint",
    path: ["annotations"],
    target: { path: ["annotations", "readOnlyHint"], part: "value" },
    message: `the tool is marked "readOnlyHint": true, but its name says it changes something (${inspectString(word)}): a client may run it without asking the user`,
    fix: `Set "readOnlyHint": false (and "destructiveHint" as it deletes or overwrites), or rename the tool if it only reads.`,
  };
}
