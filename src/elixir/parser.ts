// The Elixir parser: tree-sitter's Elixir grammar, compiled to WebAssembly and committed under
// vendor/tree-sitter-elixir/ (its licence beside it), run by web-tree-sitter, so users need no
// native build and no Elixir (docs/inputs.md, "Elixir tool modules"). Loaded on the first
// Elixir file a run reads and kept for the rest of the process: a run with none never loads it.
// The one home of the web-tree-sitter dependency.

import { readFile } from "node:fs/promises";
import type { Node, Parser as TreeSitterParser, Tree } from "web-tree-sitter";

export type { Node, Tree };

// Two folders up from src/elixir/, dist/elixir/ and dist/bundle/ alike is the package's root.
const GRAMMAR = new URL("../../vendor/tree-sitter-elixir/tree-sitter-elixir.wasm", import.meta.url);

let loading: Promise<TreeSitterParser> | null = null;

async function load(): Promise<TreeSitterParser> {
  const { Parser, Language } = await import("web-tree-sitter");
  await Parser.init();
  const language = await Language.load(new Uint8Array(await readFile(GRAMMAR)));
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}

async function parseNow(text: string): Promise<Tree> {
  loading ??= load();
  const tree = (await loading).parse(text);
  if (tree === null) throw new Error("the Elixir parser returned no tree");
  return tree;
}

// A parse started before the linter loaded (parseAhead), for the first parseElixir of that text.
let ahead: { readonly text: string; readonly tree: Promise<Tree> } | null = null;

/**
 * Starts parsing `text` now, for the parseElixir call that will ask for it: a one-file run
 * waits at its end for V8 to finish optimising the grammar's lexer, which the parse sets off,
 * so the sooner the parse, the sooner the run ends (bench/README.md). src/cli/early.ts calls it.
 */
export function parseAhead(text: string): Promise<Tree> {
  const tree = parseNow(text);
  // Whoever takes the parse sees its failure; until then it is not an unhandled one.
  tree.catch(() => undefined);
  ahead = { text, tree };
  return tree;
}

/** The syntax tree of Elixir source text; its indexes are UTF-16 offsets into `text`. */
export function parseElixir(text: string): Promise<Tree> {
  if (ahead !== null && ahead.text === text) {
    const { tree } = ahead;
    ahead = null;
    return tree;
  }
  return parseNow(text);
}
