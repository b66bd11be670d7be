// The offence codes: one row per code with its default severity, the pass that finds it and
// its title. Every other statement of the codes (the report schema, the config schema, the
// docs in docs/codes/, SARIF's rules) is derived from this table or compared with it by a test.

/** How an offence counts: an `error` fails the run (exit 1); a `warn` is shown and fails it only past --max-warnings. */
export type Severity = "error" | "warn";

/** What a code can be set to: a severity, or `off` (not reported at all). */
export type SeveritySetting = Severity | "off";

export const SEVERITY_SETTINGS: readonly SeveritySetting[] = Object.freeze(["error", "warn", "off"]);

/**
 * Which pass finds a code: the `chain` (docs/checks.md), the `source` (the file's
 * text, before any value is read), an `advisory` check beside the chain (core/advisory/),
 * the `model-text` checks of the strings a model reads (core/model-text/), the `names` held to
 * the MCP specification's rule for tool names (tool-name.ts), a `plain` MCP tool's fields
 * the specification leaves optional (plain-tool.ts), a `client`'s limits
 * (core/client-limits/), a surface held to its `pin`s (src/pins/), a live `server`'s
 * surfaces compared, an inline `directive`'s bookkeeping, or the `report`'s own (the per-file
 * cap, offence-cap.ts).
 */
export type CodeOrigin = "chain" | "source" | "advisory" | "model-text" | "names" | "plain" | "client" | "pin" | "server" | "directive" | "report";

export interface CodeFacts {
  /** The severity an offence of this code has when no configuration changes it. */
  readonly severity: Severity;
  readonly origin: CodeOrigin;
  /** A short description: a SARIF rule's shortDescription, the config schema's, the code docs' heading. */
  readonly title: string;
}

/**
 * The one home of the offence codes: every code with its default severity, origin and title, in
 * the order docs, SARIF rules and the report schema list them. Everything else that names
 * codes derives from this table (OFFENCE_CODES, OffenceCode, defaultSeverity) or is
 * compared with it by a test. Every chain code is an error (docs/checks.md).
 */
export const CODE_TABLE = {
  "unknown-key": { severity: "error", origin: "chain", title: "Unknown action-schema key" },
  "missing-key": { severity: "error", origin: "chain", title: "Mandatory key missing" },
  "wrong-type": { severity: "error", origin: "chain", title: "Value or key of the wrong type" },
  newline: { severity: "error", origin: "chain", title: "Line break in an action name or description" },
  duplicate: { severity: "error", origin: "chain", title: "Repeated entry or group" },
  undeclared: { severity: "error", origin: "chain", title: "Entry not declared in properties" },
  "empty-group": { severity: "error", origin: "chain", title: "Empty required_one_of group" },
  "superset-group": { severity: "error", origin: "chain", title: "required_one_of group that contains another" },
  "undeclared-default": { severity: "error", origin: "chain", title: "Default key not declared" },
  cycle: { severity: "error", origin: "chain", title: "Cyclic schema reference" },
  "parse-error": { severity: "error", origin: "chain", title: "Unparsable action file" },
  "load-error": { severity: "error", origin: "chain", title: "Tool module failed to load" },
  "no-tool": { severity: "error", origin: "chain", title: "Module declares no tool" },
  "tool-shape": { severity: "error", origin: "chain", title: "Tool of the wrong shape" },
  "reserved-name": { severity: "error", origin: "chain", title: "Reserved tool name" },
  "duplicate-tool": { severity: "error", origin: "chain", title: "Tool name used twice in one directory" },
  "tool-name": { severity: "error", origin: "names", title: "Tool name the MCP specification does not allow" },
  "surface-drift": { severity: "error", origin: "server", title: "A Wymcp server's tools/list and help disagree" },
  "help-answer": { severity: "error", origin: "server", title: "Help answer that cannot be read" },
  "duplicate-key": { severity: "error", origin: "source", title: "Key repeated in one object" },
  "dynamic-declaration": { severity: "warn", origin: "source", title: "Declaration an Elixir module builds at run time" },
  "unknown-related": { severity: "warn", origin: "advisory", title: "related names no action of the tool" },
  "undeclared-example-key": { severity: "warn", origin: "advisory", title: "Example argument not declared" },
  "example-misses-required": { severity: "warn", origin: "advisory", title: "Example lacks a required argument" },
  "unknown-keyword": { severity: "warn", origin: "advisory", title: "Misspelt JSON Schema keyword" },
  "invalid-schema": { severity: "warn", origin: "advisory", title: "Schema its dialect's meta-schema rejects" },
  "unresolved-ref": { severity: "warn", origin: "advisory", title: "Local $ref that points at nothing" },
  "undeclared-required": { severity: "warn", origin: "advisory", title: "Nested required entry its schema does not declare" },
  "duplicate-required": { severity: "warn", origin: "advisory", title: "Nested required entry listed twice" },
  "bare-properties": { severity: "warn", origin: "advisory", title: "Property schema that is a bare map of schemas" },
  "value-mismatch": { severity: "warn", origin: "advisory", title: "Default or example its schema refuses" },
  "dead-default": { severity: "warn", origin: "advisory", title: "Default for a required property" },
  "dead-group": { severity: "warn", origin: "advisory", title: "required_one_of group a required property always satisfies" },
  "missing-description": { severity: "warn", origin: "plain", title: "Plain tool without a description" },
  "hidden-character": { severity: "error", origin: "model-text", title: "Hidden character in text a model reads" },
  "hidden-instruction": { severity: "warn", origin: "model-text", title: "Marker that hides instructions for the model" },
  concealment: { severity: "warn", origin: "model-text", title: "Order to keep something from the user" },
  "instruction-override": { severity: "warn", origin: "model-text", title: "Order to ignore earlier instructions" },
  "tool-shadowing": { severity: "warn", origin: "model-text", title: "Directive about another tool or server" },
  "sensitive-path": { severity: "warn", origin: "model-text", title: "Path to secrets in text a model reads" },
  "exfiltration-parameter": { severity: "warn", origin: "model-text", title: "Argument the model is asked to fill with secrets" },
  "encoded-blob": { severity: "warn", origin: "model-text", title: "Encoded text hidden in a blob" },
  "suspicious-url": { severity: "warn", origin: "model-text", title: "data:, file: or raw-IP URL" },
  "pinned-surface": { severity: "error", origin: "pin", title: "Model-visible field changed since it was pinned" },
  "token-budget": { severity: "warn", origin: "client", title: "Text a model reads over the config's token budget" },
  "client-limit": { severity: "warn", origin: "client", title: "Over a client's limit on names, lengths or tool counts" },
  "truncated-parameter": { severity: "warn", origin: "client", title: "Required parameter explained only past a client's cut" },
  "unused-disable": { severity: "warn", origin: "directive", title: "Disable directive that suppresses nothing" },
  "too-many-offences": { severity: "error", origin: "report", title: "More offences in one file than it lists" },
} as const satisfies Readonly<Record<string, CodeFacts>>;

export type OffenceCode = keyof typeof CODE_TABLE;

/** Every offence code, in the table's order. */
export const OFFENCE_CODES: readonly OffenceCode[] = Object.freeze(Object.keys(CODE_TABLE) as OffenceCode[]);

/** The codes one pass finds, e.g. CodeOf<"advisory">. */
export type CodeOf<O extends CodeOrigin> = { [C in OffenceCode]: (typeof CODE_TABLE)[C]["origin"] extends O ? C : never }[OffenceCode];

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
