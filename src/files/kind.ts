// The files a run lints, by name: which input kind a file name gives (an action file, a tools
// file, a tool module, an Elixir tool module: by its extension, and `*.tools.json` for a tools
// file), the name patterns a directory search takes, and a file as discovery found it. The one
// home of what a name says about a file; what each kind does with its text is its module's
// (src/inputs/). Small, and free of the rest of the linter, because the command line is read
// with it before the rest loads (src/cli/early.ts).

import { basename, extname } from "node:path";

/** The kinds of input, by what a file holds: its one name everywhere (src/inputs/ has a module for each). */
export type InputKindId = "action-file" | "tools-file" | "tool-module" | "elixir-module";

const KIND_BY_EXTENSION: Readonly<Record<string, InputKindId>> = {
  ".json": "action-file",
  ".json5": "action-file",
  ".js": "tool-module",
  ".mjs": "tool-module",
  ".cjs": "tool-module",
  ".ts": "tool-module",
  ".mts": "tool-module",
  ".cts": "tool-module",
  ".ex": "elixir-module",
  ".exs": "elixir-module",
};

/** The kinds a file name can give, by extension, as messages list them. */
export const NAMED_KINDS = "an action file (.json, .json5), a tool module (.js, .mjs, .cjs, .ts, .mts, .cts) or an Elixir module (.ex, .exs)";

/** Whether a JSON or JSON5 file is a tools file (a saved tools/list, docs/plain-tools.md) rather than an action file, by its name. */
export function isToolsFile(fileName: string): boolean {
  return /\.tools\.json5?$/.test(fileName);
}

/** A file's kind by its name (its extension; a tools file by `*.tools.json`), null when the linter does not read that kind. */
export function kindOf(fileName: string): InputKindId | null {
  const kind = KIND_BY_EXTENSION[extname(fileName)] ?? null;
  return kind === "action-file" && isToolsFile(fileName) ? "tools-file" : kind;
}

/**
 * Whether reading a file of this kind runs its code (in a module process: a tool module): such
 * a file is read where its imports resolve, so a text of it needs the directory it names; its
 * read is not cheap, so --fix starts from the run's edits rather than reading it again; and a
 * command line that names one starts a module process before the rest of the CLI loads.
 */
export function runsCode(kind: InputKindId): boolean {
  return kind === "tool-module";
}

/** The tool an action file declares, by its name: its base name before `.actions.`, else before its last extension. */
export function toolNameOf(file: string): string {
  const base = basename(file);
  const at = base.lastIndexOf(".actions.");
  return at >= 0 ? base.slice(0, at) : base.slice(0, base.length - extname(base).length);
}

/** Whether a JSON-family file is JSON5 (comments, trailing commas) rather than JSON, by its extension. */
export function isJson5(fileName: string): boolean {
  return extname(fileName) === ".json5";
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
interface SearchedName {
  readonly pattern: RegExp;
  readonly kind: InputKindId;
  /** When present, a search takes a file of this name only if its text, read as latin1, passes. */
  readonly takes?: (text: string) => boolean;
}

const SEARCHED_NAMES: readonly SearchedName[] = [
  { pattern: /\.actions\.json5?$/, kind: "action-file" },
  { pattern: /\.tools\.json5?$/, kind: "tools-file" },
  { pattern: /\.tool\.[cm]?[jt]s$/, kind: "tool-module" },
  // Most Elixir files are not tools: a search takes those whose text may hold one.
  { pattern: /\.exs?$/, kind: "elixir-module", takes: mayUseWymcpTool },
];

/** The searched names, as messages list them. */
export const SEARCHED_PATTERNS = "*.actions.json, *.actions.json5, *.tools.json, *.tools.json5, *.tool.{js,mjs,cjs,ts,mts,cts}, or *.ex, *.exs with `use Wymcp.Tool`";

/**
 * A file's kind by its name, as a directory search and a glob take files: null unless its
 * base name matches one of the searched patterns (docs/cli.md).
 */
export function searchedKind(fileName: string): InputKindId | null {
  return searchedName(fileName)?.kind ?? null;
}

function searchedName(fileName: string): SearchedName | null {
  const name = basename(fileName);
  return SEARCHED_NAMES.find((entry) => entry.pattern.test(name)) ?? null;
}

/**
 * Whether a directory search takes the file of this name (searchedKind), `text` reading it as
 * latin1 only when its name alone does not decide (an Elixir file: only when it may hold a
 * Wymcp tool).
 */
export function searchTakes(fileName: string, text: () => string): boolean {
  const searched = searchedName(fileName);
  return searched !== null && (searched.takes === undefined || searched.takes(text()));
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
  readonly kind: InputKindId;
}

/** What to open a found file by: its path, or its bytes (a worker receives them as a plain Uint8Array). */
export function openablePath(found: FoundFile): string | Buffer {
  const bytes = found.bytes;
  return bytes === undefined ? found.path : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
