// Reads and checks the config file (README.md, "Configuration"): parsed as JSON or JSON5 by
// our own parser (no code runs), then every key and value checked at once. Any mistake is a
// usage error (exit 2) listing each problem with its file, line:column, its path in the
// config and, for a misspelt key, code or severity, the close match. Called by
// src/cli/run.ts with what find.ts found.

import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { closeMatch } from "../core/close-match.js";
import { describeType, describeThrown } from "../core/escape.js";
import { inspectString } from "../text/escape.js";
import { OFFENCE_CODES, SEVERITY_SETTINGS, type OffenceCode, type SeveritySetting } from "../core/codes.js";
import type { Path } from "../core/path.js";
import { appendAll } from "../core/append.js";
import { UsageError } from "../usage-error.js";
import { parseJson, parseJson5 } from "../text/json5-parse.js";
import { ParseError } from "../text/json5-lexer.js";
import { sourcePositions } from "../locate/json-entries.js";
import type { Position } from "../text/positions.js";
import { CLIENT_IDS, isClientId, type ClientId } from "../core/client-limits/profiles.js";
import { CONFIG_KEYS, OVERRIDE_KEYS, TOKEN_BUDGET_KEYS, type Config, type CodeSeverities, type Override, type TokenBudgets } from "./config.js";
import type { ConfigSource } from "./find.js";

/** One mistake in the config: where (a path inside the config, key or value) and what. */
interface Problem {
  readonly path: Path;
  readonly part: "key" | "value";
  readonly message: string;
}

/** A path inside the config as JavaScript would write it: `overrides[0].rules["unknwon-key"]`. */
export function renderConfigPath(path: Path): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === "" ? "the top level" : out;
}

function didYouMean(word: string, candidates: readonly string[]): string {
  const match = closeMatch(word, candidates) ?? candidates.find((c) => word.startsWith(c) || (word.length > 1 && c.startsWith(word)));
  return match === undefined || match === null ? "" : `; did you mean ${inspectString(match)}?`;
}

/** A value as a message shows what was found: strings quoted, an empty list named, others by kind. */
function found(value: unknown): string {
  if (typeof value === "string") return inspectString(value);
  if (Array.isArray(value) && value.length === 0) return "an empty list";
  return describeType(value);
}

// ESLint's numeric severities, which users bring along.
const ESLINT_SEVERITIES: readonly SeveritySetting[] = ["off", "warn", "error"];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Checks the keys of an object against the allowed ones; returns the problems. */
function unknownKeys(value: Record<string, unknown>, allowed: readonly string[], path: Path, what: string): Problem[] {
  return Object.keys(value)
    .filter((key) => !allowed.includes(key))
    .map((key) => ({
      path: [...path, key],
      part: "key" as const,
      message: `${inspectString(key)} is not ${what} (${allowed.map(inspectString).join(", ")})${didYouMean(key, allowed)}`,
    }));
}

/** The most globs one list may hold (README.md, "Configuration"): each is tested against every path a search meets. */
export const MAX_GLOBS = 1000;
/** The most `*` wildcards one path segment of an override's glob may hold: each more multiplies the time a backtracking match can take by the name's length. */
export const MAX_STARS_PER_SEGMENT = 4;

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

function globList(value: unknown, path: Path, problems: Problem[], options: { readonly required: boolean; readonly bounded: boolean }): string[] {
  const { required, bounded } = options;
  if (!Array.isArray(value) || (required && value.length === 0)) {
    problems.push({ path, part: "value", message: `must be a ${required ? "non-empty " : ""}list of glob strings; got ${found(value)}` });
    return [];
  }
  if (value.length > MAX_GLOBS) {
    problems.push({
      path,
      part: "value",
      message: `holds ${value.length} globs, more than the ${MAX_GLOBS} allowed; match a directory with one glob ("generated/**") rather than each file`,
    });
    return [];
  }
  const globs: string[] = [];
  value.forEach((glob: unknown, i) => {
    const complexity = bounded && typeof glob === "string" ? globComplexity(glob) : null;
    if (complexity !== null) problems.push({ path: [...path, i], part: "value", message: complexity });
    else if (typeof glob === "string" && glob !== "") globs.push(glob);
    else problems.push({ path: [...path, i], part: "value", message: `must be a non-empty glob string; got ${found(glob)}` });
  });
  return globs;
}

const CODES: readonly string[] = OFFENCE_CODES;

function codeSeverities(value: unknown, path: Path, problems: Problem[]): CodeSeverities {
  if (!isObject(value)) {
    problems.push({ path, part: "value", message: `must be an object of offence codes to "error", "warn" or "off"; got ${describeType(value)}` });
    return {};
  }
  const severities: Partial<Record<OffenceCode, SeveritySetting>> = {};
  for (const code of Object.keys(value)) {
    const severity = value[code];
    if (!CODES.includes(code)) {
      problems.push({ path: [...path, code], part: "key", message: `${inspectString(code)} is not an offence code${didYouMean(code, CODES)}` });
    } else if (typeof severity !== "string" || !(SEVERITY_SETTINGS as readonly string[]).includes(severity)) {
      const eslint = typeof severity === "number" ? ESLINT_SEVERITIES[severity] : undefined;
      const hint = typeof severity === "string" ? didYouMean(severity, SEVERITY_SETTINGS) : eslint === undefined ? "" : `; did you mean ${inspectString(eslint)}?`;
      problems.push({ path: [...path, code], part: "value", message: `must be "error", "warn" or "off"; got ${found(severity)}${hint}` });
    } else {
      severities[code as OffenceCode] = severity as SeveritySetting;
    }
  }
  return Object.freeze(severities);
}

function overrides(value: unknown, problems: Problem[]): Override[] {
  if (!Array.isArray(value)) {
    problems.push({ path: ["overrides"], part: "value", message: `must be a list of { files, rules } objects; got ${describeType(value)}` });
    return [];
  }
  if (value.length > MAX_GLOBS) {
    problems.push({ path: ["overrides"], part: "value", message: `holds ${value.length} overrides, more than the ${MAX_GLOBS} allowed; give one override several globs` });
    return [];
  }
  return value.flatMap((entry: unknown, i): Override[] => {
    const path = ["overrides", i];
    if (!isObject(entry)) {
      problems.push({ path, part: "value", message: `must be an object with "files" and "rules"; got ${describeType(entry)}` });
      return [];
    }
    appendAll(problems, unknownKeys(entry, OVERRIDE_KEYS, path, "a key of an override"));
    for (const key of OVERRIDE_KEYS) {
      if (!Object.hasOwn(entry, key)) problems.push({ path, part: "value", message: `an override needs ${inspectString(key)}` });
    }
    const files = Object.hasOwn(entry, "files") ? globList(entry["files"], [...path, "files"], problems, { required: true, bounded: true }) : [];
    const rules = Object.hasOwn(entry, "rules") ? codeSeverities(entry["rules"], [...path, "rules"], problems) : {};
    return [Object.freeze({ files: Object.freeze(files), rules })];
  });
}

/** The config's `clients`: a list of client names (docs/client-limits.md), each once. */
function clientList(value: unknown, problems: Problem[]): ClientId[] {
  if (!Array.isArray(value)) {
    problems.push({ path: ["clients"], part: "value", message: `must be a list of client names (${CLIENT_IDS.map(inspectString).join(", ")}); got ${found(value)}` });
    return [];
  }
  const clients: ClientId[] = [];
  value.forEach((client: unknown, i) => {
    if (typeof client === "string" && isClientId(client)) {
      if (clients.includes(client)) problems.push({ path: ["clients", i], part: "value", message: `${inspectString(client)} is named twice` });
      else clients.push(client);
    } else {
      const hint = typeof client === "string" ? didYouMean(client, CLIENT_IDS) : "";
      problems.push({ path: ["clients", i], part: "value", message: `${found(client)} is not a client (${CLIENT_IDS.map(inspectString).join(", ")})${hint}` });
    }
  });
  return Object.freeze(clients) as ClientId[];
}

/** The config's `tokens`: budgets of whole tokens, each optional ({} asks for the estimates alone). */
function tokenBudgets(value: unknown, problems: Problem[]): TokenBudgets {
  if (!isObject(value)) {
    problems.push({
      path: ["tokens"],
      part: "value",
      message: `must be an object of budgets (${TOKEN_BUDGET_KEYS.map(inspectString).join(", ")}), each a whole number of tokens; got ${describeType(value)}`,
    });
    return {};
  }
  appendAll(problems, unknownKeys(value, TOKEN_BUDGET_KEYS, ["tokens"], "a token budget"));
  const budgets: Partial<Record<(typeof TOKEN_BUDGET_KEYS)[number], number>> = {};
  for (const key of TOKEN_BUDGET_KEYS) {
    if (!Object.hasOwn(value, key)) continue;
    const budget = value[key];
    if (typeof budget === "number" && Number.isSafeInteger(budget) && budget > 0) budgets[key] = budget;
    else
      problems.push({
        path: ["tokens", key],
        part: "value",
        message: `must be a whole number of tokens above 0; got ${typeof budget === "number" ? String(budget) : found(budget)}`,
      });
  }
  return Object.freeze(budgets);
}

/** The config from its parsed value, or the problems found in it. */
export function checkConfig(value: unknown, file: string): { config: Config } | { problems: Problem[] } {
  const problems: Problem[] = [];
  if (!isObject(value)) return { problems: [{ path: [], part: "value", message: `the config must be an object; got ${describeType(value)}` }] };
  appendAll(problems, unknownKeys(value, CONFIG_KEYS, [], "a config key"));
  if (Object.hasOwn(value, "$schema") && typeof value["$schema"] !== "string") {
    problems.push({ path: ["$schema"], part: "value", message: `must be a string; got ${describeType(value["$schema"])}` });
  }
  const ignore = Object.hasOwn(value, "ignore") ? globList(value["ignore"], ["ignore"], problems, { required: false, bounded: false }) : [];
  const rules = Object.hasOwn(value, "rules") ? codeSeverities(value["rules"], ["rules"], problems) : {};
  const overrideList = Object.hasOwn(value, "overrides") ? overrides(value["overrides"], problems) : [];
  let baseline: string | null = null;
  if (Object.hasOwn(value, "baseline")) {
    const given = value["baseline"];
    if (typeof given === "string" && given !== "") baseline = resolve(dirname(file), given);
    else problems.push({ path: ["baseline"], part: "value", message: `must be a non-empty file name; got ${found(given)}` });
  }
  const clients = Object.hasOwn(value, "clients") ? clientList(value["clients"], problems) : null;
  const tokens = Object.hasOwn(value, "tokens") ? tokenBudgets(value["tokens"], problems) : null;
  if (problems.length > 0) return { problems };
  const config: Config = { file, dir: dirname(file), ignore: Object.freeze(ignore), rules, overrides: Object.freeze(overrideList), baseline, clients, tokens };
  return { config: Object.freeze(config) };
}

function parseConfigText(text: string, file: string): unknown {
  if (file.endsWith(".json5")) return parseJson5(text);
  try {
    return JSON.parse(text);
  } catch {
    // JSON.parse names no line; our strict parser explains the same failure with one.
    return parseJson(text);
  }
}

/** Reads, parses and checks the config `source` names; every mistake is a UsageError. */
export function loadConfig(source: ConfigSource, cwd: string): Config {
  const shown = relative(cwd, source.file) || source.file;
  let text: string;
  try {
    text = readFileSync(source.file, "utf8");
  } catch (error) {
    throw new UsageError(`the config file ${inspectString(shown)} cannot be read: ${describeThrown(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = parseConfigText(text, source.file);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    const message = error.message.replace(` at ${error.line}:${error.column}`, "");
    throw new UsageError(`${shown}:${error.line}:${error.column}: the config file is not valid ${source.file.endsWith(".json5") ? "JSON5" : "JSON"}: ${message}`);
  }
  for (const key of source.within) parsed = (parsed as Record<string, unknown>)[key];
  const checked = checkConfig(parsed, source.file);
  if ("config" in checked) return checked.config;
  const positions = sourcePositions(
    text,
    checked.problems.map((p) => ({ path: [...source.within, ...p.path], part: p.part })),
  );
  // In the file's order, as an editor shows them: by line and column, those without a place
  // last, ties in the order they were found (a stable sort).
  const placed = checked.problems.map((p, i) => ({ problem: p, at: (positions[i] ?? null) as Position | null }));
  placed.sort((a, b) => (a.at === null ? (b.at === null ? 0 : 1) : b.at === null ? -1 : a.at.line - b.at.line || a.at.column - b.at.column));
  const lines = placed.map(({ problem, at }) => {
    const where = at === null ? shown : `${shown}:${at.line}:${at.column}`;
    return `${where}: ${renderConfigPath([...source.within, ...problem.path])}: ${problem.message}`;
  });
  const count = lines.length === 1 ? "a mistake" : `${lines.length} mistakes`;
  throw new UsageError(`the config file has ${count}:\n  ${lines.join("\n  ")}`);
}
