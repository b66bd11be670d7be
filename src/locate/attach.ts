// Gives each offence that has a repair its edits, as data (Offence.edits), for one file's
// text: the two halves around the caller's locator. repairPaths says what to look up;
// attachEdits plans each repair from what was found and adds line and column to its edits.
// Called by the action-file lint (src/lint/lint-files.ts) and for tool modules.

import { withEdits, type Offence, type TextEdit } from "../core/offence.js";
import type { Path } from "../core/path.js";
import { positionsAt } from "../text/positions.js";
import { planRepair, requests, type Found, type PlainEdit } from "./repair-edits.js";

/** Per offence, the entries its repair needs, as paths relative to its action schema (none without a repair). */
export function repairPaths(offences: readonly Offence[]): Path[][] {
  return offences.map((offence) => (offence.action === null ? [] : requests(offence)));
}

/** The offences, each repair that can be planned on `text` carrying its edits; `found` answers repairPaths. */
export function attachEdits(text: string, offences: readonly Offence[], found: readonly (readonly (Found | null)[])[]): readonly Offence[] {
  const planned = offences.map((offence, i) => (offence.repair && offence.action !== null ? planRepair(text, offence, found[i] ?? []) : null));
  const offsets = [...new Set(planned.flatMap((edits) => (edits ?? []).flatMap((edit) => [edit.start, edit.end])))].sort((a, b) => a - b);
  if (offsets.length === 0) return offences;
  const positions = positionsAt(text, offsets);
  const at = new Map(offsets.map((offset, i) => [offset, positions[i] as { line: number; column: number }]));
  const present = (edit: PlainEdit): TextEdit => {
    const from = at.get(edit.start) as { line: number; column: number };
    const to = at.get(edit.end) as { line: number; column: number };
    return { start: edit.start, end: edit.end, text: edit.text, startLine: from.line, startColumn: from.column, endLine: to.line, endColumn: to.column };
  };
  return offences.map((offence, i) => {
    const edits = planned[i];
    return edits ? withEdits(offence, edits.map(present)) : offence;
  });
}
