// The output schema of the wymcp_lint tool (docs/mcp.md): one object shape per action,
// told apart by "action". Clients check each answer's structured content against it.

// A value or null as two single-type branches, which every client's schema dialect reads
// (a type list is legal JSON Schema, but dialects such as Gemini's take one type only).
const orNull = <T extends Record<string, unknown>>(schema: T, description?: string) =>
  ({ anyOf: [schema, { type: "null" }], ...(description === undefined ? {} : { description }) }) as const;

const COUNT = { type: "integer", minimum: 0 } as const;
const NULLABLE_COUNT = orNull({ type: "integer", minimum: 1 });
const SEVERITY = { type: "string", enum: ["error", "warn"] } as const;

const SUMMARY = {
  type: "object",
  description: "Totals of the whole report, before paging and the severity filter",
  required: ["files", "actions", "offences", "errors", "warnings"],
  properties: { files: COUNT, actions: COUNT, offences: COUNT, errors: COUNT, warnings: COUNT },
} as const;

const PAGE = {
  type: "object",
  description: "Which offences are listed: `offset` and `limit` as asked, `matching` the offences the severity filter keeps, `next` the offset of the next page (null on the last)",
  required: ["offset", "limit", "listed", "matching", "next"],
  properties: { offset: COUNT, limit: COUNT, listed: COUNT, matching: COUNT, next: orNull(COUNT) },
} as const;

const EDIT = {
  type: "object",
  description: "Replace the UTF-16 range [start, end) of the text (BOM excluded) by `text`; the same range as 1-based lines and columns, the end exclusive, as in the JSON report",
  required: ["start", "end", "text", "startLine", "startColumn", "endLine", "endColumn"],
  properties: { start: COUNT, end: COUNT, text: { type: "string" }, startLine: COUNT, startColumn: COUNT, endLine: COUNT, endColumn: COUNT },
} as const;

const OFFENCE = {
  type: "object",
  required: ["file", "tool", "code", "severity", "action", "location", "line", "column", "message", "fix", "edits"],
  properties: {
    file: { type: "string" },
    tool: orNull({ type: "string" }, "The tool the offence is in (an Elixir file holds one per tool module); null when the file gives none"),
    code: { type: "string" },
    severity: SEVERITY,
    action: orNull({ type: "string" }),
    location: { type: "string", description: "Where in the tool, in Elixir access syntax" },
    line: NULLABLE_COUNT,
    column: NULLABLE_COUNT,
    message: { type: "string" },
    fix: { type: "string" },
    edits: orNull({ type: "array", items: EDIT }, "The fix as text edits that apply together; null when the author decides"),
  },
} as const;

const ROOT = orNull({ type: "string" }, "The directory paths and filenames were resolved against; null when none was needed");

const REPORT = {
  summary: SUMMARY,
  page: PAGE,
  offences: { type: "array", items: OFFENCE },
  root: ROOT,
} as const;

const constant = (name: string) => ({ type: "string", const: name }) as const;

export const OUTPUT_SCHEMA = {
  type: "object",
  required: ["action"],
  oneOf: [
    {
      type: "object",
      required: ["action", "root", "summary", "page", "offences"],
      properties: { action: { type: "string", enum: ["lint_text", "lint_files"] }, ...REPORT },
    },
    {
      type: "object",
      required: ["action", "root", "text", "changed", "diff", "notes", "summary", "page", "offences"],
      properties: {
        action: constant("fix_text"),
        text: { type: "string", description: "The fixed text (the text given, when nothing could be fixed)" },
        changed: { type: "boolean" },
        diff: orNull({ type: "string" }, "A unified diff from the given text to the fixed one; null when nothing changed"),
        notes: { type: "array", items: { type: "string" }, description: "Why a fix was not made" },
        ...REPORT,
      },
    },
    {
      type: "object",
      required: ["action", "code", "severity", "title", "text"],
      properties: { action: constant("explain"), code: { type: "string" }, severity: SEVERITY, title: { type: "string" }, text: { type: "string" } },
    },
    {
      type: "object",
      required: ["action", "codes"],
      properties: {
        action: constant("list_codes"),
        codes: {
          type: "array",
          items: { type: "object", required: ["code", "severity", "title"], properties: { code: { type: "string" }, severity: SEVERITY, title: { type: "string" } } },
        },
      },
    },
  ],
} as const;
