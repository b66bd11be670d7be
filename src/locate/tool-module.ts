// A tool module's one pass: after the module was linted at run time, each offence gets the
// line and column of what it points at in the module's text, and each repairable one the
// edits of its repair, from one parse of that text (module-source.ts, loaded only for a
// module whose offences ask for something). An offence about an entry of the tool points at
// that entry, or, marked exact: false, at the nearest enclosing node found; a load-error that
// a syntax error caused points at that error; offences about the module as a whole (no-tool,
// a throw at import) keep no position. Called by the run (src/lint/) once per module that has
// offences, from the file's text or standard input's, and by each pass of --fix.

import { resolve } from "node:path";
import { withPosition, type Offence, type SyntaxErrorCause, type Target } from "../core/offence.js";
import { positionsAt, type Position } from "../text/positions.js";
import { lookup, type FileLayout } from "./locate-offences.js";
import type { ParsedModule } from "./module-source.js";

const TOOL_MODULE: FileLayout = {
  /** A path from the tool's top level ("name", "actions" and an action, ...); null for the module as a whole. */
  target(offence: Offence): Target | null {
    if (offence.action !== null) return { path: ["actions", offence.action, ...offence.target.path], part: offence.target.part };
    return offence.target.path.length > 0 ? offence.target : null;
  },
  actionPath: (action) => ["actions", action],
};

/**
 * The offences of the tool module `file` with positions and edits found in its text; the same
 * array when none asks for anything. `parsed` is that text's parse when the caller has it.
 */
export async function locateToolModule(file: string, text: string, offences: readonly Offence[], parsed?: ParsedModule | null): Promise<readonly Offence[]> {
  const asked = lookup(offences, TOOL_MODULE);
  const syntaxErrors = offences.some((offence) => offence.line === undefined && offence.syntaxError !== undefined);
  if (asked === null && !syntaxErrors) return offences;
  let module = parsed;
  const parse = async (): Promise<ParsedModule | null> => {
    if (module === undefined) module = await (await import("./module-source.js")).parseModule(text, file);
    return module;
  };
  let located = offences;
  if (asked !== null) located = asked.located(text, (await parse())?.entries(asked.paths) ?? asked.paths.map(() => null));
  if (syntaxErrors) located = await withSyntaxErrorPositions(located, file, text, parse);
  return located;
}

/**
 * Each load-error a syntax error caused, at that error: the loader's own place for it when
 * that is in this file (the transformer's), else the first one the parse finds in the text. A
 * SyntaxError thrown at run time (JSON.parse, an imported file) leaves this text parsing: no position.
 */
async function withSyntaxErrorPositions(offences: readonly Offence[], file: string, text: string, parse: () => Promise<ParsedModule | null>): Promise<readonly Offence[]> {
  const here = resolve(file);
  const placed = (cause: SyntaxErrorCause): Position | null => {
    const at = cause.at;
    return at !== null && at.file === here && at.position.line <= text.split("\n").length ? at.position : null;
  };
  const parsedAt = async (): Promise<Position | null> => {
    const offset = (await parse())?.syntaxErrorAt ?? null;
    return offset === null ? null : (positionsAt(text, [offset])[0] as Position);
  };
  const out: Offence[] = [];
  for (const offence of offences) {
    const cause = offence.line === undefined ? offence.syntaxError : undefined;
    const position = cause === undefined ? null : (placed(cause) ?? (await parsedAt()));
    out.push(position === null ? offence : withPosition(offence, position.line, position.column));
  }
  return out;
}
