// The contract every output format implements: a pure function from the run's result to
// the text written on stdout. Formatters live one per file in this folder and are found
// through the registry in index.ts; colour arrives as a palette, never detected inside.

import type { Palette } from "../../core/report.js";
import type { LintResult } from "../../lint/result.js";

export interface FormatOptions {
  /** Offences shown per action by the text format (0 = all); machine formats carry every offence. */
  readonly maxOffences: number;
  /** How the text format paints its parts: PLAIN unless colour is on. */
  readonly palette: Palette;
  /** wymcp-lint's own version, for formats that name their producer (SARIF). */
  readonly version: string;
  /** The directory the run was started in; file names in the result are relative to it when relative. */
  readonly cwd: string;
}

export type Formatter = (result: LintResult, options: FormatOptions) => string;

/** What each formatter module exports. */
export interface FormatterModule {
  readonly format: Formatter;
}
