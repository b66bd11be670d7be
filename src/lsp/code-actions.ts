// Code actions on a document's findings (docs/editors.md): a preferred quick fix for each
// offence whose fix is mechanical, from the very edits --fix applies; "disable this code
// for this line" and "for this file" where the file can hold comments (JSON5, tool modules
// and Elixir files), the line's only where the linter would read the inserted line as the
// directive (not where the line begins inside a string, a template literal, a heredoc or a
// sigil that runs over lines); and source.fixAll.wymcp-lint, the fixes of every finding known for the
// document's current version at once (src/fix/apply-edits.ts picks those that do not
// clash, as one pass of --fix does). Findings and text in, actions out.

import type { CodeAction, Range, TextEdit as LspTextEdit } from "./protocol.js";
import type { TextEdit } from "../core/offence.js";
import type { FileKind } from "../files/kind.js";
import { applyEdits } from "../fix/apply-edits.js";
import { directivesOf, type Directive } from "../suppress/directives.js";
import type { Finding } from "./diagnostics.js";
import type { PositionMap } from "./encoding.js";

export const FIX_ALL_KIND = "source.fixAll.wymcp-lint";

/** The edits of an offence, as LSP edits of the document (its text may open with a byte order mark, which the linter's offsets leave out). */
function lspEdits(edits: readonly TextEdit[], map: PositionMap): LspTextEdit[] {
  const shift = map.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return edits.map((edit) => ({ range: { start: map.position(edit.start + shift), end: map.position(edit.end + shift) }, newText: edit.text }));
}

function overlaps(a: Range, b: Range): boolean {
  const before = (x: Range["start"], y: Range["start"]): boolean => x.line < y.line || (x.line === y.line && x.character < y.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

const lineBreakOf = (text: string): string => (/\r\n/.test(text) ? "\r\n" : /\r/.test(text) && !/\n/.test(text) ? "\r" : "\n");

/** The directives a lint reads in `text` of `kind` (an Elixir file's through its parse, loaded with the lint that found the offence). */
async function directivesIn(text: string, kind: "json5" | "module" | "elixir"): Promise<readonly Directive[]> {
  if (kind !== "elixir") return directivesOf(text, kind);
  const { elixirDirectives } = await import("../elixir/index.js");
  return elixirDirectives(text);
}

/**
 * The directive comments that disable `code` on the finding's line, or in the whole file, in
 * the comments of `kind`. The line's directive is offered only when the text with it holds
 * it, as the lint reads its directives, right above the finding's line.
 */
async function disableActions(finding: Finding, uri: string, map: PositionMap, kind: "json5" | "module" | "elixir"): Promise<CodeAction[]> {
  const { code } = finding.offence;
  const eol = lineBreakOf(map.text);
  const line = map.lineOf(finding.start);
  const indent = /^[ \t]*/.exec(map.lineText(line))?.[0] ?? "";
  const lineStart = map.lineStart(line);
  // A shebang must stay the first line; the file directive goes below it.
  const top = map.text.replace(/^\ufeff/, "").startsWith("#!") ? { line: 1, character: 0 } : map.position(map.text.charCodeAt(0) === 0xfeff ? 1 : 0);
  const insert = (at: Range["start"], newText: string) => ({ changes: { [uri]: [{ range: { start: at, end: at }, newText }] } });
  const forFile: CodeAction = {
    title: `Disable ${code} for this file`,
    kind: "quickfix",
    diagnostics: [finding.diagnostic],
    edit: insert(top, kind === "elixir" ? `# wymcp-lint-disable-file ${code}${eol}` : `/* wymcp-lint-disable-file ${code} */${eol}`),
  };
  const added = `${indent}${kind === "elixir" ? "#" : "//"} wymcp-lint-disable-next-line ${code}${eol}`;
  const withLine = map.text.slice(0, lineStart) + added + map.text.slice(lineStart);
  // Lines count from 1 in a directive; the inserted one takes the finding's line number.
  const read = (await directivesIn(withLine.replace(/^\ufeff/, ""), kind)).some(
    (d) => d.kind === "wymcp-lint-disable-next-line" && d.line === line + 1 && d.endLine === line + 1 && d.codes.includes(code),
  );
  if (!read) return [forFile];
  return [{ title: `Disable ${code} for this line`, kind: "quickfix", diagnostics: [finding.diagnostic], edit: insert(map.position(lineStart), added) }, forFile];
}

/** The quick fixes for the findings that overlap `range`. */
export async function quickFixes(findings: readonly Finding[], range: Range, uri: string, kind: FileKind, map: PositionMap): Promise<CodeAction[]> {
  const touched = findings.filter((finding) => overlaps(finding.diagnostic.range, range));
  const actions = await Promise.all(
    touched.map(async (finding) => {
      const fix: CodeAction[] =
        finding.offence.edits === undefined || finding.offence.edits.length === 0
          ? []
          : [
              {
                title: `Fix: ${finding.offence.fix}`,
                kind: "quickfix",
                isPreferred: true,
                diagnostics: [finding.diagnostic],
                edit: { changes: { [uri]: lspEdits(finding.offence.edits, map) } },
              },
            ];
      // JSON has no comments; a directive cannot silence an offence about the directives themselves.
      if (kind === "json" || finding.offence.code === "unused-disable") return fix;
      return [...fix, ...(await disableActions(finding, uri, map, kind))];
    }),
  );
  return actions.flat();
}

/** Every mechanical fix of the findings that can go together, as one action; null when there is none. */
export function fixAll(findings: readonly Finding[], uri: string, map: PositionMap): CodeAction | null {
  const groups = findings.flatMap((finding) => (finding.offence.edits === undefined || finding.offence.edits.length === 0 ? [] : [finding.offence.edits]));
  if (groups.length === 0) return null;
  const shift = map.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const { applied } = applyEdits(map.text.slice(shift), groups);
  const edits = applied.flatMap((g) => groups[g] as readonly TextEdit[]).sort((a, b) => a.start - b.start);
  return { title: "Fix all wymcp-lint offences that can be fixed", kind: FIX_ALL_KIND, edit: { changes: { [uri]: lspEdits(edits, map) } } };
}
