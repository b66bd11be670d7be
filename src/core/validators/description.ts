// `description`: mandatory, a string, on one line. Action summaries are joined with "\n"
// in help output, so a line break inside one would split an action in two.

import { wrongType } from "../drafts.js";
import type { Draft } from "../offence.js";
import type { Validator } from "./context.js";

export const validateDescription: Validator = (value, context) => {
  if (typeof value !== "string") {
    return [wrongType(["description"], ["description"], `"description"`, "a string", value, `Write a one-line summary, e.g. "description": "Search the catalogue".`)];
  }
  if (!value.includes("\n")) return [];
  const draft: Draft = {
    code: "newline",
    path: ["description"],
    target: { path: ["description"], part: "value" },
    message: `"description" contains a line break ("\\n")`,
    fix: `Keep "description" to one line and move the rest to "notes", where line breaks are allowed.`,
  };
  // Moving the rest is mechanical only while there is no "notes" to merge it into, and only
  // when a first line remains to describe the action.
  const firstLine = value.slice(0, value.indexOf("\n")).replace(/\r$/, "");
  if (context.has("notes") || firstLine.trim() === "") return [draft];
  return [{ ...draft, repair: { kind: "split-to-notes" } }];
};
