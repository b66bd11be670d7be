// The Elixir parser: tree-sitter's Elixir grammar, compiled to WebAssembly and committed under
// vendor/tree-sitter-elixir/ (its licence beside it), run by web-tree-sitter, so users need no
// native build and no Elixir (docs/inputs.md, "Elixir tool modules"). Loaded on the first
// Elixir file a run reads and kept for the rest of the process: a run with none never loads it.
// The one home of the web-tree-sitter dependency.

import type { Node, Parser as TreeSitterParser, Tree } from "web-tree-sitter";

export type { Node, Tree };

// Two folders up from src/elixir/, dist/elixir/ and dist/bundle/ alike is the package's root.
const GRAMMAR = new URL("../../vendor/tree-sitter-elixir/tree-sitter-elixir.wasm", import.meta.url);

let loading: Promise<TreeSitterParser> | null = null;
let baselineOnly = false;

/**
 * For a process that lints once and exits (the command line's own: src/cli/run.ts): the
 * grammar's WebAssembly stays on V8's baseline compiler. By default V8 also compiles the
 * grammar's lexer and tree-sitter's parse loop with its optimising compiler, on a background
 * thread, as soon as a parse runs (about 250 ms of CPU, for a 20-line module as for a
 * 2,000-line one), and the process waits for those compiles before it exits; one run gets
 * that back only past several megabytes of Elixir (bench/README.md). V8's flags are
 * process-wide: a process that lives on (the language server, the MCP server, --watch) or a
 * program using the library never calls this, and keeps V8's default, where the optimised
 * parser pays. Holds when called before the first parse.
 */
export function parseOnBaselineTierOnly(): void {
  baselineOnly = true;
}

// The newest V8 whose flags were checked (Node 24's): V8 prints an error for a flag it does not
// know, so a newer one keeps its default until someone checks its --v8-options.
const CHECKED_V8 = 13;

async function load(): Promise<TreeSitterParser> {
  // Set just before the first WebAssembly is compiled, which is when V8 reads them: a run that
  // parses no Elixir changes no flag, so the CLI's code cache, made under V8's defaults, holds.
  if (baselineOnly && Number.parseInt(process.versions.v8, 10) <= CHECKED_V8) {
    const v8 = process.getBuiltinModule("node:v8");
    v8.setFlagsFromString("--no-wasm-tier-up");
    v8.setFlagsFromString("--no-wasm-dynamic-tiering");
  }
  const { Parser, Language } = await import("web-tree-sitter");
  await Parser.init();
  const language = await Language.load(new Uint8Array(await process.getBuiltinModule("node:fs/promises").readFile(GRAMMAR)));
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}

/** The syntax tree of Elixir source text; its indexes are UTF-16 offsets into `text`. */
export async function parseElixir(text: string): Promise<Tree> {
  loading ??= load();
  const tree = (await loading).parse(text);
  if (tree === null) throw new Error("the Elixir parser returned no tree");
  return tree;
}
