// What a config file says, once read and checked (load.ts, check.ts): the extra ignore globs, the
// severity of codes for every file, and overrides for files matching globs. Plain frozen
// data; which severity applies to one file is severity-rules.ts's business.

import type { OffenceCode, SeveritySetting } from "../core/codes.js";
import type { ClientId } from "../core/client-limits/profiles.js";
import type { FormatsReading } from "../core/json-schema/dialect.js";

/** A config's `rules` (or an override's): the setting of each code it names; a code not named keeps its default. */
export type CodeSeverities = Readonly<Partial<Record<OffenceCode, SeveritySetting>>>;

export interface Override {
  /** Globs relative to the config file's directory (see severity-rules.ts for how they match). */
  readonly files: readonly string[];
  readonly rules: CodeSeverities;
}

export interface Config {
  /** The file the config was read from (absolute): a config file or a package.json. */
  readonly file: string;
  /** Its directory: globs, `ignore` and `baseline` are relative to it. */
  readonly dir: string;
  readonly ignore: readonly string[];
  readonly rules: CodeSeverities;
  /** In file order: a later override wins over an earlier one and over `rules`. */
  readonly overrides: readonly Override[];
  /** The baseline file (absolute), when the config names one. */
  readonly baseline: string | null;
  /** The clients whose limits are reported (docs/client-limits.md); null when the config names none: every client. */
  readonly clients: readonly ClientId[] | null;
  /** Token estimates asked for, with the budgets set (docs/tokens.md); null when the config has no `tokens`: none are made. */
  readonly tokens: TokenBudgets | null;
  /** How value-mismatch reads "format" in every dialect (docs/codes/value-mismatch.md); null when the config says nothing: as each schema's dialect reads it. */
  readonly formats: FormatsReading | null;
  /** Whether and how Elixir tool modules are evaluated by their project's Elixir (docs/inputs.md, "Evaluated by Elixir"); null when the config has no `elixir`. */
  readonly elixir: ElixirSettings | null;
}

/** The config's `elixir`: evaluation on or off, the `mix` to run (a path, resolved against the config's directory, or a name on PATH), the seconds one project's evaluation gets. */
export interface ElixirSettings {
  readonly evaluate: boolean;
  readonly mix: string | null;
  readonly timeoutSeconds: number;
}

/** Seconds one project's evaluation gets (compiling included) when the config says nothing. */
export const DEFAULT_ELIXIR_TIMEOUT_SECONDS = 300;

/** The token budgets a config's `tokens` sets, each a number of tokens (docs/tokens.md). */
export interface TokenBudgets {
  readonly action?: number;
  readonly tool?: number;
  readonly server?: number;
}

/** The keys of `tokens`. */
export const TOKEN_BUDGET_KEYS = ["action", "tool", "server"] as const;

/** The config's top-level keys: the one list schemas/config.schema.json is built from (schema.ts), which check.ts checks a config against. */
export const CONFIG_KEYS = ["$schema", "ignore", "rules", "overrides", "baseline", "clients", "tokens", "formats", "elixir"] as const;
/** The keys of one override. */
export const OVERRIDE_KEYS = ["files", "rules"] as const;
