// Offence-code documentation: for every code its title (from the code table, src/core/codes.ts)
// and its long prose, in docs/codes/<code>.md: what it means, why it matters, a bad and a good example, and the
// fix. `wymcp-lint --explain CODE` (explain.ts), the SARIF rules' help (formatters/sarif.ts)
// and docs/offence-codes.md (scripts/gen-docs.mjs) all render them from here.

import { readFileSync } from "node:fs";
import { codeFacts, type CodeFacts, codeTitle, type OffenceCode } from "../core/codes.js";
import { actionSchemaKeys, mandatoryActionSchemaKeys } from "../vocabulary.js";

/** The language of a doc's examples: an action file (JSON or JSON5), a tool module (JavaScript or Elixir), or a file listing. */
export type ExampleLanguage = "json" | "json5" | "js" | "elixir" | "text";

export interface CodeDoc {
  /** A short description, e.g. for a SARIF rule's shortDescription. */
  readonly title: string;
  /** What the offence means: when exactly it is reported. */
  readonly meaning: string;
  /** Why it matters: what would go wrong if it were let through. */
  readonly why: string;
  /** The language of `bad` and `good`. */
  readonly lang: ExampleLanguage;
  /** An example that has the offence. */
  readonly bad: string;
  /** The same example, fixed. */
  readonly good: string;
  /** What to do about it. */
  readonly fix: string;
  /** What the examples are when they are not an action file or module: the code's record says (CodeFacts.examples). */
  readonly input?: CodeFacts["examples"];
}

/** The section headings, in order, as the Markdown sources and both renderings name them. */
export const DOC_SECTIONS = ["What it means", "Why it matters", "Bad", "Good", "Fix"] as const;

const DOCS_DIR = new URL("../../docs/codes/", import.meta.url);

const quoted = (keys: readonly string[]): string => keys.map((k) => `"${k}"`).join(", ");

/**
 * The generated spans a page's prose may hold, `<!-- name:start -->…<!-- name:end -->`, each
 * the text of a fact with its home elsewhere (the vocabulary's, src/vocabulary.ts): the page
 * reads whole as committed, scripts/gen-docs.mjs refreshes the spans, and a test finds them stale.
 */
export const DOC_SPANS: Readonly<Record<string, () => string>> = {
  vocabulary: () => quoted(actionSchemaKeys()),
  mandatory: () => quoted(mandatoryActionSchemaKeys()),
};

/** Prose without its spans' markers: what --explain and the renderings show. */
function unmarked(prose: string): string {
  return prose.replace(/<!-- \w+:(?:start|end) -->/g, "");
}

/**
 * Reads docs/codes/<code>.md: a "# code" heading, then the DOC_SECTIONS as "## " headings in
 * order; prose sections are one paragraph on one line, Bad and Good one fenced block each,
 * in the same language. Throws (an internal failure) when the file breaks that form.
 */
export function codeDoc(code: OffenceCode): CodeDoc {
  const source = readFileSync(new URL(`${code}.md`, DOCS_DIR), "utf8");
  const broken = (why: string): Error => new Error(`docs/codes/${code}.md: ${why}`);
  const [head, ...parts] = source.split(/^## /m);
  if (head?.trim() !== `# ${code}`) throw broken(`it must start with "# ${code}"`);
  const sections = parts.map((part) => {
    const end = part.indexOf("\n");
    return { heading: part.slice(0, end), body: part.slice(end + 1).trim() };
  });
  if (sections.map((s) => s.heading).join("|") !== DOC_SECTIONS.join("|")) throw broken(`its sections must be ${DOC_SECTIONS.join(", ")}, in order`);
  const [meaning, why, bad, good, fix] = sections.map((s) => s.body) as [string, string, string, string, string];
  const example = (body: string, which: string): { lang: ExampleLanguage; text: string } => {
    const fenced = /^```(json5|json|js|elixir|text)\n([\s\S]*)\n```$/.exec(body);
    if (fenced === null) throw broken(`"${which}" must be one fenced block in json, json5, js, elixir or text`);
    return { lang: fenced[1] as ExampleLanguage, text: fenced[2] as string };
  };
  const badExample = example(bad, "Bad");
  const goodExample = example(good, "Good");
  if (badExample.lang !== goodExample.lang) throw broken("Bad and Good must be in the same language");
  const { examples } = codeFacts(code);
  return {
    title: codeTitle(code),
    meaning: unmarked(meaning),
    why: unmarked(why),
    lang: badExample.lang,
    bad: badExample.text,
    good: goodExample.text,
    fix: unmarked(fix),
    ...(examples === undefined ? {} : { input: examples }),
  };
}
// Rendering: the plain text of --explain and SARIF help.text, and the Markdown of SARIF
// help.markdown and docs/offence-codes.md. Prose is written free of Markdown syntax, so
// the same sentences serve both.

const WIDTH = 80;
const INDENT = "  ";

/** Greedy word wrap at WIDTH columns, each line indented. Prose has no line breaks of its own. */
function wrap(text: string, indent: string): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && indent.length + line.length + 1 + word.length > WIDTH) {
      lines.push(indent + line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(indent + line);
  return lines.join("\n");
}

const indentBlock = (block: string): string =>
  block
    .split("\n")
    .map((l) => (l === "" ? "" : INDENT + l))
    .join("\n");

/** The doc as plain text: `code: title`, then each section, ending with "\n". */
export function codeDocText(code: OffenceCode): string {
  const doc = codeDoc(code);
  const [meaning, why, bad, good, fix] = DOC_SECTIONS;
  return (
    [
      `${code}: ${doc.title}`,
      `${meaning}\n${wrap(doc.meaning, INDENT)}`,
      `${why}\n${wrap(doc.why, INDENT)}`,
      `${bad}\n${indentBlock(doc.bad)}`,
      `${good}\n${indentBlock(doc.good)}`,
      `${fix}\n${wrap(doc.fix, INDENT)}`,
    ].join("\n\n") + "\n"
  );
}

/** The doc's body as Markdown (no heading), ending with "\n". */
export function codeDocMarkdown(code: OffenceCode): string {
  const doc = codeDoc(code);
  const [meaning, why, bad, good, fix] = DOC_SECTIONS;
  const fence = (body: string): string => `\`\`\`${doc.lang}\n${body}\n\`\`\``;
  return (
    [`**${meaning}.** ${doc.meaning}`, `**${why}.** ${doc.why}`, `${bad}:\n\n${fence(doc.bad)}`, `${good}:\n\n${fence(doc.good)}`, `**${fix}.** ${doc.fix}`].join("\n\n") + "\n"
  );
}

/** The address of docs/codes/<code>.md as installed with the linter: where an editor's diagnostic links to. */
export function codeDocUrl(code: OffenceCode): string {
  return new URL(`${code}.md`, DOCS_DIR).href;
}
