// Renders what --fix changed (or would change) in one file as a unified diff: "--- name",
// "+++ name", then hunks with three lines of context, lines compared with their line
// endings. The diff and its text are the `diff` package's (jsdiff: Myers' algorithm); only a
// change too large to search is shown here, as one block. Raw text, exactly what `patch -p0`
// applies; the text format escapes it for the terminal. Pure. Only --fix and --fix-dry-run
// load it (fix-files.ts is a lazy import), and jsdiff with it: in the CLI's bundle a chunk of
// its own (scripts/bundle.mjs).

import { FILE_HEADERS_ONLY, formatPatch, structuredPatch, type StructuredPatch } from "diff";

const CONTEXT = 3;

// Beyond this many differing lines the script is not searched for: the changed block is
// shown as all its old lines removed and all its new lines added (still a correct diff),
// so that time and memory stay bounded on a file where thousands of entries were removed.
const MAX_SEARCHED_EDITS = 1000;

/** The text's lines, each with its line ending ("\n" or "\r\n"); the last may have none. */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** One line of a hunk as jsdiff writes it: its mark, the line without "\n", and the marker of a last line without one. */
function row(mark: " " | "-" | "+", line: string): string[] {
  return line.endsWith("\n") ? [mark + line.slice(0, -1)] : [mark + line, "\\ No newline at end of file"];
}

/** The patch that replaces every line between the common head and tail: one hunk, with its context. */
function replacedBlock(name: string, before: string, after: string): StructuredPatch {
  const a = linesOf(before);
  const b = linesOf(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const from = Math.max(0, head - CONTEXT);
  const trailing = Math.min(tail, CONTEXT);
  const removed = a.slice(head, a.length - tail);
  const added = b.slice(head, b.length - tail);
  const lines = [
    ...a.slice(from, head).flatMap((line) => row(" ", line)),
    ...removed.flatMap((line) => row("-", line)),
    ...added.flatMap((line) => row("+", line)),
    ...a.slice(a.length - tail, a.length - tail + trailing).flatMap((line) => row(" ", line)),
  ];
  const context = head - from + trailing;
  const hunk = { oldStart: from + 1, oldLines: context + removed.length, newStart: from + 1, newLines: context + added.length, lines };
  return { oldFileName: name, newFileName: name, oldHeader: undefined, newHeader: undefined, hunks: [hunk] };
}

/** The unified diff from `before` to `after`, both named `name`; "" when they are equal. */
export function unifiedDiff(name: string, before: string, after: string): string {
  if (before === after) return "";
  const searched = structuredPatch(name, name, before, after, undefined, undefined, { context: CONTEXT, maxEditLength: MAX_SEARCHED_EDITS });
  return formatPatch(searched ?? replacedBlock(name, before, after), FILE_HEADERS_ONLY);
}
