// Severity at the edge (docs/checks.md): the core gives every offence its code's default
// severity; here the run's rules decide, per code and file, whether an offence is an
// error, a warning or not reported (off). SeverityRules is the seam a configuration fills
// (rules and per-glob overrides, the clients whose limits count, how "format" is read);
// without one, DEFAULT_RULES keeps every default and every client, and reads "format" as
// each schema's dialect does. Called
// by lint-paths.ts (summarize) on every file's result before the totals are counted.

import { withSeverity, type Offence } from "../core/offence.js";
import { defaultSeverity, type OffenceCode, type SeveritySetting } from "../core/codes.js";
import type { ClientId } from "../core/client-limits/profiles.js";
import { formatsKept, type FormatsReading } from "../core/json-schema/dialect.js";
import type { FileResult } from "./result.js";

/**
 * The run's severity rules: what decides the setting of each offence, by its code and its
 * file (a config's per-code settings, CodeSeverities, become one in src/config/severity-rules.ts).
 */
export interface SeverityRules {
  /**
   * The setting for offences of `code` in `file` (the file as FileResult names it: the
   * argument as given, joined with the path found under it; relative to the run's cwd
   * unless given absolute).
   */
  severityOf(code: OffenceCode, file: string): SeveritySetting;
  /** The clients whose limits are reported (a config's `clients`, docs/client-limits.md); every client when absent. */
  readonly clients?: ReadonlySet<ClientId>;
  /** How value-mismatch reads "format" (a config's `formats`, docs/codes/value-mismatch.md); as each schema's dialect does when absent. */
  readonly formats?: FormatsReading;
}

/** No configuration: every code at its default severity. */
export const DEFAULT_RULES: SeverityRules = Object.freeze({ severityOf: (code: OffenceCode) => defaultSeverity(code) });

/** The file's offences under `rules`: each with its resolved severity, those set off dropped, those of clients not chosen, and those only another reading of "format" makes. */
export function resolveSeverities(file: FileResult, rules: SeverityRules): FileResult {
  if (file.offences.length === 0 || (rules === DEFAULT_RULES && !file.offences.some((o) => o.formats !== undefined))) return file;
  const offences: Offence[] = [];
  const { clients } = rules;
  for (const offence of file.offences) {
    if (clients !== undefined && offence.client !== undefined && !clients.has(offence.client)) continue;
    if (!formatsKept(offence.formats, rules.formats)) continue;
    const setting = rules.severityOf(offence.code, file.file);
    if (setting !== "off") offences.push(withSeverity(offence, setting));
  }
  return { ...file, offences };
}
