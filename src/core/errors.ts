// The errors the library throws. ActionSchemaError carries the offences and the tool's
// name as data and the full report as its message; UnknownActionError names the actions that do exist.

import { inspectString } from "../text/escape.js";
import type { Offence } from "./offence.js";
import { renderReport } from "./report.js";

export class ActionSchemaError extends Error {
  override readonly name = "ActionSchemaError";
  readonly offences: readonly Offence[];
  /** The tool's name, null when it has none that is usable (then the offences say why). */
  readonly tool: string | null;

  constructor(offences: readonly Offence[], tool: string | null, options?: { cause?: unknown }) {
    super(renderReport(offences, tool), options);
    this.offences = Object.freeze([...offences]);
    this.tool = tool;
  }
}

export class UnknownActionError extends Error {
  override readonly name = "UnknownActionError";
  readonly action: string;
  readonly validActions: readonly string[];

  constructor(action: string, validActions: readonly string[]) {
    const valid = validActions.length > 0 ? validActions.map(inspectString).join(", ") : "none (the tool declares no action)";
    super(`unknown action ${inspectString(action)}; valid actions: ${valid}`);
    this.action = action;
    this.validActions = Object.freeze([...validActions]);
  }
}
