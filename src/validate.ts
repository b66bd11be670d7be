// Validating, the registration moment: the whole chain over a tool. validateTool throws
// one ActionSchemaError naming every offence; checkTool returns them. The CLI runs the
// same chain (core/lint-tool.ts).

import { ActionSchemaError } from "./core/errors.js";
import { lintTool } from "./core/lint-tool.js";
import type { Offence } from "./core/offence.js";
import type { Tool } from "./tool.js";

/** Every offence of the tool, sorted; empty when it is well formed. Never throws for the tool's faults. */
export function checkTool(tool: unknown): readonly Offence[] {
  return lintTool(tool).offences;
}

/** Throws an ActionSchemaError carrying every offence, its message the report; returns the tool otherwise. */
export function validateTool<T extends Tool>(tool: T): T {
  const { tool: name, offences } = lintTool(tool);
  if (offences.length > 0) throw new ActionSchemaError(offences, name);
  return tool;
}
