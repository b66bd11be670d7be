// The text format (docs/report.md): one self-contained line per offence, rendered by the
// same renderOffenceLine as the library's error so both read alike; the first N offences
// of each action, in the order of their lines (readingOrder), then "… and K more offences
// (--max-offences 0 shows all)", then a line for each check the chain's gate held back;
// files in path order; a summary line with
// the totals (never the displayed counts) and the time taken. Pure, colour via palette.

import { escapeText } from "../../text/escape.js";
import { actionRuns, capByAction, displayName, moreOffencesLine, renderOffenceLine, type Palette } from "../../core/report.js";
import { heldBackMessage, type HeldBack } from "../../core/held-back.js";
import type { BaselineReport, LintResult } from "../../lint/result.js";
import type { Offence } from "../../core/offence.js";
import type { FormatOptions } from "./types.js";
import { appendAll } from "../../core/append.js";

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/**
 * `3 files, 12 actions: 5 offences (0.04 s)`, or `…: no offences (…)`; with warnings,
 * `…: 5 offences: 2 errors, 3 warnings (…)`; for a server, `server node srv.js: 3 tools, …`
 * (each of its tools is one result); when a baseline absorbed offences, `…, 7 baselined` after the count.
 */
export function summaryLine(result: Pick<LintResult, "summary" | "durationMs" | "server" | "baseline">, dim: (s: string) => string = (s) => s): string {
  const { summary, durationMs, server, baseline } = result;
  let found = summary.offences === 0 ? "no offences" : count(summary.offences, "offence");
  if (summary.warnings > 0) found += `: ${count(summary.errors, "error")}, ${count(summary.warnings, "warning")}`;
  if (baseline !== undefined && baseline.baselined > 0) found += `, ${baseline.baselined} baselined`;
  const linted = server === undefined ? count(summary.files, "file") : `server ${shownFile(server)}: ${count(summary.files, "tool")}`;
  return `${linted}, ${count(summary.actions, "action")}: ${found} ${dim(`(${(durationMs / 1000).toFixed(2)} s)`)}`;
}

// GitHub's runner reads any log line that opens with "::" (after white space) as a workflow
// command, and an offence line opens with its file's name.
const COMMAND_OPENING = /^\s*::/u;

/**
 * A file name as an offence line opens with it: escaped like every other user string, and
 * led by "./" (the same file) where it would open the line as a workflow command.
 */
export function shownFile(file: string): string {
  const escaped = escapeText(file);
  return COMMAND_OPENING.test(escaped) ? `./${escaped}` : escaped;
}

// A diff line shows the user's own text: its unsafe characters are escaped like any other
// output, but for tabs and the "\r" of a CRLF line ending, which a terminal shows harmlessly.
const UNSAFE_IN_DIFF = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function diffLine(line: string): string {
  const cr = line.endsWith("\r") ? "\r" : "";
  const body = line.slice(0, line.length - cr.length);
  let safe = UNSAFE_IN_DIFF.test(body) ? body.replace(/[^\t]+/g, escapeText) : body;
  // A JSON5 line continuation can start a line with "::", which GitHub reads as a command.
  if (COMMAND_OPENING.test(safe)) safe = safe.replace(":", "\\u{3A}");
  return `${safe}${cr}`;
}

/** The diffs of --fix and --fix-dry-run, before the report. */
function diffs(result: LintResult): string[] {
  const shown = result.files.flatMap((file) => (file.diff ? file.diff.split("\n").slice(0, -1) : []));
  return shown.map(diffLine);
}

/** The heading of the stale-entries warning, shared with the github format. */
export function staleHeading(baseline: BaselineReport): string {
  const n = baseline.stale.reduce((sum, entry) => sum + entry.count, 0);
  return `${escapeText(baseline.file)}: ${count(n, "baselined offence")} no longer found (fixed?); run wymcp-lint --update-baseline to drop ${n === 1 ? "it" : "them"}`;
}

/** The stale entries of the baseline: a warning heading, then one line per entry. */
function staleLines(baseline: BaselineReport): string[] {
  return [
    `warning: ${staleHeading(baseline)}`,
    ...baseline.stale.map((entry) => {
      const subject = [
        entry.tool === null ? "" : `tool ${displayName(entry.tool)}`,
        entry.action === null ? "" : `action ${displayName(entry.action)}`,
        // A baseline is a file anyone can edit: its location is escaped like every user string.
        entry.location === "" ? "" : `at ${escapeText(entry.location)}`,
      ];
      const times = entry.count > 1 ? ` (${entry.count} times)` : "";
      return `  stale  ${shownFile(entry.file)}  ${escapeText(entry.code)}  ${subject.filter((s) => s !== "").join(" ")}${times}`.trimEnd();
    }),
  ];
}

/** A check the chain's gate held back: `file  held back  tool T action A: the … check did not run: …`. */
function heldBackLine(record: HeldBack, context: { file: string; tool: string | null }, palette: Palette): string {
  const subject = [context.tool === null ? "" : `tool ${palette.name(displayName(context.tool))}`, `action ${palette.name(displayName(record.action))}`];
  return `${palette.file(context.file)}  ${palette.dim("held back")}  ${subject.filter((s) => s !== "").join(" ")}: ${heldBackMessage(record)}.`;
}

/** An offence's place for reading order: one with no position (about the whole action or module) first. */
const lineOf = (offence: Offence): number => offence.line ?? 0;
const columnOf = (offence: Offence): number => offence.column ?? 0;

/**
 * A file's offences as the text report lists them (README.md, "Sample report"): grouped by
 * action as the machine formats order them (tool level first, then actions by name), and
 * within an action by line, then column, so the report reads top to bottom like the file in
 * an editor; ties keep the specified order (by path), so the order stays deterministic.
 */
export function readingOrder(sorted: readonly Offence[]): Offence[] {
  const ordered: Offence[] = [];
  // Array.prototype.sort is stable: equal places keep the path order.
  for (const run of actionRuns(sorted))
    appendAll(
      ordered,
      run.sort((a, b) => lineOf(a) - lineOf(b) || columnOf(a) - columnOf(b)),
    );
  return ordered;
}

export function format(result: LintResult, options: FormatOptions): string {
  const { palette, maxOffences } = options;
  // The diffs come first, then a blank line; lists are appended item by item, as they may be long (src/core/append.ts).
  const lines = diffs(result);
  if (lines.length > 0) lines.push("");
  const reportStart = lines.length;
  for (const file of result.files) {
    const context = { file: shownFile(file.file), tool: file.tool };
    for (const group of capByAction(readingOrder(file.offences), maxOffences)) {
      for (const offence of group.shown) lines.push(renderOffenceLine(offence, offence.file === undefined ? context : { ...context, file: shownFile(offence.file) }, palette));
      if (group.hidden > 0) lines.push(`  ${palette.dim(`${moreOffencesLine(group.hidden)} (--max-offences 0 shows all)`)}`);
    }
    for (const record of file.heldBack ?? []) lines.push(heldBackLine(record, context, palette));
  }
  if (result.baseline !== undefined && result.baseline.stale.length > 0) appendAll(lines, staleLines(result.baseline));
  if (lines.length > reportStart) lines.push("");
  lines.push(summaryLine(result, palette.dim));
  return `${lines.join("\n")}\n`;
}
