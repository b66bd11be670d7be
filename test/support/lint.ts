// The run's per-file pipeline (src/lint/pipeline.ts) over files a test found, or over one
// JSON-family text, as the engine runs it: for tests of what a step gives without an engine's
// config, cache or steps after the lint.

import { readJsonBytes, readJsonText } from "../../src/inputs/json-file.js";
import type { ToolLint } from "../../src/core/tool-lint.js";
import { kindOf, type FoundFile } from "../../src/files/kind.js";
import { lintInputs } from "../../src/lint/pipeline.js";
import { totals, type LintResult } from "../../src/lint/result.js";
import { DEFAULT_RULES, type SeverityRules } from "../../src/lint/severity.js";

/** The found files through the pipeline, every directive applied, at the rules' severities (every default when absent). */
export async function lintFound(
  found: readonly FoundFile[],
  options: { readonly timeoutMs: number; readonly workers?: number; readonly rules?: SeverityRules },
): Promise<LintResult> {
  const { files } = await lintInputs(
    found.map((one) => ({ found: one })),
    { read: { timeoutMs: options.timeoutMs, ...(options.workers === undefined ? {} : { workers: options.workers }) }, rules: options.rules ?? DEFAULT_RULES, suppress: true },
  );
  return { files, summary: totals(files, false), durationMs: 0 };
}

/** The file a JSON-family text is read as: its kind by the name (an action file unless `*.tools.json`). */
function foundAs(name: string): FoundFile {
  const kind = kindOf(name);
  if (kind !== "action-file" && kind !== "tools-file") throw new TypeError(`${name} names no JSON-family file`);
  return { file: name, path: `/${name}`, kind };
}

/** One JSON-family text's read (placed, before the steps across files): its lint. */
export function readJson(text: string | Uint8Array, name: string): ToolLint {
  return (typeof text === "string" ? readJsonText(text, foundAs(name)) : readJsonBytes(text, foundAs(name))).lint;
}

/** One text through the pipeline as the file at `path` (absolute; never read), every directive applied, at the codes' default severities. */
export async function lintTextAs(text: string | Uint8Array, path: string, options: { readonly timeoutMs?: number } = {}): Promise<LintResult> {
  const kind = kindOf(path);
  if (kind === null) throw new TypeError(`${path} names no kind of input`);
  const { files } = await lintInputs([{ found: { file: path, path, kind }, text }], { read: { timeoutMs: options.timeoutMs ?? 20_000 }, rules: DEFAULT_RULES, suppress: true });
  return { files, summary: totals(files, false), durationMs: 0 };
}
