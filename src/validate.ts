// Validating, the registration moment: a tool object in memory through every check that needs
// no file system, under the library's policy (src/engine/policy.ts, LIBRARY_TOOL): the chain,
// the checks beside it (advisory, model text, tool names, client limits), at the codes'
// default severities, "format" read as each schema's dialect reads it. There is no file, so
// nothing is placed, no directive or config applies.
// validateTool throws one ActionSchemaError when any offence is an error (a warning never
// fails a registration), carrying every offence; checkTool returns them. The CLI runs the
// same checks on the same value (core/lint-tool.ts).

import { ActionSchemaError } from "./core/errors.js";
import { formatsKept } from "./core/json-schema/dialect.js";
import { lintTool } from "./core/lint-tool.js";
import type { Offence } from "./core/offence.js";
import type { Tool } from "./tool.js";

/** The tool's lint as the library reports it: "format" read as each schema's dialect does (no config says otherwise). */
function linted(tool: unknown): { tool: string | null; offences: readonly Offence[] } {
  const lint = lintTool(tool, { advisory: true });
  const offences = lint.offences.some((o) => o.formats !== undefined) ? lint.offences.filter((o) => formatsKept(o.formats, undefined)) : lint.offences;
  return { tool: lint.tool, offences };
}

/** Every offence of the tool, errors and warnings, sorted; empty when nothing is found. Never throws for the tool's faults. */
export function checkTool(tool: unknown): readonly Offence[] {
  return linted(tool).offences;
}

/** Throws an ActionSchemaError carrying every offence, its message the report, when any is an error; returns the tool otherwise. */
export function validateTool<T extends Tool>(tool: T): T {
  const { tool: name, offences } = linted(tool);
  if (offences.some((offence) => offence.severity === "error")) throw new ActionSchemaError(offences, name);
  return tool;
}
