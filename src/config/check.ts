// Checks a parsed config against its own JSON Schema (schemas/config.schema.json, the one
// editors complete from) with the core's JSON Schema validator (@cfworker/json-schema, loaded
// at the first config checked: core/json-schema/validator.ts), every mistake at once, and
// words each failure from the schema itself: the place (a path inside the config, its key or
// its value), what the schema expects there and what was found, with the close match of a
// misspelt key or value. What the schema cannot say is checked here too: how many globs a list
// may hold and how many wildcards a glob (matching time), and an ESLint-style numeric
// severity named. Called by load.ts.

import { readFileSync } from "node:fs";
import { jsonSchemaValidator, locationSegments, type OutputUnit, type Validator } from "../core/json-schema/validator.js";
import { closeMatch } from "../core/close-match.js";
import { SEVERITY_SETTINGS } from "../core/codes.js";
import { describeType } from "../core/escape.js";
import type { Path } from "../core/path.js";
import { inspectString } from "../text/escape.js";

/** One mistake in the config: where (a path inside the config, key or value) and what. */
export interface Problem {
  readonly path: Path;
  readonly part: "key" | "value";
  readonly message: string;
}

/** The part of a JSON Schema this module reads. */
interface SchemaNode {
  readonly $ref?: string;
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly additionalProperties?: boolean | SchemaNode;
  readonly required?: readonly string[];
  readonly items?: SchemaNode;
  readonly minItems?: number;
  readonly uniqueItems?: boolean;
  readonly minLength?: number;
  readonly minimum?: number;
}

// The schema is read from the package (two levels above this module, built or bundled), and
// the validator made once, at the first config a process checks.
let validator: { readonly schema: SchemaNode; readonly validator: Validator } | null = null;
async function configValidator(): Promise<{ readonly schema: SchemaNode; readonly validator: Validator }> {
  if (validator === null) {
    const schema = JSON.parse(readFileSync(new URL("../../schemas/config.schema.json", import.meta.url), "utf8")) as SchemaNode;
    const { Validator } = jsonSchemaValidator();
    validator = { schema, validator: new Validator(schema, "7", false) };
  }
  return validator;
}

/** The most globs one list may hold (docs/configuration.md): each is tested against every path a search meets. */
export const MAX_GLOBS = 1000;
/** The most `*` wildcards one path segment of an override's glob may hold: each more multiplies the time a backtracking match can take by the name's length. */
export const MAX_STARS_PER_SEGMENT = 4;

// What things are called, by where they stand in the config (indexes as "[]"): the keys of an
// object, and the values that are more than a string. Wording only: what is allowed is the schema's.
const KEY_NAMES: Readonly<Record<string, readonly [one: string, many: string]>> = {
  "": ["a config key", "config keys"],
  rules: ["an offence code", "offence codes"],
  "overrides[].rules": ["an offence code", "offence codes"],
  "overrides[]": ["a key of an override", "keys of an override"],
  tokens: ["a token budget", "token budgets"],
};
const VALUE_NAMES: Readonly<Record<string, string>> = {
  "ignore[]": "glob string",
  "overrides[].files[]": "glob string",
  baseline: "file name",
};
// ESLint's numeric severities, which users bring along.
const ESLINT_SEVERITIES: readonly string[] = ["off", "warn", "error"];

/** Where a path stands, its indexes as "[]": `overrides[].files[]`. */
function place(path: Path): string {
  return path.map((segment, i) => (typeof segment === "number" ? "[]" : i === 0 ? segment : `.${segment}`)).join("");
}

/** A value as a message shows what was found: strings quoted, numbers and the like as written, an empty list named, others by kind. */
function found(value: unknown): string {
  if (typeof value === "string") return inspectString(value);
  if (typeof value === "number" || typeof value === "boolean" || value === null) return JSON.stringify(value);
  if (Array.isArray(value) && value.length === 0) return "an empty list";
  return describeType(value);
}

/** `"a", "b" or "c"`. */
function listed(values: readonly unknown[], last = "or"): string {
  const shown = values.map((value) => (typeof value === "string" ? inspectString(value) : JSON.stringify(value)));
  return shown.length < 2 ? shown.join("") : `${shown.slice(0, -1).join(", ")} ${last} ${shown.at(-1)}`;
}

function didYouMean(word: string, candidates: readonly string[]): string {
  const match = closeMatch(word, candidates) ?? candidates.find((c) => word.startsWith(c) || (word.length > 1 && c.startsWith(word)));
  return match === undefined || match === null ? "" : `; did you mean ${inspectString(match)}?`;
}

/** What the schema expects of the value at `path`, as a message says it: "a non-empty list of glob strings". */
function expected(schema: SchemaNode, path: Path): string {
  if (schema.enum !== undefined) return listed(schema.enum);
  switch (schema.type) {
    case "string": {
      const name = VALUE_NAMES[place(path)] ?? "string";
      return `a ${(schema.minLength ?? 0) > 0 ? "non-empty " : ""}${name}`;
    }
    case "integer":
      return schema.minimum === undefined ? "a whole number" : `a whole number of ${schema.minimum} or more`;
    case "array": {
      const items = schema.items === undefined ? "values" : expectedMany(schema.items, [...path, 0]);
      return `a ${(schema.minItems ?? 0) > 0 ? "non-empty " : ""}list of ${items}${schema.uniqueItems === true ? ", each once" : ""}`;
    }
    case "object": {
      if (schema.required !== undefined && schema.required.length > 0) return `an object with ${listed(schema.required, "and")}`;
      const names = KEY_NAMES[place(path)];
      return names === undefined ? "an object" : `an object of ${names[1]}`;
    }
    default:
      return schema.type === undefined ? "something else" : `a ${schema.type}`;
  }
}

/** `expected` for several: "non-empty glob strings", "any of "a", "b" or "c"". */
function expectedMany(schema: SchemaNode, path: Path): string {
  if (schema.enum !== undefined) return `any of ${listed(schema.enum)}`;
  const one = expected(schema, path);
  return `${one.replace(/^an? /, "")}s`;
}

/** The schema node a keyword location names (its last segment, the keyword, left off), following each "$ref" there. */
function schemaAt(root: SchemaNode, segments: readonly string[]): SchemaNode {
  let node: unknown = root;
  for (const segment of segments) {
    if (segment === "$ref") {
      const ref = (node as SchemaNode).$ref ?? "#";
      node = schemaAt(root, locationSegments(ref));
    } else node = (node as Record<string, unknown>)[segment];
  }
  return node as SchemaNode;
}

/** The value and its path at an instance location ("#/overrides/0/files"): an index where the value is a list. */
function instanceAt(root: unknown, location: string): { value: unknown; path: Path } {
  let value = root;
  const path: (string | number)[] = [];
  for (const segment of locationSegments(location)) {
    const step = Array.isArray(value) ? Number(segment) : segment;
    path.push(step);
    value = (value as Record<string | number, unknown>)[step];
  }
  return { value, path };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The problems one failed keyword makes; none for a keyword whose failure is its parts' (properties, items, $ref). */
function problemsOf(unit: OutputUnit, root: SchemaNode, config: unknown): Problem[] {
  const segments = locationSegments(unit.keywordLocation);
  const keyword = segments.at(-1);
  if (keyword === undefined || ["properties", "items", "$ref", "false", "allOf", "anyOf", "oneOf"].includes(keyword) || unit.keyword === "false") return [];
  const schema = schemaAt(root, segments.slice(0, -1));
  const { value, path } = instanceAt(config, unit.instanceLocation);
  const at = (message: string): Problem[] => [{ path, part: "value", message }];
  switch (keyword) {
    case "additionalProperties": {
      const allowed = Object.keys(schema.properties ?? {});
      const names = KEY_NAMES[place(path)] ?? ["a key here", "keys"];
      const shownAllowed = allowed.length <= 10 ? ` (${allowed.map(inspectString).join(", ")})` : "";
      return Object.keys(isObject(value) ? value : {})
        .filter((key) => !allowed.includes(key))
        .map((key) => ({ path: [...path, key], part: "key", message: `${inspectString(key)} is not ${names[0]}${shownAllowed}${didYouMean(key, allowed)}` }));
    }
    case "required": {
      const missing = (schema.required ?? []).filter((key) => !isObject(value) || !Object.hasOwn(value, key));
      return at(`must be ${expected(schema, path)}; ${listed(missing, "and")} ${missing.length === 1 ? "is" : "are"} missing`);
    }
    case "uniqueItems": {
      const seen = new Set<string>();
      return (Array.isArray(value) ? value : []).flatMap((item: unknown, i): Problem[] => {
        const key = JSON.stringify(item);
        if (!seen.has(key)) {
          seen.add(key);
          return [];
        }
        return [{ path: [...path, i], part: "value", message: `${found(item)} is named twice` }];
      });
    }
    case "enum": {
      const values = (schema.enum ?? []).filter((v): v is string => typeof v === "string");
      const severity = typeof value === "number" && listed(values) === listed(SEVERITY_SETTINGS) ? ESLINT_SEVERITIES[value] : undefined;
      const hint = typeof value === "string" ? didYouMean(value, values) : severity === undefined ? "" : `; did you mean ${inspectString(severity)}?`;
      return at(`must be ${expected(schema, path)}; got ${found(value)}${hint}`);
    }
    default:
      return at(`must be ${expected(schema, path)}; got ${found(value)}`);
  }
}

/** Why an override's glob is refused, or null: too many `*` in one segment (`**` is one segment of its own and free). */
function globComplexity(glob: string): string | null {
  for (const segment of glob.split("/")) {
    if (segment === "**") continue;
    const stars = segment.match(/\*+/g)?.length ?? 0;
    if (stars > MAX_STARS_PER_SEGMENT) {
      return `the path segment ${inspectString(segment)} has ${stars} "*" wildcards, more than the ${MAX_STARS_PER_SEGMENT} allowed (matching such a glob can take exponential time); write it with fewer, or as several globs`;
    }
  }
  return null;
}

/** The bounds the schema does not hold: globs and overrides per list, wildcards per glob. */
function boundProblems(config: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const bounded = (list: unknown, path: Path, what: string, advice: string): list is unknown[] => {
    if (!Array.isArray(list)) return false;
    if (list.length <= MAX_GLOBS) return true;
    problems.push({ path, part: "value", message: `holds ${list.length} ${what}, more than the ${MAX_GLOBS} allowed; ${advice}` });
    return false;
  };
  const globAdvice = 'match a directory with one glob ("generated/**") rather than each file';
  bounded(config["ignore"], ["ignore"], "globs", globAdvice);
  const overrides = config["overrides"];
  if (bounded(overrides, ["overrides"], "overrides", "give one override several globs")) {
    overrides.forEach((override, i) => {
      const files = isObject(override) ? override["files"] : undefined;
      if (!bounded(files, ["overrides", i, "files"], "globs", globAdvice)) return;
      files.forEach((glob, j) => {
        const complexity = typeof glob === "string" ? globComplexity(glob) : null;
        if (complexity !== null) problems.push({ path: ["overrides", i, "files", j], part: "value", message: complexity });
      });
    });
  }
  return problems;
}

/** Every mistake in the parsed config `value`; none when it is a config. */
export async function configProblems(value: unknown): Promise<Problem[]> {
  const { schema, validator } = await configValidator();
  const bounds = isObject(value) ? boundProblems(value) : [];
  let units: readonly OutputUnit[];
  try {
    units = validator.validate(value).errors;
  } catch (error) {
    // The validator passes a map's or list's mistakes on as one call's arguments: past the stack's size, it throws.
    if (!(error instanceof RangeError)) throw error;
    return [{ path: [], part: "value", message: "holds more mistakes than can be checked at once (a list or map of many thousands of wrong entries)" }, ...bounds];
  }
  const problems = units.flatMap((unit) => problemsOf(unit, schema, value));
  // One failure may be reported by several units (two missing keys, two unknown ones): each place and message once.
  const unique = [...new Map(problems.map((p) => [`${JSON.stringify(p.path)} ${p.part} ${p.message}`, p])).values()];
  return [...unique, ...bounds];
}
