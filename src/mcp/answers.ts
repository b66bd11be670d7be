// A lint result as `--mcp` answers it (docs/mcp.md): the totals first, then one page of the
// offences that pass the severity filter, in report order, each with what a model needs to
// act on it (its place, its message, its fix, and the fix as edits), and the checks held back
// in the actions of that page, which run once those offences are fixed. Plain data, in the
// shape schemas/mcp-answer.schema.json describes; nothing in it addresses the model.

import type { Severity } from "../core/codes.js";
import type { Offence } from "../core/offence.js";
import { heldBackRecord, offenceRecord } from "../lint/offence-record.js";
import type { LintResult, Summary } from "../lint/result.js";

/** Which page of offences a call asked for. */
export interface PageRequest {
  readonly severity: Severity;
  readonly limit: number;
  readonly offset: number;
}

export interface ReportAnswer {
  readonly root: string | null;
  readonly summary: Summary;
  readonly page: { readonly offset: number; readonly limit: number; readonly listed: number; readonly matching: number; readonly next: number | null };
  readonly offences: readonly Record<string, unknown>[];
  readonly heldBack: readonly Record<string, unknown>[];
}

/** An offence as the JSON report gives it (src/lint/offence-record.ts), with its file and tool. */
function offenceEntry(file: string, tool: string | null, offence: Offence): Record<string, unknown> {
  return { file, tool, ...offenceRecord(offence) };
}

/** The report of `result`, one page of it: `request`'s severity and above, from its offset. */
export function reportAnswer(result: LintResult, request: PageRequest, root: string | null): ReportAnswer {
  const offences: Record<string, unknown>[] = [];
  const heldBack: Record<string, unknown>[] = [];
  let matching = 0;
  const end = request.offset + request.limit;
  for (const file of result.files) {
    const listedActions = new Set<string | null>();
    for (const offence of file.offences) {
      if (request.severity === "error" && offence.severity !== "error") continue;
      if (matching >= request.offset && matching < end) {
        offences.push(offenceEntry(file.file, file.tool, offence));
        listedActions.add(offence.action);
      }
      matching++;
    }
    // Only those of the actions listed: what fixing this page's offences lets run next.
    for (const record of file.heldBack ?? []) if (listedActions.has(record.action)) heldBack.push({ file: file.file, tool: file.tool, ...heldBackRecord(record) });
  }
  return {
    root,
    summary: result.summary,
    page: { offset: request.offset, limit: request.limit, listed: offences.length, matching, next: end < matching ? end : null },
    offences,
    heldBack,
  };
}
