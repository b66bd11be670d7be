// The Sources of the JSON-family kinds (an action file, a tools file; json-file.ts reads
// one file): a given text read here, files on disk taken from the result cache when it keeps
// them, the others read by the scheduler, on this thread or lint workers. What a step after
// the read needs of the text (a kept file's directives, the place of an offence across files)
// is read again only then.

import type { Offence } from "../core/offence.js";
import type { ToolLint } from "../core/tool-lint.js";
import { isJson5 } from "../files/kind.js";
import { directivesOf, type Directive } from "../suppress/directives.js";
import type { CommentSyntax, Input, ReadContext, Source } from "./input-kind.js";
import { textOnce } from "./input-text.js";
import type { JsonReadOptions } from "./json-file.js";

/** How one JSON-family kind places a further offence (one across files) in its text; loaded when one is to be placed. */
export type PlaceFurther = () => Promise<(text: string, offences: readonly Offence[]) => readonly Offence[]>;

/** A JSON5 file's directives; JSON has no comments, and the comments of a text that did not parse cannot be trusted. */
function directivesIn(text: string, file: string, lint: ToolLint): readonly Directive[] {
  if (!isJson5(file) || lint.offences.some((o) => o.code === "parse-error")) return [];
  return directivesOf(text, "json5");
}

/** A file's Source from its read (or from its lint the cache kept, whose directives are read again only when asked). */
function jsonSource(input: Input, lint: ToolLint, directives: readonly Directive[] | null, place: PlaceFurther): Source {
  const text = textOnce(input);
  return {
    tools: [lint],
    place: async (_index, offences) => {
      if (offences.length === 0) return offences;
      const source = text();
      return source === null ? offences : (await place())(source, offences);
    },
    directives: async () => {
      if (directives !== null) return directives;
      // JSON has no comments: a kept file's text is read again only for JSON5.
      if (!isJson5(input.found.path)) return [];
      const source = text();
      return source === null ? [] : directivesIn(source, input.found.path, lint);
    },
    ownerOf: () => 0,
    dependencies: [],
  };
}

/**
 * The reading of a JSON-family kind: files on disk taken from the cache when it keeps them
 * (a run whose files all hit loads none of the checks), the others and the texts given read
 * on this thread or lint workers. With declarations asked, the cache is passed by: what it
 * keeps carries none.
 */
export async function readJsonInputs(inputs: readonly Input[], context: ReadContext, place: PlaceFurther): Promise<Source[]> {
  const { declarations } = context;
  const options: JsonReadOptions = declarations === undefined || declarations === false ? {} : { declaration: true, ...(declarations === "placed" ? { places: true } : {}) };
  const cache = options.declaration === true ? undefined : context.cache;
  const sources: (Source | undefined)[] = new Array(inputs.length);
  const missed: number[] = [];
  for (const [i, input] of inputs.entries()) {
    const kept = input.text === undefined ? (cache?.lookup(input.found) ?? null) : null;
    if (kept === null) missed.push(i);
    else sources[i] = jsonSource(input, kept, null, place);
  }
  if (missed.length === 0) return sources as Source[];
  const [{ readJsonBytes, readJsonText }, { readJsonFiles }] = await Promise.all([import("./json-file.js"), import("./scheduler.js")]);
  const onDisk = missed.filter((i) => (inputs[i] as Input).text === undefined);
  const reads = await readJsonFiles(
    onDisk.map((i) => (inputs[i] as Input).found),
    context.workers,
    options,
  );
  for (const [j, i] of onDisk.entries()) {
    const input = inputs[i] as Input;
    const read = reads[j] as (typeof reads)[number];
    cache?.store(input.found, read.lint);
    sources[i] = jsonSource(input, read.lint, read.directives, place);
  }
  for (const i of missed) {
    const input = inputs[i] as Input;
    const given = input.text;
    if (given === undefined) continue;
    const read = typeof given === "string" ? readJsonText(given, input.found, options) : readJsonBytes(given, input.found, options);
    sources[i] = jsonSource(input, read.lint, read.directives, place);
  }
  return sources as Source[];
}

/** The directives of a JSON-family text as a read takes them (JSON5's comments; none in JSON). */
export async function jsonDirectives(text: string, file: string): Promise<readonly Directive[]> {
  return isJson5(file) ? directivesOf(text, "json5") : [];
}

/** How a directive is written in a JSON-family file: in JSON5's comments; JSON has none. */
export function jsonCommentSyntax(file: string): CommentSyntax | null {
  return isJson5(file) ? SCRIPT_COMMENTS : null;
}

/** Directives in `//` and `/* *\/` comments, as JSON5 and JavaScript write them. */
export const SCRIPT_COMMENTS: CommentSyntax = {
  nextLine: (code) => `// wymcp-lint-disable-next-line ${code}`,
  wholeFile: (code) => `/* wymcp-lint-disable-file ${code} */`,
  grouped: false,
};
