// --help: the table's flags (table.ts), each with its type and default, amid the prose around
// them (what the command does, examples, the exit codes and the environment it read), laid
// out in columns wrapped at 100 characters. Loaded only for --help (options/index.ts), so
// what reads the command line at start-up never loads it.

import { appendAll } from "../../core/append.js";
import { SPECS, type OptionSpec } from "./table.js";

const WIDTH = 100;
const NAME = "wymcp-lint";

const DESCRIPTION = `Lint the tool declarations of MCP servers, above all action-dispatched ones: action files (*.actions.json, *.actions.json5), tools files (*.tools.json, *.tools.json5: a saved tools/list), tool modules (*.tool.{js,mjs,cjs,ts,mts,cts}) and Elixir tool modules (*.ex, *.exs that use Wymcp.Tool, read without Elixir). Every offence is reported at once, with its place and a fix.

A directory is searched recursively (node_modules, dot-folders and what .gitignore files ignore skipped; symlinked directories inside it are not entered); a file is linted whatever its name (.json and .json5 are action or tools files, .js .mjs .cjs .ts .mts .cts tool modules, .ex .exs Elixir modules); a glob is expanded (quote it) and its matches follow the directory search (only files named like the kinds above; ignored ones skipped). No path means the current directory.`;

const EXIT_CODES = `Exit codes:
  0  no error (warnings alone pass, unless there are more than --max-warnings)
  1  an error (files that cannot be parsed or loaded count; so does a server whose help tool
     answers an error or an answer of the wrong shape), or more warnings than --max-warnings
  2  usage error (bad flag, nothing to lint, unsupported file kind), a server that cannot be
     started or reached or does not answer within --server-timeout, or internal failure

Environment:
  NO_COLOR, FORCE_COLOR  turn colour off / on (see --color)
  WYMCP_LINT_WORKERS=N   worker threads for large runs of action files (0: none; default: by size)
  WYMCP_LINT_DEBUG=1     print the stack trace of an internal error
  WYMCP_LINT_TRACE=modules  print a line on stderr for each module process started, reused or
                         stopped and each module it loads, answers or times out on
  WYMCP_LINT_TRACE=chunks   print a line on stderr for each chunk of the CLI loaded, and
                         whether its code cache was used`;

const PATHS = "Directories, files or globs to lint (default: the current directory)";

const EXAMPLES: readonly (readonly [string, string])[] = [
  ["wymcp-lint", "lint every action file and tool module under the current directory"],
  ["wymcp-lint ./tools src/search.tool.ts", "lint a directory and one module"],
  ["wymcp-lint 'servers/*/tools'", "lint the directories a glob matches"],
  ["wymcp-lint --format sarif > wymcp.sarif", "write SARIF for GitHub code scanning"],
  ["wymcp-lint --format github", "annotate a GitHub Actions run"],
  ["wymcp-lint --max-offences 0 --no-color", "show every offence, uncoloured"],
  ["wymcp-lint --max-warnings 0", "fail on warnings too"],
  ["wymcp-lint --stdin --stdin-filename t.actions.json", "lint an editor buffer piped to stdin"],
  ["wymcp-lint --load-timeout 30 ./tools", "give slow tool modules 30 seconds"],
  ["wymcp-lint --ignore-pattern 'generated/' .", "also skip the generated/ folders"],
  ["wymcp-lint --server -- node server.js", "lint the tools of an MCP server started with that command"],
  ["wymcp-lint --server-url http://127.0.0.1:4000/mcp", "lint a running MCP server over Streamable HTTP"],
  ["wymcp-lint --fix-dry-run ./tools", "show the safe fixes as a diff, change nothing"],
  ["wymcp-lint --fix ./tools", "apply the safe fixes, then report what is left"],
  ["wymcp-lint --explain superset-group", "explain an offence code"],
  ["wymcp-lint --update-baseline", "accept today's offences: later runs report only new ones"],
  ["wymcp-lint --no-config ./tools", "lint with every code at its default severity"],
];

/** `text` in lines of at most `width` characters, broken at spaces (a longer word stands alone). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/**
 * Rows of two columns: each left text, then its right text wrapped beside it, and its tags
 * ("[string] [default: text]") at the right edge of its last line, or of a line of their own.
 */
function columns(rows: readonly (readonly [left: string, right: string, tags?: string])[]): string {
  const indent = rows.reduce((widest, [left]) => Math.max(widest, left.length), 0) + 2;
  const out: string[] = [];
  for (const [left, right, tags = ""] of rows) {
    const lines = wrap(right, WIDTH - indent).map((line, i) => (i === 0 ? left.padEnd(indent) : " ".repeat(indent)) + line);
    const last = lines.length - 1;
    if (tags !== "" && (lines[last] as string).length + 1 + tags.length <= WIDTH) lines[last] = `${(lines[last] as string).padEnd(WIDTH - tags.length)}${tags}`;
    else if (tags !== "") lines.push(tags.padStart(WIDTH));
    appendAll(out, lines);
  }
  return out.join("\n");
}

/** A flag's tags: its type, and its default when it has one (a switch's false is shown too). */
function tags(spec: OptionSpec): string {
  return `[${spec.type}]${spec.default === undefined ? "" : ` [default: ${String(spec.default)}]`}`;
}

/** The whole of --help. */
export function helpText(): string {
  const options = SPECS.map(([, spec]): [string, string, string] => [`  ${spec.alias === undefined ? "    " : `-${spec.alias}, `}--${spec.flag}`, spec.describe, tags(spec)]);
  return [
    `${NAME} [paths..]`,
    DESCRIPTION.split("\n\n")
      .map((paragraph) => wrap(paragraph, WIDTH).join("\n"))
      .join("\n\n"),
    `Positionals:\n${columns([["  paths", PATHS, "[string]"]])}`,
    `Options:\n${columns(options)}`,
    `Examples:\n${columns(EXAMPLES.map(([command, what]) => [`  ${command}`, what]))}`,
    EXIT_CODES,
  ].join("\n\n");
}
