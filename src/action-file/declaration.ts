// An action file's or tools file's declaration as a client would receive it, read again from
// disk for the steps that need the values rather than the offences (the pins, src/pins/; the
// token estimates, src/tokens/): only when those run. A file that does not parse is null
// (its parse-error is already reported).

import { actionFileName } from "./lint.js";
import { readText } from "./decode.js";
import { parse } from "./parse.js";
import { SCHEMA_KEY } from "../core/lint-tool.js";
import { listedTools } from "../core/plain-tool.js";
import { kindOf } from "../files/kind.js";

/** A tools file's entries, or an action file's tool: its name (from the file) and its actions map. */
export type Declaration =
  | { readonly kind: "tools"; readonly tools: readonly unknown[] }
  | { readonly kind: "actions"; readonly tool: string; readonly actions: Readonly<Record<string, unknown>> };

/** The declaration of the action or tools file at `path`; null for another kind of file, or one that does not parse or has no declaration's shape. */
export function readDeclaration(path: string): Declaration | null {
  const kind = kindOf(path);
  if (kind !== "json" && kind !== "json5") return null;
  const read = readText(path);
  if ("offence" in read) return null;
  const parsed = parse(read.text, kind);
  if ("offence" in parsed) return null;
  const name = actionFileName(path);
  if (name.tools === true) {
    const listed = listedTools(parsed.value);
    return listed === null ? null : { kind: "tools", tools: listed.tools };
  }
  const value = parsed.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  return { kind: "actions", tool: name.tool, actions: Object.fromEntries(Object.entries(value).filter(([key]) => key !== SCHEMA_KEY)) };
}
