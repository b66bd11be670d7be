// thin-description (docs/codes/thin-description.md): a plain tool's description that says
// nothing its name does not: once filler ("tool", "performs", "this", "TODO") and the name as
// it is written are taken out, no word is left ("Performs get_issue."). A short description in
// words, even the name's own ("Navigate to a URL", "List labels" for listLabels), is left alone:
// it is enough to choose the tool by. Called by plain-tool.ts among the advisory checks.

import { inspectString } from "../text/escape.js";
import type { Draft } from "./offence.js";

/** Words that describe no tool in particular. */
const FILLER = new Set([
  "a",
  "an",
  "the",
  "this",
  "that",
  "it",
  "is",
  "tool",
  "function",
  "method",
  "endpoint",
  "mcp",
  "perform",
  "performs",
  "does",
  "handler",
  "handles",
  "todo",
  "tbd",
  "fixme",
  "description",
  "placeholder",
  "stub",
]);

/** The words of `text`, lower case, split at anything but letters and digits and at camelCase humps. */
function words(text: string): string[] {
  return text
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

// A run of letters and digits: the words of a text are its runs' words, since a hump lies
// within a run and lower case keeps a letter a letter; so a long description, which its first
// word nearly always clears, is read no further than that word.
const RUN = /[\p{L}\p{N}]+/gu;

/** Whether every word of `text` is filler. */
function onlyFiller(text: string): boolean {
  for (const [run] of text.matchAll(RUN)) if (words(run).some((word) => !FILLER.has(word))) return false;
  return true;
}

/** The thin-description draft of a tool named `name` described by `description`, or null. */
export function thinDescriptionDraft(name: unknown, description: unknown): Draft | null {
  if (typeof name !== "string" || typeof description !== "string" || description.trim() === "") return null;
  // The name written as it is ("Performs get_issue.") is filler too.
  if (!onlyFiller(description.replaceAll(name, " "))) return null;
  return {
    code: "thin-description",
    path: ["description"],
    target: { path: ["description"], part: "value" },
    message: `the description ${inspectString(description)} says nothing the name does not: a model chooses among tools by their descriptions`,
    fix: "Say what the tool does, to what, and when to use it rather than the tools beside it.",
  };
}
