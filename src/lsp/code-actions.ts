// Code actions on a document's findings (docs/editors.md): a preferred quick fix for each
// offence whose fix is mechanical, from the very edits --fix applies, titled by what it does
// (its repair) in a few words; "disable this code
// for this line" and "for this file" where the file can hold comments (JSON5, tool modules
// and Elixir files), the line's only where the linter would read the inserted line as the
// directive (not where the line begins inside a string, a template literal, a heredoc or a
// sigil that runs over lines); and source.fixAll.wymcp-lint, the fixes of every finding known for the
// document's current version at once (src/fix/apply-edits.ts picks those that do not
// clash, as one pass of --fix does). Every edit names the document's version where the client
// takes versioned edits, so it refuses one computed for a text that has moved on. Findings and
// text in, actions out.

import type { CodeAction, Range, TextEdit as LspTextEdit, WorkspaceEdit } from "./protocol.js";
import type { RepairKind } from "../core/codes.js";
import type { Repair, TextEdit } from "../core/offence.js";
import { inspectString } from "../text/escape.js";
import { applyEdits } from "../fix/apply-edits.js";
import type { CommentSyntax } from "../inputs/index.js";
import type { Directive } from "../suppress/directives.js";
import type { Finding } from "./diagnostics.js";
import type { PositionMap } from "./encoding.js";

export const FIX_ALL_KIND = "source.fixAll.wymcp-lint";

/** The document an action edits: its URI, and the version its edits are for where the client takes versioned edits (null: it does not). */
export interface EditedDocument {
  readonly uri: string;
  readonly version: number | null;
}

/** `edits` of the document as a workspace edit: versioned (documentChanges) where the client takes them. */
function workspaceEdit(document: EditedDocument, edits: LspTextEdit[]): WorkspaceEdit {
  if (document.version === null) return { changes: { [document.uri]: edits } };
  return { documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits }] };
}

/** A quick fix's title for each kind of repair: what it does, in a few words (the offence's fix sentence is the diagnostic's to say). */
const FIX_TITLES: { readonly [K in RepairKind]: (repair: Extract<Repair, { readonly kind: K }>) => string } = {
  "rename-key": (repair) => `Rename to ${inspectString(repair.to)}`,
  "remove-entry": () => "Remove the entry",
  "delete-hidden": () => "Delete the hidden characters",
  "split-to-notes": () => "Move the lines after the first to notes",
};

function fixTitle(repair: Repair): string {
  return (FIX_TITLES[repair.kind] as (repair: Repair) => string)(repair);
}

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

/** How directives are written in a document, and how a lint reads them there (its input kind's: src/inputs/). */
export interface Commenting {
  readonly syntax: CommentSyntax;
  readonly directivesOf: (text: string) => Promise<readonly Directive[]>;
}

/** The line that disables `code` on the line after it, with the indent of the document's line `line`. */
function lineDirective(map: PositionMap, commenting: Commenting, line: number, code: string): string {
  const indent = /^[ \t]*/.exec(map.lineText(line))?.[0] ?? "";
  return `${indent}${commenting.syntax.nextLine(code)}${lineBreakOf(map.text)}`;
}

/**
 * Which of the document's `lines` (0-based) take a line directive put above them: those where
 * the text with it holds it, as a lint reads its directives, and not where the line begins
 * inside a string, a template literal, a heredoc or a sigil that runs over lines. Where the
 * syntax groups them (Elixir: a # line inside a string or a sigil is text of it and ends
 * nothing, so each stands or falls alone), the text is read once with a directive above every
 * line; otherwise (JSON5, scripts) once per line, since a line put inside a string continued
 * with a backslash ends it.
 */
async function directiveLines(map: PositionMap, commenting: Commenting, lines: readonly number[]): Promise<Set<number>> {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const readable = new Set<number>();
  for (const group of commenting.syntax.grouped ? [sorted] : sorted.map((line) => [line])) {
    let text = "";
    let from = 0;
    for (const line of group) {
      const at = map.lineStart(line);
      // Any code will do: it does not change how the line reads.
      text += map.text.slice(from, at) + lineDirective(map, commenting, line, "unknown-key");
      from = at;
    }
    text += map.text.slice(from);
    const found = await commenting.directivesOf(text.replace(/^\ufeff/, ""));
    // Directives count lines from 1; the k-th inserted above `line` stands on line + k + 1.
    group.forEach((line, k) => {
      if (found.some((d) => d.kind === "wymcp-lint-disable-next-line" && d.line === line + k + 1 && d.endLine === line + k + 1)) readable.add(line);
    });
  }
  return readable;
}

/** The directive comments that disable `code` on the finding's line (where `lineTakes`), and in the whole file. */
function disableActions(finding: Finding, document: EditedDocument, map: PositionMap, commenting: Commenting, lineTakes: boolean): CodeAction[] {
  const { code } = finding;
  const line = map.lineOf(finding.start);
  // A shebang must stay the first line; the file directive goes below it.
  const top = map.text.replace(/^\ufeff/, "").startsWith("#!") ? { line: 1, character: 0 } : map.position(map.text.charCodeAt(0) === 0xfeff ? 1 : 0);
  const insert = (at: Range["start"], newText: string): WorkspaceEdit => workspaceEdit(document, [{ range: { start: at, end: at }, newText }]);
  const eol = lineBreakOf(map.text);
  const forFile: CodeAction = {
    title: `Disable ${code} for this file`,
    kind: "quickfix",
    diagnostics: [finding.diagnostic],
    edit: insert(top, `${commenting.syntax.wholeFile(code)}${eol}`),
  };
  if (!lineTakes) return [forFile];
  const forLine: CodeAction = {
    title: `Disable ${code} for this line`,
    kind: "quickfix",
    diagnostics: [finding.diagnostic],
    edit: insert(map.position(map.lineStart(line)), lineDirective(map, commenting, line, code)),
  };
  return [forLine, forFile];
}

/** A name a fix sentence offers in quotes after `lead` (`Did you mean "x"?`), when it is a plain string; null otherwise. */
function offered(fix: string, lead: string): string | null {
  const quoted = new RegExp(`^${lead} ("(?:[^"\\\\]|\\\\.)*")`).exec(fix)?.[1];
  if (quoted === undefined) return null;
  try {
    const name = JSON.parse(quoted) as unknown;
    return typeof name === "string" && name !== "" ? name : null;
  } catch {
    return null;
  }
}

/** `name` written as the token `token` is written: in its quotes, or bare where it was bare and may be. */
function writtenLike(token: string, name: string): string | null {
  const quote = token[0];
  if (quote === '"') return JSON.stringify(name);
  if (quote === "'") return /['\\\n\r]/.test(name) ? null : `'${name}'`;
  return /^[A-Za-z_$][\w$]*$/.test(token) && /^[A-Za-z_$][\w$]*$/.test(name) ? name : null;
}

/**
 * The suggestions for a finding whose fix is a decision the author makes, never applied by
 * --fix or fix-all: the action a "related" entry may have meant, the declared property a default
 * key may have meant. Each replaces the token the finding covers.
 */
function suggestions(finding: Finding, document: EditedDocument, map: PositionMap): CodeAction[] {
  const { offence } = finding;
  if (offence === null) return [];
  const name = offence.code === "unknown-related" ? offered(offence.fix, "Did you mean") : offence.code === "undeclared-default" ? offered(offence.fix, "Rename it to") : null;
  if (name === null) return [];
  const text = writtenLike(map.text.slice(finding.start, finding.end), name);
  if (text === null) return [];
  return [
    {
      title: `${offence.code === "unknown-related" ? "Change to" : "Rename to"} ${inspectString(name)}`,
      kind: "quickfix",
      diagnostics: [finding.diagnostic],
      edit: workspaceEdit(document, [{ range: finding.diagnostic.range, newText: text }]),
    },
  ];
}

/** The quick fixes for the findings that overlap `range`; `commented`, how directives are written in the document (null: it has no comments, as JSON). */
export async function quickFixes(findings: readonly Finding[], range: Range, document: EditedDocument, commented: Commenting | null, map: PositionMap): Promise<CodeAction[]> {
  // A check held back is no offence: nothing to fix or disable.
  const touched = findings.filter((finding) => finding.offence !== null && overlaps(finding.diagnostic.range, range));
  // A directive cannot silence an offence about the directives themselves.
  const disabled = new Set(commented === null ? [] : touched.filter((finding) => finding.code !== "unused-disable"));
  const lines =
    commented === null || disabled.size === 0
      ? new Set<number>()
      : await directiveLines(
          map,
          commented,
          [...disabled].map((finding) => map.lineOf(finding.start)),
        );
  return touched.flatMap((finding) => {
    const { edits, repair } = finding.offence ?? {};
    const fix: CodeAction[] =
      edits === undefined || edits.length === 0 || repair === undefined
        ? []
        : [
            {
              title: fixTitle(repair),
              kind: "quickfix",
              isPreferred: true,
              diagnostics: [finding.diagnostic],
              edit: workspaceEdit(document, lspEdits(edits, map)),
            },
          ];
    const suggested = suggestions(finding, document, map);
    if (commented === null || !disabled.has(finding)) return [...fix, ...suggested];
    return [...fix, ...suggested, ...disableActions(finding, document, map, commented, lines.has(map.lineOf(finding.start)))];
  });
}

/** Every mechanical fix of the findings that can go together, as one action; null when there is none. */
export function fixAll(findings: readonly Finding[], document: EditedDocument, map: PositionMap): CodeAction | null {
  const groups = findings.flatMap((finding) => {
    const edits = finding.offence?.edits;
    return edits === undefined || edits.length === 0 ? [] : [edits];
  });
  if (groups.length === 0) return null;
  const shift = map.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const { applied } = applyEdits(map.text.slice(shift), groups);
  const edits = applied.flatMap((g) => groups[g] as readonly TextEdit[]).sort((a, b) => a.start - b.start);
  return { title: "Fix all wymcp-lint offences that can be fixed", kind: FIX_ALL_KIND, edit: workspaceEdit(document, lspEdits(edits, map)) };
}
