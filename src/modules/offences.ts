// The file-level results of a tool module that yields no tool to lint (load-error, with the
// syntax error that caused it as data; no-tool; a list of tools), and how an exit code is named in them (a
// thrown value: describeThrown, core/escape.ts). Used by judge.ts, in our process, on values
// rebuilt from the module process's answer, so every word is ours.

import type { ToolLint } from "../core/tool-lint.js";
import { describeValue } from "../core/escape.js";
import { toolOffence, type SyntaxErrorCause } from "../core/offence.js";
import { toolListOffence } from "../core/lint-tool.js";

const LOAD_FIX =
  "Make the module load on its own without throwing or exiting (run it with node, or tsx for TypeScript, to see the full error); validation imports it and calls actions() once.";

/** A file-level `load-error` result (tool unknown, no actions counted); its offence carries the syntax error that caused it, if one did. */
export function loadErrorLint(message: string, fix: string = LOAD_FIX, syntaxError?: SyntaxErrorCause): ToolLint {
  const offence = toolOffence("load-error", message, fix);
  return { tool: null, actions: 0, offences: [syntaxError === undefined ? offence : Object.freeze({ ...offence, syntaxError })] };
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

/** The default export is a list of tools, where one module declares one tool: one `tool-shape` offence. */
export function toolListLint(length: number | null): ToolLint {
  return { tool: null, actions: 0, offences: [toolListOffence(length)] };
}

/** The argument of a process.exit call as the message shows it: `0`, `""`, `` (none). */
export function describeExitCode(code: unknown): string {
  return code === undefined ? "" : describeValue(code);
}
