// An offence is plain, frozen data: what is wrong (code, from codes.ts) and how much it counts
// (severity), where (path, location, target), and what to do (fix, and the repair --fix may
// apply). Rendering happens elsewhere; nothing here knows about colour, files on disk or
// output formats.

import { describeType } from "./escape.js";
import { renderLocation } from "./render-location.js";
import type { Path } from "./path.js";
import type { Position } from "../text/positions.js";
import { defaultSeverity, type OffenceCode, type RepairKind, type Severity } from "./codes.js";
import type { ClientId } from "./client-limits/profiles.js";
import type { FormatsCondition } from "./json-schema/dialect.js";

/**
 * Where exactly an offence points, for line/column: a path from the action schema (or,
 * for file- and tool-level offences, from the file's top level) to the offending entry,
 * and whether the key or the value of that entry is meant. The empty path with part
 * "value" is the action schema itself; with part "key", the action's name.
 */
export interface Target {
  readonly path: Path;
  readonly part: "key" | "value";
}

/**
 * A mechanical fix an offence allows, as intent: what to do, decided where the check knows
 * the facts (the key set, whether "notes" is there). It names no place in any text;
 * src/locate/repair-edits.ts turns it into text edits once the source positions are known.
 * Only repairs that cannot change what the author meant exist.
 */
export type Repair = { readonly [K in RepairKind]: { readonly kind: K } & RepairData[K] }[RepairKind];

/** What each kind of repair (codes.ts, RepairKind: the kinds a code's record may name) carries beside its kind. */
interface RepairData {
  /** Rename the key the offence's target names (part "key") to `to`, keeping its value. */
  readonly "rename-key": { readonly to: string };
  /** Remove the list entry the offence's target names (its last path segment is the index). */
  readonly "remove-entry": object;
  /** Delete the hidden characters of the string value at the target: `to` is the string without them. */
  readonly "delete-hidden": { readonly to: string };
  /** Keep the first line of the string at the target ("description") and move the rest to a new sibling "notes". */
  readonly "split-to-notes": object;
}

export interface Offence {
  readonly code: OffenceCode;
  /** How it counts: the code's default until the lint edge applies the configured rules. */
  readonly severity: Severity;
  /** The action's name (its String() form for a non-string key), null for file/tool level. */
  readonly action: string | null;
  /** Path of the map holding the offending key or value (docs/locations.md). */
  readonly path: Path;
  /** The path in Elixir access syntax, escaped for any output. */
  readonly location: string;
  readonly message: string;
  readonly fix: string;
  readonly target: Target;
  /** 1-based position of the target in the source file (in `file` when that is given), when known. */
  readonly line?: number;
  readonly column?: number;
  /**
   * Only on an offence whose target is written in another file than the one linted (an Elixir
   * value read through a call into another module): that file, which line and column are in
   * (absolute as the reader gives it; the run names it as it names the linted file).
   */
  readonly file?: string;
  /** With `file`: where the linted file reads the value (the call), for a surface that shows the linted file alone (an editor's document). */
  readonly via?: { readonly line: number; readonly column: number };
  /**
   * Present with line: true when line and column are the target's own, false when they
   * are the nearest enclosing node found instead (a tool module whose declaration is
   * partly built at run time).
   */
  readonly exact?: boolean;
  /** The mechanical fix this offence allows, as intent (absent: the author decides). */
  readonly repair?: Repair;
  /** That fix as text edits of the source, when its places are known (src/locate/repair-edits.ts). */
  readonly edits?: readonly TextEdit[];
  /** Only on the load-error of a module that a syntax error stopped: where that error is. */
  readonly syntaxError?: SyntaxErrorCause;
  /** Only on a client limit's offence: the client whose limit it is (client-limits/profiles.ts); the run keeps it only when the config chooses that client. */
  readonly client?: ClientId;
  /** Only on a value-mismatch that holds under one reading of "format": the run keeps it only when the config's `formats`, or else its dialect, reads "format" so (json-schema/dialect.ts). */
  readonly formats?: FormatsCondition;
}

/**
 * The syntax error that stopped a module from loading: where the loader placed it (the
 * TypeScript transformer does: the file it read, absolute, and the position in it), or null
 * where it gave no place as data (node's own parser), and then the module's text is parsed
 * for it (src/locate/).
 */
export interface SyntaxErrorCause {
  readonly at: { readonly file: string; readonly position: Position } | null;
}

/**
 * One replacement in a file's decoded text (BOM excluded): the UTF-16 range [start, end)
 * becomes `text`; start === end inserts. Line and column (1-based, the end exclusive)
 * present the same range. An offence's edits apply together or not at all.
 */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly startLine: number;
  readonly startColumn: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/**
 * An offence as a validator or walk reports it: relative to the action schema, not yet
 * tied to an action. The chain turns drafts into offences (finalizeOffence).
 */
export interface Draft {
  readonly code: OffenceCode;
  readonly path: Path;
  readonly target: Target;
  readonly message: string;
  readonly fix: string;
  readonly repair?: Repair;
  /** The client whose limit it is (Offence.client). */
  readonly client?: ClientId;
  /** The reading of "format" it holds under (Offence.formats). */
  readonly formats?: FormatsCondition;
}

export function finalizeOffence(draft: Draft, action: string | null): Offence {
  return Object.freeze({
    code: draft.code,
    severity: defaultSeverity(draft.code),
    action,
    path: Object.freeze([...draft.path]),
    location: renderLocation(draft.path),
    message: draft.message,
    fix: draft.fix,
    target: Object.freeze({ path: Object.freeze([...draft.target.path]), part: draft.target.part }),
    ...(draft.repair ? { repair: Object.freeze({ ...draft.repair }) } : {}),
    ...(draft.client === undefined ? {} : { client: draft.client }),
    ...(draft.formats === undefined ? {} : { formats: Object.freeze({ ...draft.formats }) }),
  });
}

/** A file- or tool-level offence (no action, empty path); target defaults to the top level. */
export function toolOffence(code: OffenceCode, message: string, fix: string, target?: Target): Offence {
  return finalizeOffence({ code, path: [], target: target ?? { path: [], part: "value" }, message, fix }, null);
}

/** The same offence with another severity (offences are frozen, so this copies). */
export function withSeverity(offence: Offence, severity: Severity): Offence {
  return offence.severity === severity ? offence : Object.freeze({ ...offence, severity });
}

/** The same offence with its source position (offences are frozen, so this copies). */
export function withPosition(offence: Offence, line: number, column: number, exact = true): Offence {
  return Object.freeze({ ...offence, line, column, exact });
}

/** Freezes, in place, an offence that crossed a thread (structured clone drops the freeze); see freezeToolLint. */
export function refreeze(offence: Offence): Offence {
  Object.freeze(offence.path);
  Object.freeze(offence.target.path);
  Object.freeze(offence.target);
  if (offence.repair) Object.freeze(offence.repair);
  if (offence.edits) for (const edit of offence.edits) Object.freeze(edit);
  Object.freeze(offence.edits);
  if (offence.syntaxError?.at) Object.freeze(Object.freeze(offence.syntaxError.at).position);
  Object.freeze(offence.syntaxError);
  Object.freeze(offence.formats);
  return Object.freeze(offence);
}

/** The same offence with its fix as text edits. */
export function withEdits(offence: Offence, edits: readonly TextEdit[]): Offence {
  return Object.freeze({ ...offence, edits: Object.freeze(edits.map((edit) => Object.freeze({ ...edit }))) });
}

/** How an action key is named in offences: its String() form when it is not a string. */
export function actionLabel(key: unknown): string {
  if (typeof key === "string") return key;
  if (typeof key === "object" || typeof key === "function") return `[${describeType(key)}]`;
  return String(key);
}
