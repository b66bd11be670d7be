// The half of locating that every kind of file shares: what a file's offences ask of its
// text (the entry each one points at, and the entries each repair needs), and, once the
// kind's locator has found them all in one go, each offence with its line and column and,
// where its repair can be planned safely (repair-edits.ts), its edits. A kind of file says
// only how a tool is laid out in it (FileLayout). Lines are counted once, for every offset
// at once. Called by the passes of each kind of file: action-file.ts and tool-module.ts.

import { withEdits, withPosition, type Offence, type Target, type TextEdit } from "../core/offence.js";
import type { Path } from "../core/path.js";
import { positionsAt, type Position } from "../text/positions.js";
import { partStart, type LocatedEntry } from "./located-entry.js";
import { planRepair, requests, type PlainEdit } from "./repair-edits.js";

/** How a tool is laid out in one kind of file. */
export interface FileLayout {
  /** What the offence points at, as a path from the file's top level and a part; null when that is no place in the file. */
  target(offence: Offence): Target | null;
  /** The path from the file's top level to the schema of the action named. */
  actionPath(action: string): Path;
}

/** What one file's offences ask of its text: every path, in one list for the kind's locator. */
export interface Lookup {
  readonly paths: readonly Path[];
  /** The offences with what was found for `paths` (in their order); the same array when nothing was. */
  located(text: string, found: readonly (LocatedEntry | null)[]): readonly Offence[];
}

interface Ask {
  /** Where the offence's target is in `paths`, or -1 when it wants no position. */
  readonly target: number;
  readonly part: Target["part"];
  /** Where its repair's entries start in `paths`, and how many there are (0: no repair). */
  readonly from: number;
  readonly count: number;
}

/**
 * What the offences ask for: the target of each that has no line yet, and the entries each
 * repair of an action's schema needs. Null when they ask nothing: the text is not looked at.
 */
export function lookup(offences: readonly Offence[], layout: FileLayout): Lookup | null {
  const paths: Path[] = [];
  const asks = offences.map((offence): Ask => {
    const target = offence.line === undefined ? layout.target(offence) : null;
    const at = target === null ? -1 : paths.push(target.path) - 1;
    const relative = offence.action === null ? [] : requests(offence);
    const from = paths.length;
    if (relative.length > 0) {
      const base = layout.actionPath(offence.action as string);
      for (const path of relative) paths.push([...base, ...path]);
    }
    return { target: at, part: target?.part ?? "value", from, count: relative.length };
  });
  if (paths.length === 0) return null;
  return { paths, located: (text, found) => locatedOffences(text, offences, asks, found) };
}

function locatedOffences(text: string, offences: readonly Offence[], asks: readonly Ask[], found: readonly (LocatedEntry | null)[]): readonly Offence[] {
  const starts = asks.map((ask) => {
    const entry = ask.target < 0 ? null : found[ask.target];
    if (entry === null || entry === undefined) return null;
    return { offset: partStart(entry, ask.part), exact: entry.exact };
  });
  const planned = asks.map((ask, i) => (ask.count === 0 ? null : planRepair(text, offences[i] as Offence, found.slice(ask.from, ask.from + ask.count))));
  const offsets = new Set<number>();
  for (const start of starts) if (start !== null) offsets.add(start.offset);
  for (const edits of planned) for (const edit of edits ?? []) offsets.add(edit.start).add(edit.end);
  if (offsets.size === 0) return offences;
  const sorted = [...offsets].sort((a, b) => a - b);
  const positions = positionsAt(text, sorted);
  const at = new Map(sorted.map((offset, i) => [offset, positions[i] as Position]));
  const present = (edit: PlainEdit): TextEdit => {
    const from = at.get(edit.start) as Position;
    const to = at.get(edit.end) as Position;
    return { start: edit.start, end: edit.end, text: edit.text, startLine: from.line, startColumn: from.column, endLine: to.line, endColumn: to.column };
  };
  return offences.map((offence, i) => {
    const start = starts[i];
    const edits = planned[i];
    let located = offence;
    if (start !== null && start !== undefined) {
      const position = at.get(start.offset) as Position;
      located = withPosition(located, position.line, position.column, start.exact);
    }
    return edits ? withEdits(located, edits.map(present)) : located;
  });
}
