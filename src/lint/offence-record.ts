// An offence as the machine answers give it (docs/report.md, "json"): the JSON report's entry,
// which the MCP server's answers carry too (src/mcp/answers.ts), so the two never drift. Every
// field present, null where unknown; `client` only on a client limit's offence, `file` and `via`
// only on one placed in another file than the result's (an Elixir value written in another
// module: that file, and where the result's file reads it). A held-back
// check likewise, one entry for both.

import { heldBackMessage, type HeldBack } from "../core/held-back.js";
import type { Offence } from "../core/offence.js";

/** The offence's fields as the JSON report and the MCP answers give them. */
export function offenceRecord(offence: Offence): Record<string, unknown> {
  return {
    action: offence.action,
    code: offence.code,
    severity: offence.severity,
    path: offence.path,
    location: offence.location,
    message: offence.message,
    fix: offence.fix,
    line: offence.line ?? null,
    column: offence.column ?? null,
    exact: offence.line === undefined ? null : offence.exact !== false,
    edits: offence.edits ?? null,
    ...(offence.client === undefined ? {} : { client: offence.client }),
    ...(offence.file === undefined ? {} : { file: offence.file, via: offence.via ?? null }),
  };
}

/** A check the chain's gate held back, as the JSON report and the MCP answers give it. */
export function heldBackRecord(record: HeldBack): Record<string, unknown> {
  return { action: record.action, check: record.check, by: record.by, message: heldBackMessage(record) };
}
