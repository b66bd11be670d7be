// The config file's JSON Schema (schemas/config.schema.json): what editors complete with, and
// what the loader checks a config against (check.ts), built from the config's keys, the
// offence codes and the severities. scripts/gen-docs.mjs writes it (`npm run gen`);
// test/config/config.test.ts compares it with the committed file, so the two cannot drift.

import { codeTitle, OFFENCE_CODES, SEVERITY_SETTINGS } from "../core/codes.js";
import { type CONFIG_KEYS, DEFAULT_ELIXIR_TIMEOUT_SECONDS, OVERRIDE_KEYS, TOKEN_BUDGET_KEYS } from "./config.js";
import { CLIENT_IDS } from "../core/client-limits/profiles.js";
import { FORMATS_READINGS } from "../core/json-schema/dialect.js";

const DESCRIPTIONS: Readonly<Record<(typeof CONFIG_KEYS)[number], string>> = {
  $schema: "The address of this JSON Schema, for editor completion. Not read by wymcp-lint.",
  ignore: "Globs of files and directories that discovery skips, relative to this file's directory (as in .gitignore).",
  rules: 'The severity of offence codes for every file: "error" (counts for exit 1), "warn" (shown) or "off" (not reported).',
  overrides: "Severities for the files some globs match (relative to this file's directory); a later override wins.",
  baseline: "The baseline file (relative to this file's directory); default wymcp-lint-baseline.json beside this file.",
  tokens:
    "Token estimates of each action, tool and server in the JSON report (an offline o200k_base count; docs/tokens.md), with the budgets set: over one, a token-budget warning.",
  clients: "The clients whose limits on names, description lengths, parameter schemas and tool counts are reported (docs/client-limits.md); default: every client.",
  formats:
    'How value-mismatch reads "format" in every dialect: "assert" (a value not of the format is a mismatch) or "annotate" (never); default: as the schema\'s dialect says, asserted in draft-07 and an annotation in 2020-12 (docs/codes/value-mismatch.md).',
  elixir:
    "Elixir tool modules evaluated by the project's own Elixir (docs/inputs.md, \"Evaluated by Elixir\"): evaluate (default false; --elixir-eval turns it on) compiles the project and RUNS its code; mix, the mix to run (a path relative to this file's directory, or a name on PATH; default mix); timeout, the seconds one project's evaluation gets, compiling included (default 300).",
};

export function configSchema(): Record<string, unknown> {
  const rules = {
    type: "object",
    description: DESCRIPTIONS.rules,
    properties: Object.fromEntries(OFFENCE_CODES.map((code) => [code, { $ref: "#/definitions/severity", description: codeTitle(code) }])),
    additionalProperties: false,
  };
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: "wymcp-lint config",
    description: 'wymcp-lint.config.json, wymcp-lint.config.json5, or the "wymcp-lint" key of package.json.',
    type: "object",
    properties: {
      $schema: { type: "string", description: DESCRIPTIONS.$schema },
      ignore: { type: "array", description: DESCRIPTIONS.ignore, items: { type: "string", minLength: 1 } },
      rules: { $ref: "#/definitions/rules" },
      overrides: {
        type: "array",
        description: DESCRIPTIONS.overrides,
        items: {
          type: "object",
          properties: {
            files: {
              type: "array",
              description: 'Globs relative to this file\'s directory; a glob without "/" matches a base name at any depth.',
              items: { type: "string", minLength: 1 },
              minItems: 1,
            },
            rules: { $ref: "#/definitions/rules" },
          },
          required: [...OVERRIDE_KEYS],
          additionalProperties: false,
        },
      },
      baseline: { type: "string", minLength: 1, description: DESCRIPTIONS.baseline },
      clients: { type: "array", description: DESCRIPTIONS.clients, items: { enum: [...CLIENT_IDS] }, uniqueItems: true },
      tokens: {
        type: "object",
        description: DESCRIPTIONS.tokens,
        properties: Object.fromEntries(TOKEN_BUDGET_KEYS.map((key) => [key, { type: "integer", minimum: 1, description: `The most tokens one ${key} may take.` }])),
        additionalProperties: false,
      },
      formats: { enum: [...FORMATS_READINGS], description: DESCRIPTIONS.formats },
      elixir: {
        type: "object",
        description: DESCRIPTIONS.elixir,
        properties: {
          evaluate: { type: "boolean", description: "Evaluate the Elixir tool modules with the project's Elixir, which compiles and runs the project's code." },
          mix: { type: "string", minLength: 1, description: "The mix to run: a path relative to this file's directory, or a name looked up on PATH." },
          timeout: {
            type: "number",
            exclusiveMinimum: 0,
            description: `The seconds one project's evaluation gets, compiling included (default ${DEFAULT_ELIXIR_TIMEOUT_SECONDS}).`,
          },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
    definitions: {
      severity: { enum: [...SEVERITY_SETTINGS] },
      rules,
    },
  };
}
