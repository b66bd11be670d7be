// Hover (docs/editors.md): on offences, each one's code's explanation (what it means, why it
// matters, the fix); on a code named inside a disable directive, that code's. The
// explanation is the CLI's own (--explain), handed in as Markdown. Pure.

import type { Hover } from "./protocol.js";
import { isOffenceCode } from "../core/codes.js";
import type { Directive } from "../suppress/directives.js";
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

/** The code the directive comment at `offset` names there, among the document's `directives`; null when there is none. */
function directiveCodeAt(text: string, directives: readonly Directive[], offset: number): string | null {
  const lines = new LinterLines(text);
  for (const directive of directives) {
    const start = lines.offset(directive.line, directive.column);
    const end = lines.offset(directive.endLine + 1, 1);
    if (offset >= start && offset < end) return codeIn(text, start, end, offset);
  }
  return null;
}

/**
 * The hover at `offset`: the explanation of a code a directive (one of the document's
 * `directives`, as a lint reads them) names there, and of every diagnostic there (each code
 * once, in the order of the diagnostics).
 */
export function hoverAt(findings: readonly Finding[], offset: number, directives: readonly Directive[], map: PositionMap, explain: Explain): Hover | null {
  const here = findings.filter((f) => offset >= f.start && (offset < f.end || (f.start === f.end && offset === f.start)));
  const named = directiveCodeAt(map.text, directives, offset);
  // A code a directive names where the cursor is, first: that is what is pointed at.
  const codes = [...new Set([...(named === null ? [] : [named]), ...here.map((f) => f.code)])];
  const explained = codes.flatMap((code) => explain(code) ?? []);
  if (explained.length === 0) return null;
  const first = here[0];
  return {
    contents: { kind: "markdown", value: explained.join("\n\n---\n\n") },
    ...(first === undefined ? {} : { range: first.diagnostic.range }),
  };
}
