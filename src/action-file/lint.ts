// One action file's lint from its text (ARCHITECTURE.md, "The pipeline of one file"), and a
// tools file's (a saved tools/list, linted as plain tools: core/plain-tool.ts): parse it
// (parse.ts) and lint the value with the core (advisory checks included; a parsed value is
// plain data, so the core skips its cycle and sharing checks). Whether the parse saw a key
// repeated is told; the one scan of the text that places the offences also finds the repeats
// (duplicate-keys.ts) and the comments (src/inputs/json-file.ts).

import { plainDeclaration, type Declaration } from "../core/declaration.js";
import { describeType } from "../core/escape.js";
import { lintActionFile, SCHEMA_KEY } from "../core/lint-tool.js";
import type { ToolLint } from "../core/tool-lint.js";
import { isMap, PLAIN_DATA } from "../core/map.js";
import { finalizeOffence, toolOffence } from "../core/offence.js";
import { listedTools, lintToolList } from "../core/plain-tool.js";
import type { Path } from "../core/path.js";
import { omittedDraft } from "../core/offence-cap.js";
import { sortOffences } from "../core/order.js";
import { searchedKind, toolNameOf } from "../files/kind.js";
import { inspectString } from "../text/escape.js";
import { duplicateKeyOffence, type RepeatedKeys } from "./duplicate-keys.js";
import { parse, type JsonSyntax } from "./parse.js";

/** What an action file's name says: its tool's name, and whether it is named like a file a search takes (`*.actions.json`). */
export interface ActionFileName {
  readonly tool: string;
  readonly named: boolean;
}

export function actionFileName(file: string): ActionFileName {
  return { tool: toolNameOf(file), named: searchedKind(file) !== null };
}

/**
 * A file named otherwise (`package.json`, linted because it was named) whose top level holds
 * a value that is not a map, so is not an actions map: one offence saying so, not one per key
 * (docs/cli.md). Null when it may be an action file.
 */
function notAnActionFile(value: unknown, kind: JsonSyntax, name: ActionFileName): ToolLint | null {
  if (name.named || !isMap(value) || value instanceof Map) return null;
  const notMaps = Object.entries(value).filter(([key, entry]) => key !== "$schema" && !isMap(entry));
  const first = notMaps[0];
  if (first === undefined) return null;
  const offence = toolOffence(
    "tool-shape",
    `the file is not named like an action file (*.actions.json, *.actions.json5) and its top level is no actions map: ${inspectString(first[0])} is ${describeType(first[1])}${notMaps.length === 2 ? ", and 1 more value is not an action schema" : notMaps.length > 2 ? `, and ${notMaps.length - 1} more values are not action schemas` : ""}`,
    `Name only action files and tool modules; if this is an action file, rename it to ${inspectString(`${name.tool}.actions.${kind}`)} and make each value an action schema.`,
  );
  return { tool: name.tool || null, actions: 0, offences: [offence] };
}

/** An action file's actions as plain data, with its name: what it declares, read whole. */
function actionsDeclaration(value: unknown, tool: string): Declaration | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  return plainDeclaration(tool, undefined, Object.fromEntries(Object.entries(value).filter(([key]) => key !== SCHEMA_KEY)));
}

/** With `declaration`, the lint carries what the file declares, read whole (core/declaration.ts), when it parsed. */
export interface TextLintOptions {
  readonly declaration?: boolean;
}

/**
 * A JSON-family text's lint before its text is scanned (no offence placed yet, no repeated key
 * found): whether the parse saw a key repeated, and, for a tools file, where each tool's entry is.
 */
export interface TextLint {
  readonly lint: ToolLint;
  readonly repeatsKeys: boolean;
  readonly places?: ReadonlyMap<string, Path>;
}

/** An action file's offences from its decoded text; positions and repeated keys are the scan's (src/inputs/json-file.ts). */
export function lintActionText(text: string, kind: JsonSyntax, name: ActionFileName, options: TextLintOptions = {}): TextLint {
  const toolName = name.tool;
  const parsed = parse(text, kind);
  if ("offence" in parsed) return { lint: { tool: toolName || null, actions: 0, offences: [parsed.offence] }, repeatsKeys: false };
  const other = notAnActionFile(parsed.value, kind, name);
  if (other !== null) return { lint: other, repeatsKeys: parsed.repeatsKeys };
  const lint = lintActionFile(parsed.value, toolName, { read: PLAIN_DATA, advisory: true });
  const declaration = options.declaration === true ? actionsDeclaration(parsed.value, toolName) : null;
  return { lint: declaration === null ? lint : { ...lint, declaration }, repeatsKeys: parsed.repeatsKeys };
}

/** The lint with a duplicate-key offence for each key the text repeats (`repeated`, with their positions). */
export function withRepeatedKeys(lint: ToolLint, repeated: RepeatedKeys): ToolLint {
  const offences = repeated.found.map((repeat) => duplicateKeyOffence(repeat));
  if (repeated.omitted > 0) offences.push(finalizeOffence(omittedDraft(repeated.omitted), null));
  return offences.length === 0 ? lint : { ...lint, offences: sortOffences([...lint.offences, ...offences]) };
}

/**
 * A tools file's offences from its decoded text (a saved tools/list: docs/plain-tools.md),
 * and where each tool's entry is. A tools file is a server's list of tools, not one tool: it
 * has no tool name of its own.
 */
export function lintToolsText(text: string, kind: JsonSyntax, options: TextLintOptions = {}): TextLint {
  const parsed = parse(text, kind);
  if ("offence" in parsed) return { lint: { tool: null, actions: 0, offences: [parsed.offence] }, repeatsKeys: false };
  const { lint, places } = lintToolList(parsed.value, null, { read: PLAIN_DATA, advisory: true });
  const listed = options.declaration === true ? listedTools(parsed.value) : null;
  return { lint: listed === null ? lint : { ...lint, declaration: { listed: listed.tools } }, repeatsKeys: parsed.repeatsKeys, places };
}
