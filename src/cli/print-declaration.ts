// --print-declaration FILE (docs/cli.md, "Print a declaration"): what the linter read from one
// file of any kind, so a user can see why an offence is or is not there. The file goes through
// Engine.run like any lint, asked to keep each tool's declaration whole; the document is each
// result's tool, its declaration as the checks and pins read it (null when it could not be read
// whole), where its values are written (found by the same read that placed its offences:
// src/locate/declaration-places.ts) and its offences with their places. No baseline is
// applied, so every offence shows.

import type { Engine } from "../engine/engine.js";
import { offenceRecord } from "../lint/offence-record.js";
import type { FileResult } from "../lint/result.js";
import { safeJson } from "./formatters/machine.js";

/** The document's version: fields may be added while it stays 1, none renamed or removed. */
export const DECLARATION_VERSION = 1;

/** One result as printed: where its declaration's values are written comes from the run's own read of the file (FileResult.places), null when it was not read whole. */
function entry(file: FileResult) {
  return {
    file: file.file,
    tool: file.tool,
    declaration: file.declaration ?? null,
    places: file.declaration === undefined ? null : (file.places ?? []),
    offences: file.offences.map(offenceRecord),
  };
}

/** The document for `file`, and the exit code: 0 when every declaration in it was read whole, 1 when one was not (its offences say why). */
export async function printDeclaration(engine: Engine, file: string, note: (message: string) => void): Promise<{ output: string; code: number }> {
  const { result } = await engine.run({ paths: [file] }, { declarations: true, baseline: { file: false }, note });
  const read = result.files.map(entry);
  const whole = read.length > 0 && read.every((one) => one.declaration !== null);
  return { output: `${safeJson({ version: DECLARATION_VERSION, file, read })}\n`, code: whole ? 0 : 1 };
}
