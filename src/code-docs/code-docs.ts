// Offence-code documentation: for every code its title (from the code table, src/core/codes.ts)
// and its long prose, in docs/codes/<code>.md: what it means, why it matters, a bad and a good example, and the
// fix. `wymcp-lint --explain CODE` (explain.ts), the SARIF rules' help (formatters/sarif.ts)
// and docs/offence-codes.md (scripts/gen-docs.mjs) all render them from here.

import { readFileSync } from "node:fs";
import { codeTitle, defaultSeverity, OFFENCE_CODES, type OffenceCode } from "../core/codes.js";
import { actionSchemaKeys, mandatoryActionSchemaKeys } from "../vocabulary.js";

/**
 * Codes whose examples are not a file but a live server's two surfaces of one tool:
 * {"tools/list": its entry, "help": help's answer about it}.
 */
const SERVER_EXAMPLES: readonly OffenceCode[] = ["surface-drift", "help-answer"];

/** Codes whose examples are a tools file (a saved tools/list, docs/plain-tools.md), not an action file. */
const TOOLS_EXAMPLES: readonly OffenceCode[] = ["tool-name", "client-limit", "missing-description"];

/** Codes whose examples are two tools files, {"pinned": ..., "now": ...}: the first pinned with --update-pins, the second linted against its pins (docs/pins.md). */
const PINS_EXAMPLES: readonly OffenceCode[] = ["pinned-surface"];

/** Codes whose examples are a config's token budgets beside a tools file, {"tokens": ..., "tools": [...]} (docs/tokens.md). */
const TOKENS_EXAMPLES: readonly OffenceCode[] = ["token-budget"];

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
  /** What the examples are when they are not an action file or module: "server" (SERVER_EXAMPLES), "tools" (TOOLS_EXAMPLES), "pins" (PINS_EXAMPLES), "tokens" (TOKENS_EXAMPLES). */
  readonly input?: "server" | "tools" | "pins" | "tokens";
}

/** The section headings, in order, as the Markdown sources and both renderings name them. */
export const DOC_SECTIONS = ["What it means", "Why it matters", "Bad", "Good", "Fix"] as const;

const DOCS_DIR = new URL("../../docs/codes/", import.meta.url);

/** The address of a code's doc, docs/codes/<code>.md, in the copy of wymcp-lint that runs (it ships its docs). */
export function codeDocUri(code: OffenceCode): string {
  return new URL(`${code}.md`, DOCS_DIR).href;
}

const quoted = (keys: readonly string[]): string => keys.map((k) => `"${k}"`).join(", ");

/** Placeholders the prose may use, so the vocabulary keeps its one home (src/vocabulary.ts). */
const PLACEHOLDERS: Readonly<Record<string, () => string>> = {
  "{{vocabulary}}": () => quoted(actionSchemaKeys()),
  "{{mandatory}}": () => quoted(mandatoryActionSchemaKeys()),
};

function filled(prose: string): string {
  return prose.replace(/\{\{\w+\}\}/g, (placeholder) => {
    const value = PLACEHOLDERS[placeholder];
    if (value === undefined) throw new Error(`unknown placeholder ${placeholder} in docs/codes/`);
    return value();
  });
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
  return {
    title: codeTitle(code),
    meaning: filled(meaning),
    why: filled(why),
    lang: badExample.lang,
    bad: badExample.text,
    good: goodExample.text,
    fix: filled(fix),
    ...(SERVER_EXAMPLES.includes(code) ? { input: "server" as const } : {}),
    ...(TOOLS_EXAMPLES.includes(code) ? { input: "tools" as const } : {}),
    ...(PINS_EXAMPLES.includes(code) ? { input: "pins" as const } : {}),
    ...(TOKENS_EXAMPLES.includes(code) ? { input: "tokens" as const } : {}),
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

/** docs/offence-codes.md, whole: scripts/gen-docs.mjs writes it and a test compares it. */
export function offenceCodesPage(): string {
  const parts = [
    "# Offence codes",
    "<!-- Generated by scripts/gen-docs.mjs from docs/codes/*.md and the titles in src/code-docs/code-docs.ts. Do not edit by hand: edit those and run `npm run build && node scripts/gen-docs.mjs`. -->",
    "Every offence wymcp-lint reports carries one of these codes. The codes are stable identifiers. " +
      "`wymcp-lint --explain CODE` prints the same text in a terminal, and the SARIF output carries it as each rule's help.",
    "Each code has a default severity: an `error` fails the run (exit 1); a `warn` is shown and fails it only past `--max-warnings`.",
    ["| code | default | what it reports |", "| --- | --- | --- |", ...OFFENCE_CODES.map((c) => `| [\`${c}\`](#${c}) | ${defaultSeverity(c)} | ${codeTitle(c)} |`)].join("\n"),
    ...OFFENCE_CODES.map((c) => `## ${c}\n\n*${codeTitle(c)}* (default severity: ${defaultSeverity(c)})\n\n${codeDocMarkdown(c).trimEnd()}`),
  ];
  return `${parts.join("\n\n")}\n`;
}
