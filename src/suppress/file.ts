// Inline suppressions for one linted file: reads its directives (JSON5 action files and
// tool modules; JSON has no comments), drops the offences they cover and adds an
// `unused-disable` offence for each useless one. A JSON5 file that did not parse keeps its
// parse-error untouched: its comments cannot be trusted. Called by lint-paths.ts on every
// file's raw offences, before severities are resolved, so the config can set unused-disable
// like any code.

import { OFFENCE_CODES } from "../core/codes.js";
import { sortOffences } from "../core/order.js";
import type { FileKind } from "../files.js";
import type { FileResult } from "../lint/result.js";
import { applyDirectives } from "./apply.js";
import { directivesOf } from "./directives.js";
import { unusedDisableOffence } from "./unused.js";

/** The file's result after its directives; `source` gives its text (null when unreadable). */
export function suppressInFile(file: FileResult, kind: FileKind, source: () => string | null): FileResult {
  if (kind === "json") return file;
  if (kind === "json5" && file.offences.some((o) => o.code === "parse-error")) return file;
  const text = source();
  if (text === null) return file;
  const directives = directivesOf(text, kind);
  if (directives.length === 0) return file;
  const { kept, findings } = applyDirectives(file.offences, directives, OFFENCE_CODES);
  if (findings.length === 0 && kept.length === file.offences.length) return file;
  return { ...file, offences: sortOffences([...kept, ...findings.map(unusedDisableOffence)]) };
}
