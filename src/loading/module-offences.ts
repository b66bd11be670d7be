// The file-level results of a tool module that yields no tool to lint (load-error, no-tool),
// and how a thrown value or an exit code is named in them. Used by judge.ts, in our process,
// on values rebuilt from the module process's answer, so every word is ours.

import { types } from "node:util";
import type { ToolLint } from "../core/lint-tool.js";
import { describeType, describeValue, escapeText, inspectString } from "../core/escape.js";
import { toolOffence } from "../core/offence.js";

// Module-supplied text (an error message) is cut to this many characters before escaping.
const MAX_THROWN_TEXT = 200;

const LOAD_FIX =
  "Make the module load on its own without throwing or exiting (run it with node, or tsx for TypeScript, to see the full error); validation imports it and calls actions() once.";

/** A file-level `load-error` result (tool unknown, no actions counted). */
export function loadErrorLint(message: string, fix: string = LOAD_FIX): ToolLint {
  return { tool: null, actions: 0, offences: [toolOffence("load-error", message, fix)] };
}

/** The `no-tool` result: the module loaded but exports neither form of a tool. */
export function noToolLint(): ToolLint {
  return {
    tool: null,
    actions: 0,
    offences: [
      toolOffence(
        "no-tool",
        "declares no tool: its default export is not an object and it exports none of `name`, `description`, `actions`",
        "Export the tool as the default export (an object with name, description and actions()), or export `name`, `description` and `actions` by name.",
      ),
    ],
  };
}

/** Module-supplied text cut to MAX_THROWN_TEXT code points (never splitting a pair), "…" marking a cut. */
function cut(text: string): string {
  const head = Array.from(text.slice(0, MAX_THROWN_TEXT * 2)).slice(0, MAX_THROWN_TEXT).join("");
  return head.length < text.length ? `${head}…` : text;
}

/**
 * A thrown value as a message names it: `TypeError: x is not a function`, `42`, `null`,
 * `"oops"`; cut short and escaped, so it is safe in any output. Never a stack trace. Safe
 * on hostile values: a getter that throws or a Proxy gives a neutral description instead
 * of a second exception.
 */
export function describeThrown(value: unknown): string {
  try {
    if (typeof value === "string") return inspectString(cut(value));
    if (typeof value !== "object" || value === null) return describeValue(value);
    // Any look at a Proxy (even its prototype) may run a trap.
    if (types.isProxy(value)) return "a Proxy";
    const message: unknown = (value as { message?: unknown }).message;
    // isNativeError also recognizes errors from other realms (a vm context), unlike instanceof.
    if (typeof message !== "string") return types.isNativeError(value) ? "an Error" : describeType(value);
    const name: unknown = (value as { name?: unknown }).name;
    const label = typeof name === "string" && name !== "" ? name : "Error";
    return escapeText(cut(message === "" ? label : `${label}: ${message}`));
  } catch {
    return "an unreadable value";
  }
}

/** The argument of a process.exit call as the message shows it: `0`, `""`, `` (none). */
export function describeExitCode(code: unknown): string {
  return code === undefined ? "" : describeValue(code);
}
