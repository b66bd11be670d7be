// One file's lint made whole from its text, exactly as the run reports that file before its
// severities: an action file linted and located (lint-action-file.ts), a tool module loaded in
// isolation as if its text were the file (src/modules/) and located once (src/locate/), an
// Elixir module read statically (src/elixir/), then, for each, the offences across files added
// and the file's inline directives applied. Used for standard input, and by --fix for each
// pass, so that a fixed text is linted the way the file will be (lint-paths.ts takes the
// same steps for the files of a run).

import { offencesToPlace, withPlaced, type ToolLint } from "../core/tool-lint.js";
import type { Offence } from "../core/offence.js";
import { sortOffences } from "../core/order.js";
import { actionFileName } from "../action-file/lint.js";
import type { ParsedModule } from "../locate/module-source.js";
import type { ModulePool } from "../modules/pool.js";
import { locateToolModule } from "../locate/tool-module.js";
import { suppressLint } from "../suppress/suppress.js";
import { lintActionBytes, lintText } from "./lint-action-file.js";

/**
 * Each of a file's tools' offences across files (by index), given the names of its tools once
 * read: one name, but for an Elixir file of several tool modules. An Elixir file's clashes
 * among its own tools are the function's to find as well.
 */
export type AcrossOf = (tools: readonly (string | null)[]) => readonly (readonly Offence[])[];

/** What a caller knows across files: its first tool's offences, or what finds each tool's from the names read. */
export type Across = readonly Offence[] | AcrossOf;

/** The lint with the offences across files that belong to it, in order. */
export function withAcross(lint: ToolLint, across: Across): ToolLint {
  const own = typeof across === "function" ? (across([lint.tool])[0] ?? []) : across;
  return own.length === 0 ? lint : { ...lint, offences: sortOffences([...lint.offences, ...own]) };
}

/**
 * A tool module's lint made whole from its text: its offences located (once, and only when
 * some ask for it), then its directives applied. `parsed` is the text's parse when the caller
 * has it already.
 */
async function completeModuleLint(path: string, lint: ToolLint, text: string, parsed?: ParsedModule | null): Promise<ToolLint> {
  // A clean module pays nothing for locating.
  const located = lint.offences.length === 0 ? lint : withPlaced(lint, await locateToolModule(path, text, offencesToPlace(lint), parsed));
  return suppressLint(located, "module", () => text);
}

/** An action file's lint from its decoded text; `file` names it (its tool's name, and its directives' rules). */
export function lintActionFileText(text: string, kind: "json" | "json5", file: string, across: Across = []): ToolLint {
  return suppressLint(withAcross(lintText(text, kind, actionFileName(file)), across), kind, () => text);
}

/** An action file's lint from its bytes (--stdin), decoded as a file's are; `file` names it. */
export function lintActionFileBytes(bytes: Buffer, kind: "json" | "json5", file: string, across: Across = []): ToolLint {
  return suppressLint(withAcross(lintActionBytes(bytes, kind, actionFileName(file)), across), kind, () => bytes.toString("utf8"));
}

/**
 * A tool module's lint from its text, as if it were the file at `path` (which is never read):
 * see the module comment. `load`: its load timeout, the run's module processes (src/modules/pool.ts),
 * and who is told every file the module loaded.
 */
export async function lintModuleText(
  path: string,
  text: string,
  load: { readonly timeoutMs: number; readonly pool?: ModulePool; readonly onLoaded?: (loaded: readonly string[]) => void },
  across: Across = [],
  parsed?: ParsedModule | null,
): Promise<ToolLint> {
  const { lintToolModuleSource } = await import("../modules/index.js");
  return completeModuleLint(path, withAcross(await lintToolModuleSource(path, text, load), across), text, parsed);
}

/**
 * An Elixir file's lints from its text, one per tool module, as if it were the file at `path`
 * (its project is read from there): see the module comment.
 */
export async function lintElixirModuleText(path: string, text: string, across: AcrossOf = () => []): Promise<ToolLint[]> {
  const { lintElixirText } = await import("../elixir/index.js");
  const read = await lintElixirText(path, text);
  const given = across(read.lints.map((lint) => lint.tool));
  const lints = read.lints.map((lint, i) => withAcross(lint, given[i] ?? []));
  const completed = read.complete(lints.map((lint) => lint.offences));
  return lints.map((lint, i) => ({ ...lint, offences: completed[i] ?? [] }));
}
