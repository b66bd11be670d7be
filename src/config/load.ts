// Reads and checks the config file (docs/configuration.md): parsed as JSON or JSON5 by
// our own parser (no code runs), then checked against its JSON Schema (check.ts), every
// mistake at once. Any mistake is a usage error (exit 2) listing each problem with its file,
// line:column, its path in the config, what was expected and what was found. Called by the
// engine with what find.ts found.

import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { describeThrown } from "../core/escape.js";
import { inspectString } from "../text/escape.js";
import type { Path } from "../core/path.js";
import { UsageError } from "../usage-error.js";
import { parseJson, parseJson5 } from "../text/json5-parse.js";
import { ParseError } from "../text/json5-lexer.js";
import { sourcePositions } from "../locate/json-entries.js";
import type { Position } from "../text/positions.js";
import type { ClientId } from "../core/client-limits/profiles.js";
import type { FormatsReading } from "../core/json-schema/dialect.js";
import { DEFAULT_ELIXIR_TIMEOUT_SECONDS, type Config, type CodeSeverities, type TokenBudgets } from "./config.js";
import type { ConfigSource } from "./find.js";
import { configProblems, type Problem } from "./check.js";

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

/** The shape the schema gives a config that passed it. */
interface CheckedConfig {
  readonly ignore?: readonly string[];
  readonly rules?: CodeSeverities;
  readonly overrides?: readonly { readonly files: readonly string[]; readonly rules: CodeSeverities }[];
  readonly baseline?: string;
  readonly clients?: readonly ClientId[];
  readonly tokens?: TokenBudgets;
  readonly formats?: FormatsReading;
  readonly elixir?: { readonly evaluate?: boolean; readonly mix?: string; readonly timeout?: number };
}

/** The config from its parsed value, or the problems found in it; `file` is where it was read (its directory resolves the baseline). */
async function checkConfig(value: unknown, file: string): Promise<{ config: Config } | { problems: Problem[] }> {
  const problems = await configProblems(value);
  if (problems.length > 0) return { problems };
  const checked = value as CheckedConfig;
  const dir = dirname(file);
  const config: Config = {
    file,
    dir,
    ignore: Object.freeze([...(checked.ignore ?? [])]),
    rules: Object.freeze({ ...checked.rules }),
    overrides: Object.freeze((checked.overrides ?? []).map((o) => Object.freeze({ files: Object.freeze([...o.files]), rules: Object.freeze({ ...o.rules }) }))),
    baseline: checked.baseline === undefined ? null : resolve(dir, checked.baseline),
    clients: checked.clients === undefined ? null : Object.freeze([...checked.clients]),
    tokens: checked.tokens === undefined ? null : Object.freeze({ ...checked.tokens }),
    formats: checked.formats ?? null,
    elixir:
      checked.elixir === undefined
        ? null
        : Object.freeze({ evaluate: checked.elixir.evaluate ?? false, mix: checked.elixir.mix ?? null, timeoutSeconds: checked.elixir.timeout ?? DEFAULT_ELIXIR_TIMEOUT_SECONDS }),
  };
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
export async function loadConfig(source: ConfigSource, cwd: string): Promise<Config> {
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
  const checked = await checkConfig(parsed, source.file);
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
