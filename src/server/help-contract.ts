// Wymcp's help contract, as a client reads it: a Wymcp server lists the reserved tool
// `help` with the input schema {"tool": string, "action": string} and
// additionalProperties false; a call with {"tool": T} answers, as one JSON text content,
// {"tool", "description", "actions": {name: action schema}}, each schema limited to the
// vocabulary's keys (with "required" filled in as []). This module recognises that tool
// and reads an answer; an answer of any other shape is a problem for the caller
// (lint-server.ts) to report. Wymcp's summaries ("name: description", sorted by name) come
// from core/action-summary.ts, for the comparison with tools/list (surface-drift.ts).

import { describeValue } from "../core/escape.js";
import { escapeText } from "../text/escape.js";
import { RESERVED_TOOL_NAME } from "../core/lint-tool.js";
import { isObject, type ListedTool } from "./listed-tool.js";

export { actionSummaries, compareNames } from "../core/action-summary.js";

/** A help answer about one tool, as far as its shape was checked. */
export interface HelpAnswer {
  readonly tool: string;
  readonly description: string;
  /** The actions map: a JSON object, whose schemas the chain judges. */
  readonly actions: Readonly<Record<string, unknown>>;
}

function isStringParameter(schema: unknown): boolean {
  return isObject(schema) && schema["type"] === "string";
}

/** Whether a listed tool is Wymcp's help tool: the reserved name with the contract's input schema. */
export function isWymcpHelp(tool: ListedTool): boolean {
  if (tool.name !== RESERVED_TOOL_NAME) return false;
  const { properties, additionalProperties } = tool.inputSchema;
  if (!isObject(properties) || additionalProperties !== false) return false;
  const names = Object.keys(properties).sort();
  return names.length === 2 && names[0] === "action" && names[1] === "tool" && isStringParameter(properties["action"]) && isStringParameter(properties["tool"]);
}

const SHOWN_ANSWER = 200;

function shownText(text: string): string {
  const cut = text.length > SHOWN_ANSWER ? `${text.slice(0, SHOWN_ANSWER)}…` : text;
  return escapeText(cut);
}

/**
 * The answer to {"tool": asked}, or a one-line problem: an error answer, or an answer that
 * is not one JSON text holding {"tool": string, "description": string, "actions": object}.
 */
export function readHelpAnswer(result: unknown): HelpAnswer | { readonly problem: string } {
  const content = isObject(result) ? result["content"] : undefined;
  if (!Array.isArray(content)) return { problem: `help answered ${describeValue(result)} without a "content" list` };
  const texts = content.flatMap((part: unknown) => (isObject(part) && part["type"] === "text" && typeof part["text"] === "string" ? [part["text"]] : []));
  if ((result as Record<string, unknown>)["isError"] === true) {
    return { problem: `help answered an error${texts.length === 0 ? "" : `: ${shownText(texts.join(" "))}`}` };
  }
  const text = texts[0];
  if (text === undefined || content.length !== 1) {
    return { problem: `help answered ${content.length} content part(s), ${texts.length} of them text; the help contract is one JSON text` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: `help answered a text that is not JSON: ${shownText(text)}` };
  }
  if (!isObject(value)) return { problem: `help answered ${describeValue(value)}; the help contract is an object {"tool", "description", "actions"}` };
  const { tool, description, actions } = value;
  if (typeof tool !== "string") return { problem: `help's answer has a "tool" that is not a string: ${describeValue(tool)}` };
  if (typeof description !== "string") return { problem: `help's answer has a "description" that is not a string: ${describeValue(description)}` };
  if (!isObject(actions)) return { problem: `help's answer has "actions" that are not an object of action schemas: ${describeValue(actions)}` };
  return { tool, description, actions };
}
