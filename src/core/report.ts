// The report as text, shared by the library's ActionSchemaError message and the CLI's text
// format so an offence reads the same everywhere: one self-contained line per offence,
// the first N per action, then "… and K more offences". Pure; colour arrives as a palette.

import { inspectString } from "../text/escape.js";
import type { Offence } from "./offence.js";

/** How the text report paints its parts; the CLI injects colours, the library none. */
export interface Palette {
  readonly file: (s: string) => string;
  readonly code: (s: string) => string;
  readonly name: (s: string) => string;
  readonly location: (s: string) => string;
  readonly fix: (s: string) => string;
  readonly dim: (s: string) => string;
  /** A warning's label and code, in a colour of their own (an error's code is `code`). */
  readonly warning: (s: string) => string;
}

const same = (s: string): string => s;
export const PLAIN: Palette = { file: same, code: same, name: same, location: same, fix: same, dim: same, warning: same };

/** The label before a warning's code; an error has none, so a report of errors reads as before severities. */
export const WARNING_LABEL = "warning";

/** The per-action cap when none is given (docs/report.md). */
export const DEFAULT_MAX_OFFENCES = 10;

/** A tool or action name as the report shows it: bare when harmless, inspected otherwise. */
export function displayName(name: string): string {
  return /^[A-Za-z0-9_][A-Za-z0-9_.@$:/-]*$/.test(name) ? name : inspectString(name);
}

export interface OffenceLineContext {
  /** The file as the user named it (CLI), absent for the library. */
  readonly file?: string;
  readonly tool?: string | null;
}

/**
 * One self-contained line: `file:line:col  code  sentence`, a warning's code led by its
 * label (`warning unknown-related`).
 */
export function renderOffenceLine(offence: Offence, context: OffenceLineContext, palette: Palette = PLAIN): string {
  const parts: string[] = [];
  if (context.file !== undefined) {
    const position = offence.line !== undefined ? `:${offence.line}:${offence.column ?? 1}` : "";
    parts.push(palette.file(`${context.file}${position}`));
  }
  parts.push(offence.severity === "warn" ? palette.warning(`${WARNING_LABEL} ${offence.code}`) : palette.code(offence.code));
  parts.push(renderOffenceSentence(offence, context.tool ?? null, palette));
  return parts.join("  ");
}

/**
 * The offence without file, code or severity: `tool T action A at LOCATION: message. Fix: fix`.
 * The machine formats carry it as their message, since they hold the rest in fields.
 */
export function renderOffenceSentence(offence: Offence, tool: string | null, palette: Palette = PLAIN): string {
  const subject: string[] = [];
  if (tool) subject.push(`tool ${palette.name(displayName(tool))}`);
  if (offence.action !== null) subject.push(`action ${palette.name(displayName(offence.action))}`);
  if (offence.location !== "") subject.push(`at ${palette.location(offence.location)}`);
  const head = subject.length > 0 ? `${subject.join(" ")}: ` : "";
  return `${head}${offence.message}. ${palette.fix(`Fix: ${offence.fix}`)}`;
}

export interface ActionGroup {
  readonly action: string | null;
  readonly shown: readonly Offence[];
  /** How many offences of this action the cap left out. */
  readonly hidden: number;
}

/** Sorted offences cut into their runs of one action each (tool level first), in order. */
export function actionRuns(sorted: readonly Offence[]): Offence[][] {
  const runs: Offence[][] = [];
  let start = 0;
  while (start < sorted.length) {
    const action = (sorted[start] as Offence).action;
    let end = start + 1;
    while (end < sorted.length && (sorted[end] as Offence).action === action) end++;
    runs.push(sorted.slice(start, end));
    start = end;
  }
  return runs;
}

/** Sorted offences grouped by action (tool level first), each cut to `max` (0 = all). */
export function capByAction(sorted: readonly Offence[], max: number): ActionGroup[] {
  return actionRuns(sorted).map((run) => {
    const shownCount = max > 0 ? Math.min(max, run.length) : run.length;
    return { action: (run[0] as Offence).action, shown: run.slice(0, shownCount), hidden: run.length - shownCount };
  });
}

export function moreOffencesLine(hidden: number): string {
  return `… and ${hidden} more ${hidden === 1 ? "offence" : "offences"}`;
}

/** The library's report: a heading, then each action's capped lines. */
export function renderReport(sorted: readonly Offence[], tool: string | null, max = DEFAULT_MAX_OFFENCES): string {
  const count = `${sorted.length} ${sorted.length === 1 ? "offence" : "offences"}`;
  const lines = [tool ? `tool ${displayName(tool)} has ${count}:` : `${count}:`];
  for (const group of capByAction(sorted, max)) {
    for (const offence of group.shown) lines.push(`  ${renderOffenceLine(offence, {})}`);
    if (group.hidden > 0) lines.push(`  ${moreOffencesLine(group.hidden)}`);
  }
  return lines.join("\n");
}
