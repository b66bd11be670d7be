// Hover (docs/editors.md): on an offence, its code's explanation (what it means, why it
// matters, the fix); on a code named inside a disable directive, that code's. The
// explanation is the CLI's own (--explain), handed in as Markdown. Pure.

import type { Hover } from "./protocol.js";
import { isOffenceCode } from "../core/codes.js";
import type { FileKind } from "../files/kind.js";
import { directivesOf } from "../suppress/directives.js";
import type { Finding } from "./diagnostics.js";
import { LinterLines, type PositionMap } from "./encoding.js";

/** A code's explanation as Markdown; null for a string that is no code. */
export type Explain = (code: string) => string | null;

/** The offence code written in `text` between `start` and `end` that `offset` is on; null when none is. */
function codeIn(text: string, start: number, end: number, offset: number): string | null {
  for (const match of text.slice(start, end).matchAll(/[a-z][a-z-]*/g)) {
    const at = start + match.index;
    if (offset >= at && offset <= at + match[0].length && isOffenceCode(match[0])) return match[0];
  }
  return null;
}

// An Elixir directive: a # comment that names wymcp-lint-disable… (docs/inputs.md).
const ELIXIR_DIRECTIVE = /#\s*wymcp-lint-disable/;

/** The code the directive comment at `offset` names there; null when there is none. */
function directiveCodeAt(text: string, kind: FileKind, offset: number): string | null {
  if (kind === "elixir") {
    // The line itself is looked at, not the parse: a hover only explains, so a look-alike in a
    // heredoc costs nothing.
    const start = text.lastIndexOf("\n", offset - 1) + 1;
    const next = text.indexOf("\n", offset);
    const end = next < 0 ? text.length : next;
    const directive = ELIXIR_DIRECTIVE.exec(text.slice(start, end));
    return directive === null ? null : codeIn(text, start + directive.index, end, offset);
  }
  if (kind !== "json5" && kind !== "module") return null;
  const lines = new LinterLines(text);
  for (const directive of directivesOf(text, kind)) {
    const start = lines.offset(directive.line, directive.column);
    const end = lines.offset(directive.endLine + 1, 1);
    if (offset >= start && offset < end) return codeIn(text, start, end, offset);
  }
  return null;
}

export function hoverAt(findings: readonly Finding[], offset: number, kind: FileKind, map: PositionMap, explain: Explain): Hover | null {
  const finding = findings.find((f) => offset >= f.start && (offset < f.end || (f.start === f.end && offset === f.start)));
  const code = finding?.offence.code ?? directiveCodeAt(map.text, kind, offset);
  const markdown = code === null || code === undefined ? null : explain(code);
  if (markdown === null) return null;
  return {
    contents: { kind: "markdown", value: markdown },
    ...(finding === undefined ? {} : { range: finding.diagnostic.range }),
  };
}
