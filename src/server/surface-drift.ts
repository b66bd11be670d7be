// surface-drift: a Wymcp server publishes each tool's actions twice, and the two must
// agree. tools/list carries the input schema {"properties": {"action": {"enum": [sorted
// action names], "description": "name: description" lines}, "data": …}}; help carries the
// action schemas themselves. A client that reads one surface and then calls by the other
// (an enum lists an action help cannot explain, a summary says what the action no longer
// does) goes wrong. One offence per action missing from a surface or summarised
// differently, and a tool-level one when the listed schema is not the contract's shape,
// the lists agree as sets but not as the sorted list, or no summary line matches at all
// (the summaries are joined another way: one cause). Called by lint-server.ts.

import { describeValue } from "../core/escape.js";
import { inspectString } from "../text/escape.js";
import { finalizeOffence, toolOffence, type Offence } from "../core/offence.js";
import { actionSummaries, compareNames, type HelpAnswer } from "./help-contract.js";
import { isObject, type ListedTool } from "./listed-tool.js";

const FIX_SERVER = "Declare the tool's actions in one place and let the server build both surfaces from it (Wymcp does); a hand-written inputSchema or a stale deployment drifts.";

function actionDrift(action: string, message: string): Offence {
  return finalizeOffence({ code: "surface-drift", path: [], target: { path: [], part: "key" }, message, fix: FIX_SERVER }, action);
}

function toolDrift(message: string): Offence {
  return toolOffence("surface-drift", message, FIX_SERVER);
}

function listed(names: readonly string[]): string {
  return `[${names.map(inspectString).join(", ")}]`;
}

/** The name help answered for is the name that was asked for. */
function nameDrift(asked: string, answer: HelpAnswer): Offence[] {
  if (answer.tool === asked) return [];
  return [toolDrift(`tools/list names the tool ${inspectString(asked)}, but help answers for it with the tool ${inspectString(answer.tool)}`)];
}

function enumDrift(enumValue: unknown, answer: HelpAnswer): Offence[] {
  if (!Array.isArray(enumValue) || !enumValue.every((n): n is string => typeof n === "string")) {
    return [toolDrift(`tools/list's inputSchema.properties.action.enum must be the list of the tool's action names; got ${describeValue(enumValue)}`)];
  }
  const helpNames = Object.keys(answer.actions).sort(compareNames);
  const inHelp = new Set(helpNames);
  const inList = new Set(enumValue);
  const offences: Offence[] = [];
  for (const name of helpNames)
    if (!inList.has(name)) offences.push(actionDrift(name, `help declares the action ${inspectString(name)}, but tools/list's action enum does not list it`));
  for (const name of [...inList].sort(compareNames))
    if (!inHelp.has(name)) offences.push(actionDrift(name, `tools/list's action enum lists ${inspectString(name)}, but help declares no such action`));
  if (offences.length === 0 && (enumValue.length !== helpNames.length || enumValue.some((n, i) => n !== helpNames[i]))) {
    offences.push(toolDrift(`tools/list's action enum ${listed(enumValue)} is not the sorted list of the action names ${listed(helpNames)}`));
  }
  return offences;
}

function descriptionDrift(description: unknown, answer: HelpAnswer, enumValue: unknown, enumAgrees: boolean): Offence[] {
  if (typeof description !== "string") {
    return [toolDrift(`tools/list's inputSchema.properties.action.description must be the actions' "name: description" lines; got ${describeValue(description)}`)];
  }
  const summaries = actionSummaries(answer.actions);
  // An action without a string description is the chain's offence; its summary is undefined.
  if (summaries === null || description === summaries.join("\n")) return [];
  const lines = new Set(description.split("\n"));
  const listedNames = new Set(Array.isArray(enumValue) ? enumValue : []);
  const offences: Offence[] = [];
  let matched = 0;
  for (const name of Object.keys(answer.actions).sort(compareNames)) {
    const summary = `${name}: ${(answer.actions[name] as { description: string }).description}`;
    if (lines.has(summary)) matched++;
    // An action missing from the enum has its offence already; its summary line is then expected missing too.
    if (lines.has(summary) || !listedNames.has(name)) continue;
    offences.push(actionDrift(name, `tools/list's action description has no line ${inspectString(summary)}, help's summary of the action`));
  }
  // No line is any summary: the description is built another way (other separators, another
  // format), one cause for the whole tool, so one offence.
  if (offences.length > 1 && matched === 0) {
    return [toolDrift(`tools/list's action description holds none of help's summaries ("name: description", one line each, in action order); got ${describeValue(description)}`)];
  }
  // When the enum already disagrees, the extra or missing lines are those actions' (reported).
  if (offences.length > 0 || !enumAgrees) return offences;
  return [toolDrift(`tools/list's action description ${describeValue(description)} is not help's summaries, one line each in action order`)];
}

/** Every disagreement between a tool's tools/list entry and its help answer. */
export function surfaceDrift(tool: ListedTool, answer: HelpAnswer): Offence[] {
  const properties = tool.inputSchema["properties"];
  const action = isObject(properties) ? properties["action"] : undefined;
  if (!isObject(action)) {
    return [
      ...nameDrift(tool.name, answer),
      toolDrift(`tools/list's inputSchema has no "action" property, which a Wymcp tool's carries: {"action": {"enum": [...], "description": "..."}}`),
    ];
  }
  const enumOffences = enumDrift(action["enum"], answer);
  return [...nameDrift(tool.name, answer), ...enumOffences, ...descriptionDrift(action["description"], answer, action["enum"], enumOffences.length === 0)];
}
