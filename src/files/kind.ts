// The files a run lints: what kind of file a name is, by its extension (an action file in
// JSON or JSON5, a tools file, a tool module, or an Elixir tool module) and by the name patterns a search
// looks for (`*.actions.json`, `*.tool.ts`, `*.ex`, …), and a file as discovery found it. The
// one home of the kinds: a new kind of input is added here. Small, and free of the rest of the
// linter, because the command line is read with it before the rest loads (src/cli/early.ts).

import { basename, extname } from "node:path";

/** How a file is read: an action file in JSON or JSON5, a tool module that is imported, or an Elixir module read statically. */
export type FileKind = "json" | "json5" | "module" | "elixir";

const KIND_BY_EXTENSION: Readonly<Record<string, FileKind>> = {
  ".json": "json",
  ".json5": "json5",
  ".js": "module",
  ".mjs": "module",
  ".cjs": "module",
  ".ts": "module",
  ".mts": "module",
  ".cts": "module",
  ".ex": "elixir",
  ".exs": "elixir",
};

/** The kinds a file name can give, by extension, as messages list them. */
export const NAMED_KINDS = "an action file (.json, .json5), a tool module (.js, .mjs, .cjs, .ts, .mts, .cts) or an Elixir module (.ex, .exs)";

/** A file's kind by its extension, null when the linter does not read that kind. */
export function kindOf(fileName: string): FileKind | null {
  return KIND_BY_EXTENSION[extname(fileName)] ?? null;
}

const USE_TOOL = /\buse[\s(]+Wymcp\.Tool\b(?!\.)/;
const ALIAS_TOOL = /\balias[\s(]+Wymcp\.Tool\b(?!\.)(?:\s*,\s*as:\s*([A-Z]\w*))?/;
// A line that opens a heredoc (a string's, a sigil's) ends with its delimiter.
const HEREDOC_OPENS = /("""|''')\s*$/;
const QUOTED = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;

/**
 * Whether an Elixir file's text may hold a Wymcp tool, before any parse: a directory search
 * takes only those (docs/inputs.md). A `use Wymcp.Tool` in a heredoc (a @moduledoc's example),
 * a comment or a one-line string is documentation, not code, so it does not count.
 */
export function mayUseWymcpTool(text: string): boolean {
  if (!USE_TOOL.test(text) && !ALIAS_TOOL.test(text)) return false;
  let heredoc: string | null = null;
  // `alias Wymcp.Tool` then `use Tool` (or `, as: T` then `use T`), as the reader follows it.
  let aliased: RegExp | null = null;
  for (const line of text.split("\n")) {
    if (heredoc !== null) {
      if (line.trimStart().startsWith(heredoc)) heredoc = null;
      continue;
    }
    const opens = HEREDOC_OPENS.exec(line);
    const code = (opens === null ? line : line.slice(0, opens.index)).replace(QUOTED, '""').replace(/#.*/, "");
    if (USE_TOOL.test(code) || aliased?.test(code) === true) return true;
    const alias = ALIAS_TOOL.exec(code);
    if (alias !== null) aliased = new RegExp(String.raw`\buse[\s(]+${alias[1] ?? "Tool"}\b(?!\.)`);
    if (opens !== null) heredoc = opens[1] as string;
  }
  return false;
}

/** The names a directory search and a glob's matches take, and the kind each gives. */
const SEARCHED_NAMES: readonly { readonly pattern: RegExp; readonly kind: FileKind }[] = [
  { pattern: /\.actions\.json$/, kind: "json" },
  { pattern: /\.actions\.json5$/, kind: "json5" },
  { pattern: /\.tools\.json$/, kind: "json" },
  { pattern: /\.tools\.json5$/, kind: "json5" },
  { pattern: /\.tool\.[cm]?[jt]s$/, kind: "module" },
  // A search then takes only those whose text may hold a Wymcp tool (mayUseWymcpTool).
  { pattern: /\.exs?$/, kind: "elixir" },
];

/** The searched names, as messages list them. */
export const SEARCHED_PATTERNS = "*.actions.json, *.actions.json5, *.tools.json, *.tools.json5, *.tool.{js,mjs,cjs,ts,mts,cts}, or *.ex, *.exs with `use Wymcp.Tool`";

/**
 * A file's kind by its name, as a directory search and a glob take files: null unless its
 * base name matches one of the searched patterns (README.md, "Usage").
 */
export function searchedKind(fileName: string): FileKind | null {
  const name = basename(fileName);
  return SEARCHED_NAMES.find((entry) => entry.pattern.test(name))?.kind ?? null;
}

/** Whether a JSON or JSON5 file is a tools file (a saved tools/list, docs/plain-tools.md) rather than an action file, by its name. */
export function isToolsFile(fileName: string): boolean {
  return /\.tools\.json5?$/.test(fileName);
}

export interface FoundFile {
  /**
   * The file as reported (FileResult.file, the JSON report's "file"): the argument as the
   * user gave it, joined with the path found under it (POSIX separators).
   */
  readonly file: string;
  /** Absolute path, for reading. */
  readonly path: string;
  /**
   * The path's bytes, when the file's name is not valid UTF-8 (Linux allows any bytes):
   * `path` then holds U+FFFD in their place and names no file, so the file is read by these.
   */
  readonly bytes?: Uint8Array;
  readonly kind: FileKind;
}

/** What to open a found file by: its path, or its bytes (a worker receives them as a plain Uint8Array). */
export function openablePath(found: FoundFile): string | Buffer {
  const bytes = found.bytes;
  return bytes === undefined ? found.path : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
