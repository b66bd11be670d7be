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

/** The syntax tree of Elixir source text; its indexes are UTF-16 offsets into `text`. */
export async function parseElixir(text: string): Promise<Tree> {
  loading ??= load();
  const tree = (await loading).parse(text);
  if (tree === null) throw new Error("the Elixir parser returned no tree");
  return tree;
}
