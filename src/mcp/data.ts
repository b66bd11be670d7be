// An action's `data`, checked against its action schema as Wymcp's dispatch checks a call
// (docs/mcp.md): the required properties present (defaults do not count), then, beyond what
// Wymcp checks, no undeclared key and each value of its declared type, so that a slip is
// answered with what to send instead of a lint of the wrong thing (a misspelt name with the
// name it was probably meant to be). The defaults are merged in.

import { closeMatch } from "../core/close-match.js";
import { describeValue } from "../core/escape.js";
import { inspectString } from "../text/escape.js";
import type { ActionName, ActionSchema, PropertySchema } from "./declarations.js";

/** A call's mistake, answered as an error in the tool's dialect. */
export interface DataProblem {
  readonly error: "missing_required_fields" | "invalid_data";
  readonly message: string;
  readonly action: ActionName;
  /** The required properties the call left out. */
  readonly missing?: readonly string[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function valueProblem(name: string, schema: PropertySchema, value: unknown): string | null {
  const wanted = (what: string) => `"${name}" must be ${what}; got ${describeValue(value)}`;
  switch (schema.type) {
    case "string":
      if (typeof value !== "string") return wanted("a string");
      if (schema.enum !== undefined && !schema.enum.includes(value)) return wanted(`one of ${schema.enum.map((v) => inspectString(v)).join(", ")}`);
      return null;
    case "integer": {
      const bounds = `${schema.minimum ?? "any"} to ${schema.maximum ?? "any"}`;
      if (typeof value !== "number" || !Number.isInteger(value)) return wanted("an integer");
      if ((schema.minimum !== undefined && value < schema.minimum) || (schema.maximum !== undefined && value > schema.maximum)) return wanted(`an integer from ${bounds}`);
      return null;
    }
    case "boolean":
      return typeof value === "boolean" ? null : wanted("true or false");
    case "array":
      if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) return wanted("a list of strings");
      return null;
  }
}

/** The call's data with the action's defaults merged in, or the first problem with it. */
export function checkData(action: ActionName, schema: ActionSchema, data: unknown): Record<string, unknown> | DataProblem {
  const given = data ?? {};
  if (!isObject(given)) return { error: "invalid_data", action, message: `"data" must be an object of the action's arguments; got ${describeValue(data)}` };
  const declared = Object.keys(schema.properties);
  const undeclared = Object.keys(given).filter((name) => !Object.hasOwn(schema.properties, name));
  const missing = (schema.required ?? []).filter((name) => !Object.hasOwn(given, name));
  if (missing.length > 0) {
    // A missing argument is often one sent under a misspelt name: that name is given with it.
    const slips = undeclared.flatMap((name) => {
      const close = closeMatch(name, missing);
      return close === null ? [] : [`${inspectString(name)} is no argument of ${action} (did you mean "${close}"?)`];
    });
    return { error: "missing_required_fields", action, missing, message: `Required fields missing: ${missing.join(", ")}${slips.length === 0 ? "" : `; ${slips.join("; ")}`}` };
  }
  const slip = undeclared[0];
  if (slip !== undefined) {
    const close = closeMatch(slip, declared);
    const known = declared.length === 0 ? "it takes no arguments" : `it takes ${declared.join(", ")}`;
    return { error: "invalid_data", action, message: `${action} has no argument ${inspectString(slip)}${close === null ? "" : ` (did you mean "${close}"?)`}; ${known}` };
  }
  for (const [name, value] of Object.entries(given)) {
    const problem = valueProblem(name, schema.properties[name] as PropertySchema, value);
    if (problem !== null) return { error: "invalid_data", action, message: problem };
  }
  return { ...schema.defaults, ...given };
}
