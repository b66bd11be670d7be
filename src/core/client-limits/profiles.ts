// The clients' limits, as data: one row per limit, with the client it belongs to, the field
// of a tool its source names, where the figure comes from and when it was checked. The checks
// (index.ts) read nothing else, and docs/client-limits.md's table is generated from these rows
// (src/code-docs/generated.ts), so a client that changes a limit is one row changed here. A
// limit is held only to the field its source names; a field no source covers is listed in
// UNCOVERED_FIELDS and not measured. None of these figures was verified against its source by
// this project (no network here): each row's `checked` says where it came from.

/** The clients a config's `clients` may name (docs/client-limits.md). */
export const CLIENTS = {
  openai: "the OpenAI API",
  anthropic: "the Anthropic API",
  gemini: "the Gemini API",
  "claude-code": "Claude Code",
  cursor: "Cursor",
  vscode: "VS Code",
  "typescript-sdk": "the official MCP TypeScript SDK's client",
} as const;

export type ClientId = keyof typeof CLIENTS;

export const CLIENT_IDS: readonly ClientId[] = Object.freeze(Object.keys(CLIENTS) as ClientId[]);

export function isClientId(value: string): value is ClientId {
  return Object.hasOwn(CLIENTS, value);
}

/** What one limit is about, and how it is measured; each kind is about one field of a tool (FIELDS). */
export type LimitRule =
  /** A tool name must match `pattern` (a regular expression's source), which the client states as `shown`. */
  | { readonly kind: "name"; readonly pattern: string; readonly shown: string; readonly effect: string }
  /** The server's name and the tool's, together, at most `max` characters (a file names no server: the tool's alone is measured). */
  | { readonly kind: "qualified-name"; readonly max: number; readonly effect: string }
  /** A tool's own description at most `max` characters; `cuts`: the client cuts the rest off rather than refusing it. */
  | { readonly kind: "description"; readonly max: number; readonly effect: string; readonly cuts: boolean }
  /** Each parameter's schema (a value of `inputSchema.properties`) an object: JSON Schema's `true` or `false` there is refused. */
  | { readonly kind: "parameter-schema"; readonly effect: string }
  /** At most `max` tools; `across`: counted across every server the client has connected, so one server's count is a floor. */
  | { readonly kind: "tool-count"; readonly max: number; readonly effect: string; readonly across: boolean };

/** The field of a tool each kind of limit is about, as the table names it. */
export const FIELDS: Readonly<Record<LimitRule["kind"], string>> = {
  name: "the tool's name",
  "qualified-name": "the tool's name, after the server's",
  description: "the tool's description",
  "parameter-schema": "each parameter's schema (`inputSchema.properties`)",
  "tool-count": "the tools one server lists",
};

/** The fields of a tool no client's source sets a limit on: not measured, and said so in the docs. */
export const UNCOVERED_FIELDS: readonly { readonly field: string; readonly why: string }[] = Object.freeze([
  {
    field: "a parameter's description",
    why: "the sources above state limits for a tool's own description only; none for a parameter's",
  },
  {
    field: "the `action` parameter's description: a Wymcp tool's joined action summary",
    why: "Wymcp lists a tool's actions as one text there, a parameter's description, which no source above limits; the tool's own description is measured",
  },
]);

export interface ClientLimit {
  readonly client: ClientId;
  readonly rule: LimitRule;
  /** Where the figure comes from, naming the field it limits. */
  readonly source: string;
  /** When, and how, it was checked. */
  readonly checked: string;
}

const GIVEN = "2026-12-02, from the figures the project was given; not re-verified against the source";

/** Every limit, by client. Characters are UTF-16 code units, as JavaScript counts a string's length. */
export const CLIENT_LIMITS: readonly ClientLimit[] = Object.freeze([
  {
    client: "openai",
    rule: { kind: "name", pattern: "^[a-zA-Z0-9_-]{1,64}$", shown: "^[a-zA-Z0-9_-]{1,64}$", effect: "refuses the request" },
    source: "OpenAI API reference, function calling: tools[].function.name",
    checked: GIVEN,
  },
  {
    client: "openai",
    rule: { kind: "description", max: 1024, effect: "refuses the request", cuts: false },
    source: "OpenAI API reference, function calling: tools[].function.description",
    checked: GIVEN,
  },
  {
    client: "anthropic",
    rule: { kind: "name", pattern: "^[a-zA-Z0-9_-]{1,64}$", shown: "^[a-zA-Z0-9_-]{1,64}$", effect: "refuses the request" },
    source: "Anthropic API reference, Messages: tools[].name (the older, stricter pattern)",
    checked: GIVEN,
  },
  {
    client: "gemini",
    rule: {
      kind: "name",
      pattern: "^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$",
      shown: "a letter or an underscore first, then letters, digits, _ . : -, 64 characters at most",
      effect: "refuses the declaration",
    },
    source: "Gemini API reference: FunctionDeclaration.name",
    checked: `${GIVEN} (the first-character rule was given; the rest of the pattern is the reference's as recalled)`,
  },
  {
    client: "claude-code",
    rule: { kind: "description", max: 2048, effect: "cuts the text there", cuts: true },
    source: "Claude Code's MCP client: tool descriptions truncated at 2,048 characters",
    checked: GIVEN,
  },
  {
    client: "cursor",
    rule: { kind: "qualified-name", max: 60, effect: "drops the tool" },
    source: "Cursor's MCP documentation: server and tool names together over 60 characters",
    checked: GIVEN,
  },
  {
    client: "cursor",
    rule: { kind: "tool-count", max: 80, effect: "uses no more than 80 tools, counted across all its connected servers", across: true },
    source: "Cursor, as its users report it: at most 80 tools across all connected MCP servers (its documentation had said 40)",
    checked: "2026-12-07, from the figure the project was given (raised from 40); not re-verified against the source",
  },
  {
    client: "vscode",
    rule: { kind: "tool-count", max: 128, effect: "refuses more than 128 tools in one request", across: false },
    source: "VS Code's agent mode: at most 128 tools per request",
    checked: GIVEN,
  },
  {
    client: "typescript-sdk",
    rule: { kind: "parameter-schema", effect: "refuses the server's whole tools/list" },
    source: "@modelcontextprotocol/sdk 1.32.2, the client's ToolSchema: inputSchema.properties is a record of objects",
    checked: "2026-12-07, from the measurement the project was given (the SDK's 1.32.2 client); not re-verified against the source",
  },
] satisfies ClientLimit[]);
