// The prose of --help around the table's flags: what the command does, examples, the exit
// codes and the environment it reads. Only yargs.ts renders it, so the start-up shortcut
// never loads it.

export const DESCRIPTION = `Lint the tool declarations of MCP servers, above all action-dispatched ones: action files (*.actions.json, *.actions.json5), tools files (*.tools.json, *.tools.json5: a saved tools/list), tool modules (*.tool.{js,mjs,cjs,ts,mts,cts}) and Elixir tool modules (*.ex, *.exs that use Wymcp.Tool, read without Elixir). Every offence is reported at once, with its place and a fix.

A directory is searched recursively (node_modules, dot-folders and what .gitignore files ignore skipped; symlinked directories inside it are not entered); a file is linted whatever its name (.json and .json5 are action or tools files, .js .mjs .cjs .ts .mts .cts tool modules, .ex .exs Elixir modules); a glob is expanded (quote it) and its matches follow the directory search (only files named like the kinds above; ignored ones skipped). No path means the current directory.`;

export const EXIT_CODES = `Exit codes:
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

export const EXAMPLES: readonly [string, string][] = [
  ["$0", "lint every action file and tool module under the current directory"],
  ["$0 ./tools src/search.tool.ts", "lint a directory and one module"],
  ["$0 'servers/*/tools'", "lint the directories a glob matches"],
  ["$0 --format sarif > wymcp.sarif", "write SARIF for GitHub code scanning"],
  ["$0 --format github", "annotate a GitHub Actions run"],
  ["$0 --max-offences 0 --no-color", "show every offence, uncoloured"],
  ["$0 --max-warnings 0", "fail on warnings too"],
  ["$0 --stdin --stdin-filename t.actions.json", "lint an editor buffer piped to stdin"],
  ["$0 --load-timeout 30 ./tools", "give slow tool modules 30 seconds"],
  ["$0 --ignore-pattern 'generated/' .", "also skip the generated/ folders"],
  ["$0 --server -- node server.js", "lint the tools of an MCP server started with that command"],
  ["$0 --server-url http://127.0.0.1:4000/mcp", "lint a running MCP server over Streamable HTTP"],
  ["$0 --fix-dry-run ./tools", "show the safe fixes as a diff, change nothing"],
  ["$0 --fix ./tools", "apply the safe fixes, then report what is left"],
  ["$0 --explain superset-group", "explain an offence code"],
  ["$0 --update-baseline", "accept today's offences: later runs report only new ones"],
  ["$0 --no-config ./tools", "lint with every code at its default severity"],
];
