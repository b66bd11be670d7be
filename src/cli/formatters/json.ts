// The json format (docs/report.md): one document on stdout, every offence (no cap) with
// all its fields, in the shape schemas/report.schema.json describes. Names and paths are
// the raw values, escaped only as JSON escapes them (unsafe characters as \uXXXX); line,
// column and exact are null where unknown; edits (the fix as data) null where there is
// none, and each file's diff only with --fix or --fix-dry-run; heldBack only for a file
// where the chain's gate held a check back. Called through the registry
// in index.ts.

import { heldBackRecord, offenceRecord } from "../../lint/offence-record.js";
import type { LintResult } from "../../lint/result.js";
import { safeJson } from "./machine.js";
import type { FormatOptions } from "./types.js";

/** The report format's version: fields may be added while it stays 1, none renamed or removed. */
export const REPORT_VERSION = 1;

export function format(result: LintResult, _options: FormatOptions): string {
  const document = {
    version: REPORT_VERSION,
    files: result.files.map((file) => ({
      file: file.file,
      tool: file.tool,
      offences: file.offences.map(offenceRecord),
      ...(file.heldBack === undefined ? {} : { heldBack: file.heldBack.map(heldBackRecord) }),
      ...(file.tokens === undefined ? {} : { tokens: file.tokens }),
      ...(file.diff !== undefined ? { diff: file.diff } : {}),
    })),
    summary: {
      files: result.summary.files,
      actions: result.summary.actions,
      offences: result.summary.offences,
      errors: result.summary.errors,
      warnings: result.summary.warnings,
      ...(result.baseline === undefined ? {} : { baselined: result.baseline.baselined }),
      ...(result.cache === undefined ? {} : { cache: { hits: result.cache.hits, misses: result.cache.misses } }),
      ...(result.tokens === undefined ? {} : { tokens: result.tokens }),
    },
    ...(result.baseline === undefined ? {} : { baseline: { file: result.baseline.file, stale: result.baseline.stale } }),
  };
  return `${safeJson(document)}\n`;
}
