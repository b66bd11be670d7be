// A plain MCP tool, as tools/list lists it ({"name", "description", "inputSchema"}), linted
// by the rules every MCP tool answers to (docs/plain-tools.md), not by Wymcp's: its
// description may hold line breaks, `properties` may be absent, `inputSchema.type` must be
// "object". A malformed entry is that entry's offence, and the others are still linted.
// The parameters (`inputSchema.properties` and `required`) go through the chain and the
// advisory checks as one action's would; their offences are then placed on the entry
// itself, so every path is a path in the tools/list entry (`:inputSchema["properties"]…`).
// Used for a running server (src/server/) and for a saved tools/list file (src/action-file/).

import { actionOffences, type CheckOptions } from "./chain.js";
import { exfiltrationDrafts, TextMemo, visibleTextDrafts } from "./model-text/index.js";
import { descriptionLimitDrafts, nameLimitDrafts, parameterSchemaDrafts, toolCountDrafts, type RequiredParameter } from "./client-limits/index.js";
import { describeValue } from "./escape.js";
import { inspectString } from "../text/escape.js";
import { ANY_MAP, type MapLike } from "./map.js";
import { finalizeOffence, type Draft, type Offence } from "./offence.js";
import { sortOffences } from "./order.js";
import { appendAll } from "./append.js";
import { toolNameDraft } from "./tool-name.js";
import { noToolsDraft } from "./no-tools.js";
import { readOnlyHintDraft } from "./read-only-hint.js";
import { thinDescriptionDraft } from "./thin-description.js";
import { openInputSchemaDraft } from "./open-input-schema.js";
import { confusableNameDraft, confusableWith } from "./confusable-name.js";
import { descriptionShadowed, foreignToolDraft } from "./tool-references.js";
import { namesElsewhere } from "./advisory/nested-required.js";
import type { Path } from "./path.js";
import type { ToolLint } from "./tool-lint.js";

/** The key of a tools/list entry that holds its parameters' schema. */
export const INPUT_SCHEMA = "inputSchema";

/** The chain's keys that live inside `inputSchema` in a tools/list entry. */
const INSIDE_INPUT = new Set(["properties", "required"]);

const SHAPE_FIX = `List the tool as {"name": "search", "description": "...", "inputSchema": {"type": "object", "properties": {}}}.`;

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A tools/list entry's name, when it has a usable one (a non-empty string). */
export function plainToolName(tool: unknown): string | null {
  const name = isRecord(tool) ? tool["name"] : undefined;
  return typeof name === "string" && name !== "" ? name : null;
}

/**
 * How a tools/list entry is named in offences: its name, or its place in the list when it
 * has no usable one or an earlier entry has the same name (`repeated`), so that each entry
 * is one action of its own.
 */
export function plainToolLabel(tool: unknown, index: number, repeated = false): string {
  const name = plainToolName(tool);
  return name === null || repeated ? `tools[${index}]` : name;
}

function shape(path: Path, message: string, fix = SHAPE_FIX): Draft {
  return { code: "tool-shape", path: [], target: { path, part: "value" }, message, fix };
}

function rehomed(path: Path): Path {
  return typeof path[0] === "string" && INSIDE_INPUT.has(path[0]) ? [INPUT_SCHEMA, ...path] : path;
}

/** A chain offence about the one-action view, as a draft about the entry. */
function onTheEntry(offence: Offence): Draft {
  const draft: Draft = {
    code: offence.code,
    path: rehomed(offence.path),
    target: { path: rehomed(offence.target.path), part: offence.target.part },
    message: offence.message,
    fix: offence.fix,
  };
  const repaired = offence.repair === undefined ? draft : { ...draft, repair: offence.repair };
  return offence.formats === undefined ? repaired : { ...repaired, formats: offence.formats };
}

/**
 * The description's drafts. The MCP specification makes it optional, so one missing is a
 * warning among the advisory checks (`advisory`), not a malformed entry.
 */
function descriptionDrafts(tool: Readonly<Record<string, unknown>>, advisory: boolean): Draft[] {
  const present = Object.hasOwn(tool, "description");
  const description = tool["description"];
  if (present && typeof description !== "string") {
    return [
      {
        code: "wrong-type",
        path: [],
        target: { path: ["description"], part: "value" },
        message: `"description" must be a string; got ${describeValue(description)}`,
        fix: `Write the description as a string, e.g. "description": "Search the catalogue".`,
      },
    ];
  }
  if (!advisory || (present && (description as string).trim() !== "")) return [];
  return [
    {
      code: "missing-description",
      path: ["description"],
      target: { path: present ? ["description"] : [], part: "value" },
      message: `${present ? `the tool's "description" is empty` : `the tool has no "description"`}: a model chooses a tool by its description, and sees only the name without one`,
      fix: present
        ? `Write what the tool does and when to use it in "description" (line breaks are allowed in a tool's description).`
        : `Add "description": "<what the tool does and when to use it>" (line breaks are allowed in a tool's description).`,
    },
  ];
}

/** The schema problems of `inputSchema` itself, before its parameters are read. */
function inputSchemaDrafts(tool: Readonly<Record<string, unknown>>): Draft[] {
  if (!Object.hasOwn(tool, INPUT_SCHEMA)) return [shape([], `the tool has no "inputSchema"; every MCP tool declares its arguments' schema`)];
  const input = tool[INPUT_SCHEMA];
  if (!isRecord(input)) return [shape([INPUT_SCHEMA], `"inputSchema" must be a JSON Schema object; got ${describeValue(input)}`)];
  if (input["type"] === "object") return [];
  const found = Object.hasOwn(input, "type") ? `got ${describeValue(input["type"])}` : `it has no "type"`;
  return [
    shape(
      Object.hasOwn(input, "type") ? [INPUT_SCHEMA, "type"] : [INPUT_SCHEMA],
      `"inputSchema.type" must be "object" (a tool's arguments are one object); ${found}`,
      `Write "type": "object" and declare each argument under "properties".`,
    ),
  ];
}

/**
 * The parameters as one action's schema, for the chain: `properties` ({} when absent) and
 * `required`. The tool's description has rules of its own (descriptionDrafts), so the chain
 * is given a one-line stand-in, which it accepts and so goes on to its gated checks.
 */
function parameters(input: Readonly<Record<string, unknown>>): MapLike {
  const schema: Record<string, unknown> = {
    description: "the tool's parameters",
    properties: Object.hasOwn(input, "properties") ? input["properties"] : {},
  };
  if (Object.hasOwn(input, "required")) schema["required"] = input["required"];
  return schema;
}

/** The required parameters of an entry's inputSchema, each with whether its own schema explains it. */
function requiredParameters(input: unknown): RequiredParameter[] {
  if (!isRecord(input) || !Array.isArray(input["required"])) return [];
  const properties = isRecord(input["properties"]) ? input["properties"] : {};
  return input["required"].flatMap((name: unknown): RequiredParameter[] => {
    if (typeof name !== "string") return [];
    const schema = Object.hasOwn(properties, name) ? properties[name] : undefined;
    const description = isRecord(schema) ? schema["description"] : undefined;
    return [{ name, explained: typeof description === "string" && description.trim() !== "" }];
  });
}

/** The client limits of an entry's name, description and parameter schemas (core/client-limits/). */
function clientLimitDrafts(tool: Readonly<Record<string, unknown>>): Draft[] {
  const drafts: Draft[] = [];
  const { name, description } = tool;
  const input = tool[INPUT_SCHEMA];
  if (typeof name === "string") appendAll(drafts, nameLimitDrafts(name, { path: ["name"], part: "value" }, ""));
  if (typeof description === "string") appendAll(drafts, descriptionLimitDrafts(description, { path: ["description"], part: "value" }, requiredParameters(input)));
  if (isRecord(input) && isRecord(input["properties"])) appendAll(drafts, parameterSchemaDrafts(input["properties"], [INPUT_SCHEMA, "properties"]));
  return drafts;
}

/**
 * Every offence of one tools/list entry, each with `label` as its action (plainToolLabel)
 * and its path in the entry. `options.read` is how the entry's maps are read; `memo`, what
 * the texts of the list it is in hold.
 */
export function plainToolOffences(tool: unknown, label: string, options: CheckOptions = {}, memo?: TextMemo): Offence[] {
  if (!isRecord(tool)) return [finalizeOffence(shape([], `a tools/list entry must be an object; got ${describeValue(tool)}`), label)];
  const drafts: Draft[] = [];
  const name = tool["name"];
  if (typeof name !== "string") {
    drafts.push(shape(Object.hasOwn(tool, "name") ? ["name"] : [], `the tool's "name" must be a string; got ${describeValue(name)}`, `Name the tool, e.g. "name": "search".`));
  } else {
    const named = toolNameDraft(name, "");
    if (named !== null) drafts.push(named);
  }
  appendAll(drafts, descriptionDrafts(tool, options.advisory === true));
  const inputDrafts = inputSchemaDrafts(tool);
  appendAll(drafts, inputDrafts);
  const input = tool[INPUT_SCHEMA];
  const offences = drafts.map((draft) => finalizeOffence(draft, label));
  if (isRecord(input)) {
    const names = options.advisory === true ? new Set([label]) : undefined;
    // The advisory checks read the whole inputSchema as one schema, once its "type" is right.
    const root = inputDrafts.length === 0 ? { root: { parent: null, segment: INPUT_SCHEMA, schema: input, property: false } } : {};
    const plain = { ...root, namesElsewhere: namesElsewhere(input, options.read ?? ANY_MAP), description: tool["description"] };
    for (const offence of actionOffences(label, parameters(input), options.read ?? ANY_MAP, names, plain)) {
      // The name is not an action name: its rules are the tool's (above). The chain leaves the
      // text a model reads to the whole entry (below), where the real description is.
      if (offence.path.length === 0 && offence.target.part === "key") continue;
      offences.push(finalizeOffence(onTheEntry(offence), label));
    }
  }
  if (options.advisory === true) {
    const read = options.read ?? ANY_MAP;
    appendAll(
      offences,
      visibleTextDrafts(tool, read, memo).map((draft) => finalizeOffence(draft, label)),
    );
    appendAll(
      offences,
      clientLimitDrafts(tool).map((draft) => finalizeOffence(draft, label)),
    );
    for (const draft of [readOnlyHintDraft(tool["name"], tool["annotations"]), thinDescriptionDraft(tool["name"], tool["description"]), openInputSchemaDraft(input)])
      if (draft !== null) offences.push(finalizeOffence(draft, label));
    if (isRecord(input)) {
      const view = { description: tool["description"], properties: input["properties"] };
      for (const draft of exfiltrationDrafts(view, read))
        offences.push(finalizeOffence({ ...draft, path: rehomed(draft.path), target: { ...draft.target, path: rehomed(draft.target.path) } }, label));
    }
  }
  return sortOffences(offences);
}

/** For each entry of a tools/list, whether an earlier entry has the same string name. */
export function repeatedNames(tools: readonly unknown[]): boolean[] {
  const seen = new Set<string>();
  return tools.map((tool) => {
    const name = isRecord(tool) ? tool["name"] : undefined;
    if (typeof name !== "string") return false;
    if (seen.has(name)) return true;
    seen.add(name);
    return false;
  });
}

/** The duplicate-tool offence of an entry listed again under a name an earlier entry has (`action`: null for a tool-level one). */
function repeatedNameOffence(action: string | null, name: string): Offence {
  return finalizeOffence(
    {
      code: "duplicate-tool",
      path: [],
      target: { path: ["name"], part: "value" },
      message: `tools/list lists the tool name ${inspectString(name)} more than once`,
      fix: "Register each tool once: a client calls tools by name, so only one of them can be reached.",
    },
    action,
  );
}

/** The names of a tools/list entry's parameters and their fields: the keys of every "properties" in its inputSchema (walked with a stack, so no depth overflows it). */
function parameterNames(tool: unknown): string[] {
  const names: string[] = [];
  const seen = new Set<unknown>();
  const stack: unknown[] = [isRecord(tool) ? tool[INPUT_SCHEMA] : undefined];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    for (const [key, inner] of Object.entries(value)) {
      if (key === "properties" && isRecord(inner)) appendAll(names, Object.keys(inner));
      stack.push(inner);
    }
  }
  return names;
}

/** What one list's entries are beside each other, found once for the list: names repeated, names confusable, the names offered. */
export interface ListNames {
  readonly repeated: readonly boolean[];
  readonly confusable: readonly (string | null)[];
  readonly offered: ReadonlySet<string>;
  /** Whether the advisory checks run: confusable-name and the steering of a tool not offered are theirs. */
  readonly advisory: boolean;
}

/** The ListNames of a list's `entries`. */
export function listNames(entries: readonly unknown[], advisory: boolean): ListNames {
  const names = entries.map(plainToolName);
  return {
    repeated: repeatedNames(entries),
    confusable: advisory ? confusableWith(names) : [],
    offered: new Set(names.filter((name): name is string => name !== null)),
    advisory,
  };
}

/**
 * The offences the entry at `index` has beside the list's others, as `action`: its name used
 * before, its name read as another's, its `description` steering a tool the list does not offer
 * (unless its `own` offences already find the description shadowing).
 */
export function besideOthers(list: ListNames, index: number, entry: unknown, description: unknown, own: readonly Offence[], action: string | null): Offence[] {
  const offences: Offence[] = [];
  const name = plainToolName(entry) as string;
  if (list.repeated[index] === true) offences.push(repeatedNameOffence(action, name));
  const like = list.confusable[index] ?? null;
  if (like !== null) offences.push(finalizeOffence(confusableNameDraft(name, like, "tool", { path: ["name"], part: "value" }), action));
  const steering = list.advisory && !descriptionShadowed(own) ? foreignToolDraft(description, list.offered, () => parameterNames(entry)) : null;
  if (steering !== null) offences.push(finalizeOffence(steering, action));
  return offences;
}

/** A saved tools/list's entries: the result object's "tools", or a list of tools itself; null for anything else. */
export function listedTools(value: unknown): { readonly tools: readonly unknown[]; readonly at: Path } | null {
  if (Array.isArray(value)) return { tools: value, at: [] };
  if (isRecord(value) && Array.isArray(value["tools"])) return { tools: value["tools"] as unknown[], at: ["tools"] };
  return null;
}

/** A saved tools/list linted: one action per entry, and where each label's entry is. */
export interface ToolListLint {
  readonly lint: ToolLint;
  readonly places: ReadonlyMap<string, Path>;
}

/** A tools file's value (a tools/list result, or a list of tools); `tool` is the file's name for the run. */
export function lintToolList(value: unknown, tool: string | null, options: CheckOptions = {}): ToolListLint {
  const listed = listedTools(value);
  if (listed === null) {
    const offence = finalizeOffence(
      shape(
        [],
        `a tools file holds a tools/list result {"tools": [...]} or a list of tools; got ${describeValue(value)}`,
        `Save the result of tools/list as it came: {"tools": [{"name": ..., "inputSchema": ...}]}.`,
      ),
      null,
    );
    return { lint: { tool, actions: 0, offences: [offence] }, places: new Map() };
  }
  const list = listNames(listed.tools, options.advisory === true);
  const places = new Map<string, Path>();
  const offences: Offence[] = [];
  if (options.advisory === true) {
    const target = { path: listed.at, part: "value" } as const;
    for (const draft of toolCountDrafts(listed.tools.length, target)) offences.push(finalizeOffence(draft, null));
    const none = noToolsDraft(listed.tools.length, target);
    if (none !== null) offences.push(finalizeOffence(none, null));
  }
  // The list's tools repeat their parameters' texts: each is judged once.
  const memo = new TextMemo();
  listed.tools.forEach((entry, index) => {
    const label = plainToolLabel(entry, index, list.repeated[index]);
    places.set(label, [...listed.at, index]);
    const own = plainToolOffences(entry, label, options, memo);
    appendAll(offences, own);
    appendAll(offences, besideOthers(list, index, entry, isRecord(entry) ? entry["description"] : undefined, own, label));
  });
  return { lint: { tool, actions: listed.tools.length, offences: sortOffences(offences) }, places };
}
