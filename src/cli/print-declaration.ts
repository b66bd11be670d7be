// --print-declaration FILE (docs/cli.md, "Print a declaration"): what the linter read from one
// file of any kind, so a user can see why an offence is or is not there. The file goes through
// Engine.run like any lint, asked to keep each tool's declaration whole; the document is each
// result's tool, its declaration as the checks and pins read it (null when it could not be read
// whole), where its values are written (src/locate/declaration-places.ts; an Elixir module's
// by its reader, src/elixir/) and its offences with their places. No baseline is applied, so every offence shows.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Engine } from "../engine/engine.js";
import { kindOf } from "../files/kind.js";
import { textOf } from "../files/text.js";
import { offenceRecord } from "../lint/offence-record.js";
import type { FileResult } from "../lint/result.js";
import { declarationPlaces, declaredPaths, entriesIn, type DeclarationPlace } from "../locate/declaration-places.js";
import { safeJson } from "./formatters/machine.js";

/** The document's version: fields may be added while it stays 1, none renamed or removed. */
export const DECLARATION_VERSION = 1;

/**
 * Where the declaration's values are written; null when it was not read whole. `index` is the
 * result's place among its file's results (an Elixir file has one per tool module, in order).
 */
async function placesOf(file: FileResult, index: number, cwd: string): Promise<readonly DeclarationPlace[] | null> {
  const kind = kindOf(file.file);
  if (file.declaration === undefined || kind === null) return null;
  const path = resolve(cwd, file.file);
  // The run read it a moment ago; a file gone since has no places to give.
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return null;
  }
  const { text } = textOf(bytes);
  const paths = declaredPaths(file.declaration);
  const entries =
    kind === "elixir-module" ? (await (await import("../elixir/index.js")).readElixirText(path, text)).entries(index, paths) : await entriesIn(kind, path, text, paths);
  return declarationPlaces(text, paths, entries);
}

async function entry(file: FileResult, index: number, cwd: string) {
  return {
    file: file.file,
    tool: file.tool,
    declaration: file.declaration ?? null,
    places: await placesOf(file, index, cwd),
    offences: file.offences.map(offenceRecord),
  };
}

/** The document for `file`, and the exit code: 0 when every declaration in it was read whole, 1 when one was not (its offences say why). */
export async function printDeclaration(engine: Engine, file: string, note: (message: string) => void): Promise<{ output: string; code: number }> {
  const { result } = await engine.run({ paths: [file] }, { declarations: true, baseline: { file: false }, note });
  const read = [];
  for (const [i, one] of result.files.entries()) {
    const index = result.files.slice(0, i).filter((before) => before.file === one.file).length;
    read.push(await entry(one, index, engine.cwd));
  }
  const whole = read.length > 0 && read.every((one) => one.declaration !== null);
  return { output: `${safeJson({ version: DECLARATION_VERSION, file, read })}\n`, code: whole ? 0 : 1 };
}
