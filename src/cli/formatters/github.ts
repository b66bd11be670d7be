// The github format (docs/report.md): one `::error` workflow command per offence (no cap;
// `::warning` for a warning), so GitHub Actions annotates the file, then one plain summary line (not a command: a
// notice would add an annotation with no file to every run). Called through the registry
// in index.ts. Every value passes the escaping GitHub unescapes (%25, %0D, %0A, and in
// properties %3A, %2C) after our own, so no input can end the line or forge a command.

import { escapeText } from "../../text/escape.js";
import type { Severity } from "../../core/codes.js";
import { renderOffenceSentence } from "../../core/report.js";
import type { LintResult } from "../../lint/result.js";
import { relativePosixPath } from "../../text/posix-path.js";
import { staleHeading, summaryLine } from "./text.js";
import type { FormatOptions } from "./types.js";

/** A command's message (its data): `%`, CR and LF escaped, `%` first so the escapes stay literal. */
export function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A command's property value: as data, and also `:` and `,`, which end a property. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** The workflow command that annotates an offence of each severity. */
const COMMAND: { readonly [S in Severity]: "error" | "warning" } = { error: "error", warn: "warning" };

/** One annotation line. `line`/`col` are left out when unknown. */
export function annotation(properties: ReadonlyArray<readonly [string, string | number | undefined]>, message: string, severity: Severity = "error"): string {
  const props = properties
    .filter((entry): entry is readonly [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${escapeProperty(escapeText(String(value)))}`)
    .join(",");
  return `::${COMMAND[severity]} ${props}::${escapeData(escapeText(message))}`;
}

export function format(result: LintResult, options: FormatOptions): string {
  const lines: string[] = [];
  for (const file of result.files) {
    // GitHub matches annotations to files relative to the workspace, which is where CI runs.
    // A server's label is no file: its annotations attach to the run (the summary names it).
    const path = result.server !== undefined ? undefined : (relativePosixPath(file.file, options.cwd) ?? file.file);
    for (const offence of file.offences) {
      lines.push(
        annotation(
          [
            ["file", offence.file === undefined || path === undefined ? path : (relativePosixPath(offence.file, options.cwd) ?? offence.file)],
            ["line", offence.line],
            ["col", offence.line !== undefined ? offence.column : undefined],
            ["title", `wymcp-lint(${offence.code})`],
          ],
          renderOffenceSentence(offence, file.tool),
          offence.severity,
        ),
      );
    }
  }
  const baseline = result.baseline;
  if (baseline !== undefined && baseline.stale.length > 0) {
    lines.push(
      annotation(
        [
          ["file", relativePosixPath(baseline.file, options.cwd) ?? baseline.file],
          ["title", "wymcp-lint(baseline)"],
        ],
        staleHeading(baseline),
        "warn",
      ),
    );
  }
  lines.push(`wymcp-lint: ${summaryLine(result)}`);
  return `${lines.join("\n")}\n`;
}
