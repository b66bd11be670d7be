// The pins' step in a run (docs/pins.md), after --fix and before the baseline: with
// --update-pins, the surfaces of this run's files (or of the server) are written to the lock
// file, keeping those of files not linted; otherwise, when a lock file exists, each surface
// is held to its pins and every change is a pinned-surface offence (an error by default),
// under the config's severity for the code. A file's surface is its declaration, which the
// run read whole for this step (core/declaration.ts), a running server's comes with its
// result; a file whose declaration could not be read whole (a module that did not load, a
// file that did not parse) keeps the pins it had. Called by src/engine/engine.ts.

import { dirname, resolve } from "node:path";
import { finalizeOffence, withSeverity, type Offence } from "../core/offence.js";
import { sortOffences } from "../core/order.js";
import { ENTRY_FIELD, LISTED_FIELDS, toolsListSurface, wymcpToolSurface, type SurfaceHashes } from "../core/surface.js";
import { totals, type FileResult, type LintResult } from "../lint/result.js";
import type { SeverityRules } from "../lint/severity.js";
import { inspectString } from "../text/escape.js";
import { relativePosixPath, shownPath } from "../text/posix-path.js";
import type { Config } from "../config/config.js";
import { compareSurfaces, type Change } from "./compare.js";
import { pinsFile, readPins, writePins, type Pins } from "./lock-file.js";

export interface PinsStepOptions {
  /** --update-pins: write the lock file, then report nothing of it. */
  readonly update: boolean;
  readonly config: Config | null | false;
  readonly cwd: string;
  readonly rules: SeverityRules;
  /** Told what --update-pins wrote, and what it could not pin. */
  readonly note: (message: string) => void;
  /** Told of the lock file when --update-pins changed it: its path and the text written. */
  readonly wrote: (path: string, text: string) => void;
}

/** The surface of a file's declaration; null when it could not be read whole (its offences say why). */
function fileSurface(file: FileResult): SurfaceHashes | null {
  const declaration = file.declaration;
  if (declaration === undefined) return null;
  return "listed" in declaration ? toolsListSurface(declaration.listed) : wymcpToolSurface(declaration.name, declaration.description, declaration.actions);
}

/** This run's surfaces by the lock's keys, and the files whose surface could not be taken. */
function currentSurfaces(
  result: LintResult,
  dir: string,
  cwd: string,
): { surfaces: Map<string, { hashes: SurfaceHashes; files: FileResult[] }>; unpinned: string[]; plain: Set<string> } {
  const surfaces = new Map<string, { hashes: SurfaceHashes; files: FileResult[] }>();
  const unpinned: string[] = [];
  // The keys whose files list plain tools (a tools file's entries).
  const plain = new Set<string>();
  if (result.server !== undefined) {
    if (result.surface !== undefined) surfaces.set(result.server, { hashes: result.surface.hashes, files: [...result.files] });
    return { surfaces, unpinned, plain };
  }
  // An Elixir file has a result per tool module, next to each other: its surface is all their tools, pinned only when each was read whole.
  for (const [i, file] of result.files.entries()) {
    const path = resolve(cwd, file.file);
    const key = relativePosixPath(path, dir) ?? path;
    const hashes = fileSurface(file);
    const sameFile = result.files[i - 1]?.file === file.file;
    if (sameFile && unpinned.at(-1) === file.file) continue;
    if (hashes === null) {
      unpinned.push(file.file);
      surfaces.delete(key);
      continue;
    }
    if (file.declaration !== undefined && "listed" in file.declaration) plain.add(key);
    const earlier = sameFile ? surfaces.get(key) : undefined;
    if (earlier === undefined) surfaces.set(key, { hashes, files: [file] });
    else surfaces.set(key, { hashes: { tools: { ...earlier.hashes.tools, ...hashes.tools } }, files: [...earlier.files, file] });
  }
  return { surfaces, unpinned, plain };
}

const short = (hash: string | undefined): string => (hash === undefined ? "" : hash.slice(0, 12));

/** The fields the linter pins, named bare in messages; any other comes from a lock file someone wrote. */
const PINNED_FIELDS: ReadonlySet<string> = new Set([...LISTED_FIELDS, ENTRY_FIELD]);

/** The field as a message names it: a lock file is anyone's to edit, so a name the linter does not pin is escaped like every user string. */
function fieldName(field: string): string {
  if (field === "instructions") return "the server's instructions";
  if (field.startsWith("action ")) return `the schema of the action ${inspectString(field.slice("action ".length))}`;
  return PINNED_FIELDS.has(field) ? `its ${field}` : `the field ${inspectString(field)}`;
}

function message(change: Change): string {
  if (change.field === null) {
    return change.kind === "added"
      ? `the tool ${inspectString(change.tool as string)} is not pinned: it was added since the pins were written`
      : `the pinned tool ${inspectString(change.tool as string)} is gone`;
  }
  const what = change.tool === null ? fieldName(change.field) : `${fieldName(change.field)} (tool ${inspectString(change.tool)})`;
  if (change.kind === "added") return `${what} was added since the pins were written (sha256 ${short(change.current)})`;
  if (change.kind === "removed") return `${what} was removed since the pins were written (sha256 ${short(change.pinned)})`;
  return `${what} changed since the pins were written (sha256 ${short(change.pinned)} → ${short(change.current)}): a model now reads something else than what was approved`;
}

const FIX = "Review the change: if it is meant, run wymcp-lint --update-pins to pin it; if not, find out who changed the declaration.";

/** Where a change is reported: the row of its tool (a server's), and the action it names. */
function place(change: Change, files: readonly FileResult[], plain: boolean, server: boolean): { file: FileResult; action: string | null } {
  const file = (server || files.length > 1 ? files.find((f) => f.tool === change.tool) : undefined) ?? (files[0] as FileResult);
  if (change.field?.startsWith("action ") === true) return { file, action: change.field.slice("action ".length) };
  // A tools file's entry, or a plain server's tool, is one action named like the tool; a tool that is gone has none.
  const gone = change.field === null && change.kind === "removed";
  return { file, action: plain && change.tool !== null && !gone ? change.tool : null };
}

function offenceOf(change: Change, action: string | null): Offence {
  return finalizeOffence({ code: "pinned-surface", path: [], target: { path: [], part: "value" }, message: message(change), fix: FIX }, action);
}

export function pinsStep(result: LintResult, options: PinsStepOptions): LintResult {
  const path = pinsFile(options.config, options.cwd);
  const { surfaces, unpinned, plain } = currentSurfaces(result, dirname(path), options.cwd);
  if (options.update) {
    const pins: Record<string, SurfaceHashes> = { ...(readPins(path, options.cwd) ?? {}) };
    let tools = 0;
    for (const [key, { hashes }] of surfaces) {
      pins[key] = hashes;
      tools += Object.keys(hashes.tools).length;
    }
    const text = writePins(path, pins, options.cwd);
    if (text !== null) options.wrote(path, text);
    options.note(
      `pinned ${tools} ${tools === 1 ? "tool" : "tools"} of ${surfaces.size} ${result.server === undefined ? (surfaces.size === 1 ? "file" : "files") : "server"} in ${shownPath(path, options.cwd)}`,
    );
    if (unpinned.length > 0)
      options.note(`not pinned, as their declarations could not be read whole (their pins, if any, are kept; docs/pins.md): ${unpinned.map((f) => inspectString(f)).join(", ")}`);
    return result;
  }
  const pins: Pins | null = readPins(path, options.cwd);
  if (pins === null) return result;
  const added = new Map<FileResult, Offence[]>();
  for (const [key, { hashes, files }] of surfaces) {
    const pinned = Object.hasOwn(pins, key) ? pins[key] : undefined;
    const changes = compareSurfaces(pinned ?? { tools: {} }, hashes);
    for (const change of changes) {
      const server = result.server !== undefined;
      const { file, action } = place(change, files, server ? result.surface?.wymcp !== true : plain.has(key), server);
      const setting = options.rules.severityOf("pinned-surface", file.file);
      if (setting === "off") continue;
      const list = added.get(file) ?? [];
      list.push(withSeverity(offenceOf(change, action), setting));
      added.set(file, list);
    }
  }
  if (added.size === 0) return result;
  const files = result.files.map((file) => {
    const more = added.get(file);
    return more === undefined ? file : { ...file, offences: sortOffences([...file.offences, ...more]) };
  });
  return { ...result, files, summary: totals(files, result.server !== undefined) };
}
