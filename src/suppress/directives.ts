// Reads the inline suppression directives of a source file (docs/configuration.md, "Inline suppressions"):
//   // wymcp-lint-disable-next-line CODE[, CODE] -- reason
//   foo: 1, // wymcp-lint-disable-line CODE -- reason
//   /* wymcp-lint-disable-file CODE */
// A directive is a comment (found by comments.ts, never text inside a string) whose text
// opens with the directive's name. The codes are kept as written: apply-directives.ts
// judges them. A comment that opens with "wymcp-lint-disable" but is no directive is kept
// as malformed, so a slip is reported rather than silently suppressing nothing.

import { positionsAt } from "../text/positions.js";
import { json5Comments, scriptComments, type Comment } from "./comments.js";

export const DIRECTIVE_KINDS = ["wymcp-lint-disable-next-line", "wymcp-lint-disable-line", "wymcp-lint-disable-file"] as const;
export type DirectiveKind = (typeof DIRECTIVE_KINDS)[number];

export interface Directive {
  /** The directive's name as written; for a malformed one, the word that opens the comment. */
  readonly kind: DirectiveKind | "malformed";
  /** The codes named, as written (trimmed, in order). */
  readonly codes: readonly string[];
  /** Where the comment starts (1-based). */
  readonly line: number;
  readonly column: number;
  /** The line the comment ends on: disable-next-line covers the line after it, disable-line the lines from `line` to it. */
  readonly endLine: number;
  /** The first word of the comment (for a malformed directive's message). */
  readonly word: string;
}

const PREFIX = "wymcp-lint-disable";

/** The directive a comment holds, without its position; null for an ordinary comment. */
function read(comment: Comment): Pick<Directive, "kind" | "codes" | "word"> | null {
  // A block comment's lines may open with "*", as JSDoc's do.
  const body = comment.text.replace(/^\s*\*?\s*/, "");
  if (!body.startsWith(PREFIX)) return null;
  const word = /^\S+/.exec(body)?.[0] as string;
  // The reason follows " -- " (two or more dashes between white space), as ESLint's do.
  const list = body.slice(word.length).split(/\s-{2,}(?:\s|$)/)[0] as string;
  const codes = list
    .split(",")
    .map((code) => code.trim())
    .filter((code) => code !== "");
  const kind = (DIRECTIVE_KINDS as readonly string[]).includes(word) && (list === "" || /^\s/.test(list)) ? (word as DirectiveKind) : "malformed";
  return { kind, codes, word };
}

function directivesIn(source: string, comments: readonly Comment[]): Directive[] {
  const found = comments.flatMap((comment) => {
    const directive = read(comment);
    return directive === null ? [] : [{ comment, directive }];
  });
  if (found.length === 0) return [];
  const offsets = found.flatMap(({ comment }) => [comment.start, Math.max(comment.start, comment.end - 1)]);
  const positions = positionsAt(source, offsets);
  return found.map(({ directive }, i) => {
    const start = positions[2 * i] as { line: number; column: number };
    const end = positions[2 * i + 1] as { line: number };
    return Object.freeze({ ...directive, codes: Object.freeze(directive.codes), line: start.line, column: start.column, endLine: end.line });
  });
}

/** Whether `source` can hold a directive: most files hold none, and the substring test spares them finding their comments. */
export function mayHoldDirectives(source: string): boolean {
  return source.includes(PREFIX);
}

/** The directives of a JSON5 action file or of a JavaScript/TypeScript tool module. */
export function directivesOf(source: string, kind: "json5" | "module"): Directive[] {
  if (!mayHoldDirectives(source)) return [];
  return directivesIn(source, kind === "json5" ? json5Comments(source) : scriptComments(source));
}

/** The directives among comments a caller's own parse found (an Elixir file's, src/elixir/). */
export function commentDirectives(source: string, comments: readonly Comment[]): Directive[] {
  return source.includes(PREFIX) ? directivesIn(source, comments) : [];
}
