// The Elixir-module kind (docs/inputs.md, "Elixir tool modules"): `.ex` and `.exs` files that
// `use Wymcp.Tool`, read statically (src/elixir/), and evaluated by the project's Elixir only
// when the run asks (--elixir-eval, ReadContext.elixir). A file holds a tool per tool
// module; their directives are the file's `#` comments. Its result depends on the project's
// other files its actions/0 reads, so it is read on every run rather than kept by the cache.

import { decode, readText } from "../action-file/decode.js";
import type { Offence } from "../core/offence.js";
import { mayUseWymcpTool, openablePath } from "../files/kind.js";
import type { ElixirRead } from "../elixir/index.js";
import type { CommentSyntax, Input, InputKind, ReadContext, Source } from "./input-kind.js";

const HASH_COMMENTS: CommentSyntax = {
  nextLine: (code) => `# wymcp-lint-disable-next-line ${code}`,
  wholeFile: (code) => `# wymcp-lint-disable-file ${code}`,
  grouped: true,
};

/** The text an input gives (decoded, as a file's is), or the offence of a file that cannot be read. */
function textOfInput(input: Input): { text: string } | { offence: Offence } {
  if (input.text === undefined) return readText(openablePath(input.found));
  return typeof input.text === "string" ? { text: input.text } : decode(Buffer.from(input.text.buffer, input.text.byteOffset, input.text.byteLength));
}

/**
 * Reads the files one after another on this thread: the reader is loaded only for a run that
 * has one. With the context's `elixir`, the modules of the files read from disk are evaluated
 * by their project's Elixir first (src/elixir/evaluate.ts).
 */
async function readElixir(inputs: readonly Input[], context: ReadContext): Promise<Source[]> {
  const { readElixirFiles } = await import("../elixir/index.js");
  const texts = inputs.map(textOfInput);
  const readable = inputs.flatMap((input, i) => {
    const decoded = texts[i] as { text: string } | { offence: Offence };
    return "offence" in decoded ? [] : [{ file: input.found.path, text: decoded.text, onDisk: input.text === undefined }];
  });
  const { elixir } = context;
  const evaluate = elixir === undefined ? null : { ...elixir, callTimeoutMs: context.timeoutMs, ...(context.signal === undefined ? {} : { signal: context.signal }) };
  const reads = (await readElixirFiles(readable, evaluate, { places: context.declarations === "placed" })).values();
  return texts.map((decoded): Source => {
    if ("offence" in decoded)
      return { tools: [{ tool: null, actions: 0, offences: [decoded.offence] }], place: async (_i, o) => o, directives: async () => [], ownerOf: () => 0, dependencies: [] };
    const read = reads.next().value as ElixirRead;
    return {
      tools: read.tools,
      place: async (index, offences) => read.place(index, offences),
      directives: async () => read.directives,
      ownerOf: read.ownerOf,
      dependencies: read.dependencies,
    };
  });
}

/** The tool names an Elixir file's text declares: each tool module's name/0 where it reads as a string, else null. */
async function elixirNames(path: string, read: () => string | null): Promise<readonly (string | null)[]> {
  const text = read();
  if (text === null || !mayUseWymcpTool(text)) return [];
  const { readElixirTools } = await import("../elixir/index.js");
  const file = await readElixirTools(path, text);
  return "offence" in file ? [] : file.tools.map((tool) => (tool.name?.kind === "string" ? tool.name.value : null));
}

export const ELIXIR_MODULE: InputKind = {
  id: "elixir-module",
  unreadCode: "parse-error",
  read: readElixir,
  directivesOf: async (text) => (await import("../elixir/index.js")).elixirDirectives(text),
  commentSyntax: () => HASH_COMMENTS,
  toolNames: elixirNames,
};
