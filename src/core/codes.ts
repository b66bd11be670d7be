// The offence codes: one record per code holding every fact about it (its default severity,
// the pass that finds it, its title, the inputs it applies to, whether --fix repairs it, what
// the chain's gate holds it back on, what its docs page's examples are). Every other statement
// of the codes (the schemas, the docs' tables and pages, SARIF's rules, the advisory registry's
// type) is derived from these records or compared with them by a test; scripts/gen-docs.mjs
// writes the generated ones (CONTRIBUTING.md, "Adding an offence code").

import type { InputKindId } from "../files/kind.js";
import type { ActionSchemaKey } from "../vocabulary.js";

/** How an offence counts: an `error` fails the run (exit 1); a `warn` is shown and fails it only past --max-warnings. */
export type Severity = "error" | "warn";

/** What a code can be set to: a severity, or `off` (not reported at all). */
export type SeveritySetting = Severity | "off";

export const SEVERITY_SETTINGS: readonly SeveritySetting[] = Object.freeze(["error", "warn", "off"]);

/**
 * The passes that find codes, each with what it reads, in the order the docs list them. A
 * code's `origin` is one of these; the docs' count and list of origins are generated from here.
 */
export const CODE_ORIGINS = {
  chain: "the chain: a tool's name and shape, then each action's name and schema",
  source: "a file's text, before any value is read",
  "tool-set": "the tools one server offers together: the files of a directory, the entries of a tools file, a server's list",
  advisory: "checks beside the chain, each on the keys of an action schema it reads, once the chain found them well formed",
  "model-text": "the strings a model reads: every key and string value of an action schema, a tool's name and description",
  names: "a tool's and each action's name, held to the MCP specification's rule for tool names",
  plain: "a plain MCP tool's fields that the MCP specification leaves optional",
  client: "a client's limits on names, lengths and tool counts, and the config's token budgets",
  pin: "each model-visible field of a tool, held to its pin in the lock file",
  server: "a live Wymcp server's two surfaces, tools/list and help, compared",
  directive: "an inline directive's bookkeeping",
  report: "the report's own: the cap on one file's offences",
} as const satisfies Readonly<Record<string, string>>;

/** Which pass finds a code (CODE_ORIGINS). */
export type CodeOrigin = keyof typeof CODE_ORIGINS;

/** The kinds of input a code can apply to: a file of each kind (files/kind.ts), or a running server's tools (--server, --server-url). */
export type InputKind = InputKindId | "server";

/** The kinds of mechanical repair --fix applies (core/offence.ts, Repair, one shape per kind). */
export type RepairKind = "rename-key" | "remove-entry" | "delete-hidden" | "split-to-notes";

/** A check the chain's gate can hold back (docs/checks.md, "Held-back checks"). */
export interface Gate {
  /** The action-schema keys it reads, the one it examines first first: held back, it is recorded only when the action has that one. */
  readonly reads: readonly [ActionSchemaKey, ...ActionSchemaKey[]];
  /** What holds it back: a chain offence on the keys it reads, or any chain offence of its action (it reads a well-formed schema). */
  readonly by: "keys" | "action";
  /**
   * Held back while the action has the first key, when it is recorded: always (absent);
   * "found": only when what it would find is known and not empty; "unless-clean": unless what
   * it would find is known to be nothing, so also when a malformed value keeps it from running
   * and the action holds something it examines (advisory/index.ts, EXAMINES).
   */
  readonly quiet?: "found" | "unless-clean";
}

export interface CodeFacts {
  /** The severity an offence of this code has when no configuration changes it. */
  readonly severity: Severity;
  readonly origin: CodeOrigin;
  /** A short description: a SARIF rule's shortDescription, the config schema's, the code docs' heading. */
  readonly title: string;
  /** The inputs whose lint can report it. */
  readonly appliesTo: readonly [InputKind, ...InputKind[]];
  /** The repairs --fix may make of its offences (where the fix cannot change what was meant), or never. */
  readonly fixable: readonly [RepairKind, ...RepairKind[]] | "never";
  /** For a check the chain's gate can hold back: what it reads, and what holds it back. */
  readonly gate?: Gate;
  /**
   * What its docs page's Bad and Good examples are (docs/codes/<code>.md), when they are not
   * one file whose fence's language names it: a live server's two surfaces of one tool, a
   * tools file, a tools file pinned and then changed, a config's token budgets beside a tools
   * file, an Elixir tool module in a Mix project linted with --elixir-eval.
   */
  readonly examples?: "server" | "tools" | "pins" | "tokens" | "elixir-eval";
}

/** Every kind of input. */
const EVERY_INPUT = ["action-file", "tools-file", "tool-module", "elixir-module", "server"] as const;
/** The inputs that carry Wymcp's action schemas: all but a tools file, whose plain tools have none. */
const WYMCP_INPUTS = ["action-file", "tool-module", "elixir-module", "server"] as const;

/**
 * The one home of the offence codes: one record per code, in the order docs, SARIF rules and
 * the report schema list them. Everything else that names codes derives from this table
 * (OFFENCE_CODES, OffenceCode, defaultSeverity, CodeOf) or is compared with it by a test.
 * Every chain code is an error (docs/checks.md). Its docs page is docs/codes/<code>.md.
 */
export const CODE_TABLE = {
  "unknown-key": { severity: "error", origin: "chain", title: "Unknown action-schema key", appliesTo: WYMCP_INPUTS, fixable: ["rename-key"] },
  "missing-key": { severity: "error", origin: "chain", title: "Mandatory key missing", appliesTo: WYMCP_INPUTS, fixable: "never" },
  "wrong-type": { severity: "error", origin: "chain", title: "Value or key of the wrong type", appliesTo: EVERY_INPUT, fixable: "never" },
  newline: { severity: "error", origin: "chain", title: "Line break in an action name or description", appliesTo: WYMCP_INPUTS, fixable: ["split-to-notes"] },
  duplicate: { severity: "error", origin: "chain", title: "Repeated entry or group", appliesTo: EVERY_INPUT, fixable: ["remove-entry"] },
  undeclared: { severity: "error", origin: "chain", title: "Entry not declared in properties", appliesTo: EVERY_INPUT, fixable: "never" },
  "empty-group": { severity: "error", origin: "chain", title: "Empty required_one_of group", appliesTo: WYMCP_INPUTS, fixable: ["remove-entry"] },
  "superset-group": { severity: "error", origin: "chain", title: "required_one_of group that contains another", appliesTo: WYMCP_INPUTS, fixable: ["remove-entry"] },
  "undeclared-default": {
    severity: "error",
    origin: "chain",
    title: "Default key not declared",
    appliesTo: WYMCP_INPUTS,
    fixable: "never",
    gate: { reads: ["defaults", "properties"], by: "action" },
  },
  cycle: { severity: "error", origin: "chain", title: "Cyclic schema reference", appliesTo: ["tool-module"], fixable: "never" },
  "parse-error": { severity: "error", origin: "chain", title: "File that cannot be parsed", appliesTo: ["action-file", "tools-file", "elixir-module"], fixable: "never" },
  "load-error": { severity: "error", origin: "chain", title: "Tool module failed to load", appliesTo: ["tool-module", "elixir-module"], fixable: "never" },
  "no-tool": { severity: "error", origin: "chain", title: "Module declares no tool", appliesTo: ["tool-module", "elixir-module"], fixable: "never" },
  "tool-shape": { severity: "error", origin: "chain", title: "Tool of the wrong shape", appliesTo: EVERY_INPUT, fixable: "never" },
  "reserved-name": { severity: "error", origin: "chain", title: "Reserved tool name", appliesTo: WYMCP_INPUTS, fixable: "never" },
  "duplicate-tool": { severity: "error", origin: "tool-set", title: "Tool name used twice among one server's tools", appliesTo: EVERY_INPUT, fixable: "never" },
  "no-tools": { severity: "warn", origin: "tool-set", title: "Server that lists no tools", appliesTo: ["tools-file", "server"], fixable: "never", examples: "tools" },
  "confusable-name": {
    severity: "warn",
    origin: "tool-set",
    title: "Tool or action name that reads like another's",
    appliesTo: EVERY_INPUT,
    fixable: "never",
    examples: "tools",
  },
  "tool-name": { severity: "error", origin: "names", title: "Tool name the MCP specification does not allow", appliesTo: EVERY_INPUT, fixable: ["rename-key"], examples: "tools" },
  "surface-drift": { severity: "error", origin: "server", title: "A Wymcp server's tools/list and help disagree", appliesTo: ["server"], fixable: "never", examples: "server" },
  "help-answer": { severity: "error", origin: "server", title: "Help answer that cannot be read", appliesTo: ["server"], fixable: "never", examples: "server" },
  "duplicate-key": { severity: "error", origin: "source", title: "Key repeated in one object", appliesTo: ["action-file", "tools-file", "elixir-module"], fixable: "never" },
  "dynamic-declaration": { severity: "warn", origin: "source", title: "Declaration an Elixir module builds at run time", appliesTo: ["elixir-module"], fixable: "never" },
  "reader-mismatch": {
    severity: "warn",
    origin: "source",
    title: "Static reader and Elixir read a value differently",
    appliesTo: ["elixir-module"],
    fixable: "never",
    examples: "elixir-eval",
  },
  "unknown-related": {
    severity: "warn",
    origin: "advisory",
    title: "related names no action of the tool",
    appliesTo: WYMCP_INPUTS,
    fixable: "never",
    gate: { reads: ["related"], by: "keys" },
  },
  "undeclared-example-key": {
    severity: "warn",
    origin: "advisory",
    title: "Example argument not declared",
    appliesTo: WYMCP_INPUTS,
    fixable: "never",
    gate: { reads: ["examples", "properties"], by: "keys" },
  },
  "example-misses-required": {
    severity: "warn",
    origin: "advisory",
    title: "Example lacks a required argument",
    appliesTo: WYMCP_INPUTS,
    fixable: "never",
    gate: { reads: ["examples", "required", "required_one_of", "defaults"], by: "keys" },
  },
  "unknown-keyword": {
    severity: "warn",
    origin: "advisory",
    title: "Misspelt JSON Schema keyword",
    appliesTo: EVERY_INPUT,
    fixable: ["rename-key"],
    gate: { reads: ["properties"], by: "keys" },
  },
  "invalid-schema": {
    severity: "warn",
    origin: "advisory",
    title: "Schema its dialect's meta-schema rejects",
    appliesTo: EVERY_INPUT,
    fixable: "never",
    gate: { reads: ["properties"], by: "keys", quiet: "found" },
  },
  "unresolved-ref": {
    severity: "warn",
    origin: "advisory",
    title: "Local $ref that points at nothing",
    appliesTo: EVERY_INPUT,
    fixable: "never",
    gate: { reads: ["properties"], by: "keys", quiet: "found" },
  },
  "undeclared-required": {
    severity: "warn",
    origin: "advisory",
    title: "Nested required entry its schema does not declare",
    appliesTo: EVERY_INPUT,
    fixable: "never",
    gate: { reads: ["properties"], by: "keys", quiet: "found" },
  },
  "duplicate-required": {
    severity: "warn",
    origin: "advisory",
    title: "Nested required entry listed twice",
    appliesTo: EVERY_INPUT,
    fixable: ["remove-entry"],
    gate: { reads: ["properties"], by: "keys", quiet: "found" },
  },
  "bare-properties": {
    severity: "warn",
    origin: "advisory",
    title: "Property schema that is a bare map of schemas",
    appliesTo: EVERY_INPUT,
    fixable: "never",
    gate: { reads: ["properties"], by: "keys", quiet: "found" },
  },
  "value-mismatch": {
    severity: "warn",
    origin: "advisory",
    title: "Default or example its schema refuses",
    appliesTo: EVERY_INPUT,
    fixable: "never",
    gate: { reads: ["properties", "defaults", "examples"], by: "keys", quiet: "unless-clean" },
  },
  "dead-default": {
    severity: "warn",
    origin: "advisory",
    title: "Default for a required property",
    appliesTo: WYMCP_INPUTS,
    fixable: "never",
    gate: { reads: ["defaults", "required"], by: "keys", quiet: "found" },
  },
  "dead-group": {
    severity: "warn",
    origin: "advisory",
    title: "required_one_of group a required property always satisfies",
    appliesTo: WYMCP_INPUTS,
    fixable: "never",
    gate: { reads: ["required_one_of", "required"], by: "keys", quiet: "found" },
  },
  "undescribed-parameter": {
    severity: "warn",
    origin: "advisory",
    title: "Parameter whose name and schema do not say what it holds",
    appliesTo: EVERY_INPUT,
    fixable: "never",
    gate: { reads: ["properties"], by: "keys", quiet: "found" },
  },
  "untyped-parameter": {
    severity: "warn",
    origin: "advisory",
    title: "Parameter schema that gives no type",
    appliesTo: EVERY_INPUT,
    fixable: "never",
    gate: { reads: ["properties"], by: "keys", quiet: "found" },
  },
  "missing-description": { severity: "warn", origin: "plain", title: "Plain tool without a description", appliesTo: ["tools-file", "server"], fixable: "never", examples: "tools" },
  "read-only-hint": {
    severity: "warn",
    origin: "plain",
    title: "readOnlyHint on a tool whose name says it changes something",
    appliesTo: ["tools-file", "server"],
    fixable: "never",
    examples: "tools",
  },
  "thin-description": {
    severity: "warn",
    origin: "plain",
    title: "Tool description that says nothing its name does not",
    appliesTo: ["tools-file", "server"],
    fixable: "never",
    examples: "tools",
  },
  "open-input-schema": {
    severity: "warn",
    origin: "plain",
    title: "inputSchema that accepts any arguments and declares none",
    appliesTo: ["tools-file", "server"],
    fixable: "never",
    examples: "tools",
  },
  "hidden-character": {
    severity: "error",
    origin: "model-text",
    title: "Hidden character in text a model reads",
    appliesTo: EVERY_INPUT,
    fixable: ["delete-hidden", "rename-key"],
  },
  "hidden-instruction": { severity: "warn", origin: "model-text", title: "Marker that hides instructions for the model", appliesTo: EVERY_INPUT, fixable: "never" },
  concealment: { severity: "warn", origin: "model-text", title: "Order to keep something from the user", appliesTo: EVERY_INPUT, fixable: "never" },
  "instruction-override": { severity: "warn", origin: "model-text", title: "Order to ignore earlier instructions", appliesTo: EVERY_INPUT, fixable: "never" },
  "tool-shadowing": { severity: "warn", origin: "model-text", title: "Directive about another tool or server", appliesTo: EVERY_INPUT, fixable: "never" },
  "sensitive-path": { severity: "warn", origin: "model-text", title: "Path to secrets in text a model reads", appliesTo: EVERY_INPUT, fixable: "never" },
  "exfiltration-parameter": { severity: "warn", origin: "model-text", title: "Argument the model is asked to fill with secrets", appliesTo: EVERY_INPUT, fixable: "never" },
  "encoded-blob": { severity: "warn", origin: "model-text", title: "Encoded text hidden in a blob", appliesTo: EVERY_INPUT, fixable: "never" },
  "suspicious-url": { severity: "warn", origin: "model-text", title: "data:, file: or raw-IP URL", appliesTo: EVERY_INPUT, fixable: "never" },
  "shell-pipeline": { severity: "warn", origin: "model-text", title: "Command that downloads a script and runs it", appliesTo: EVERY_INPUT, fixable: "never" },
  "pinned-surface": { severity: "error", origin: "pin", title: "Model-visible field changed since it was pinned", appliesTo: EVERY_INPUT, fixable: "never", examples: "pins" },
  "token-budget": { severity: "warn", origin: "client", title: "Text a model reads over the config's token budget", appliesTo: EVERY_INPUT, fixable: "never", examples: "tokens" },
  "client-limit": {
    severity: "warn",
    origin: "client",
    title: "Over a client's limit on a name, length, schema or tool count",
    appliesTo: EVERY_INPUT,
    fixable: "never",
    examples: "tools",
  },
  "truncated-parameter": {
    severity: "warn",
    origin: "client",
    title: "Required parameter explained only past a client's cut",
    appliesTo: ["tools-file", "server"],
    fixable: "never",
    examples: "tools",
  },
  "unused-disable": {
    severity: "warn",
    origin: "directive",
    title: "Disable directive that suppresses nothing",
    appliesTo: ["action-file", "tools-file", "tool-module", "elixir-module"],
    fixable: "never",
  },
  "too-many-offences": { severity: "error", origin: "report", title: "More offences in one file than it lists", appliesTo: EVERY_INPUT, fixable: "never" },
} as const satisfies Readonly<Record<string, CodeFacts>>;

export type OffenceCode = keyof typeof CODE_TABLE;

/** Every offence code, in the table's order. */
export const OFFENCE_CODES: readonly OffenceCode[] = Object.freeze(Object.keys(CODE_TABLE) as OffenceCode[]);

/** The codes one pass finds, e.g. CodeOf<"advisory">. */
export type CodeOf<O extends CodeOrigin> = { [C in OffenceCode]: (typeof CODE_TABLE)[C]["origin"] extends O ? C : never }[OffenceCode];

/** The record of `code`. */
export function codeFacts(code: OffenceCode): CodeFacts {
  return CODE_TABLE[code];
}

/** The severity of `code` when no configuration changes it. */
export function defaultSeverity(code: OffenceCode): Severity {
  return CODE_TABLE[code].severity;
}

/** Whether `code` is an offence code (own keys only, so "__proto__" is not one). */
export function isOffenceCode(code: string): code is OffenceCode {
  return Object.hasOwn(CODE_TABLE, code);
}

/** The short title of `code` (CodeFacts.title). */
export function codeTitle(code: OffenceCode): string {
  return CODE_TABLE[code].title;
}
