// The module processes' trace (docs/cli.md, "Environment"): with WYMCP_LINT_TRACE=modules, one
// line on stderr for each module process started, reused or stopped and each module sent to
// one, timed out or answered, so a slow run can be read (how many processes, what waited on
// what). Off by default; the lines are for people and tests, not a stable format.

import { escapeText } from "../text/escape.js";

const enabled = process.env["WYMCP_LINT_TRACE"] === "modules";

/** Writes `event` about the module process `pid` (and the module `file`, when about one) to the trace, when it is on. */
export function trace(pid: number | undefined, event: string, file?: string): void {
  if (!enabled) return;
  process.stderr.write(`wymcp-lint: trace: module process ${pid ?? "?"} ${event}${file === undefined ? "" : ` ${escapeText(file)}`}\n`);
}
