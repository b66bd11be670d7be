// The clients' limits, as data: one row per limit, with the client it belongs to, where the
// figure comes from and when it was checked (docs/client-limits.md). The checks (index.ts)
// read nothing else; a client that changes a limit is one row changed here. None of these
// figures was verified against its source by this project: they were written down from the
// figures the project was given and what the sources were known to say, and each row's
// `checked` says so.

/** The clients a config's `clients` may name (docs/client-limits.md). */
export const CLIENTS = {
  openai: "the OpenAI API",
  anthropic: "the Anthropic API",
  gemini: "the Gemini API",
  "claude-code": "Claude Code",
  cursor: "Cursor",
  vscode: "VS Code",
} as const;

export type ClientId = keyof typeof CLIENTS;

export const CLIENT_IDS: readonly ClientId[] = Object.freeze(Object.keys(CLIENTS) as ClientId[]);

export function isClientId(value: string): value is ClientId {
  return Object.hasOwn(CLIENTS, value);
}

/** What one limit is about, and how it is measured. */
export type LimitRule =
  /** A tool name must match `pattern` (a regular expression's source), which the client states as `shown`. */
  | { readonly kind: "name"; readonly pattern: string; readonly shown: string; readonly effect: string }
  /** The server's name and the tool's, together, at most `max` characters (a file names no server: the tool's alone is measured). */
  | { readonly kind: "qualified-name"; readonly max: number; readonly effect: string }
  /** A tool's description (and a Wymcp tool's joined action summary) at most `max` characters; `cuts`: the client cuts the rest off rather than refusing it. */
  | { readonly kind: "description"; readonly max: number; readonly effect: string; readonly cuts: boolean }
  /** At most `max` tools from one server. */
  | { readonly kind: "tool-count"; readonly max: number; readonly effect: string };

export interface ClientLimit {
  readonly client: ClientId;
  readonly rule: LimitRule;
  /** Where the figure comes from. */
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
    rule: { kind: "tool-count", max: 40, effect: "sends the model only the first 40" },
    source: "Cursor's MCP documentation: at most 40 tools",
    checked: GIVEN,
  },
  {
    client: "vscode",
    rule: { kind: "tool-count", max: 128, effect: "refuses more than 128 tools in one request" },
    source: "VS Code's agent mode: at most 128 tools per request",
    checked: GIVEN,
  },
] satisfies ClientLimit[]);
