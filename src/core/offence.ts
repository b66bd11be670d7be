// An offence is plain, frozen data: what is wrong (code) and how much it counts (severity),
// where (path, location, target), and what to do (fix). The code table is here too. Rendering happens elsewhere; nothing here knows about colour,
// files on disk or output formats. Codes are stable public identifiers (SPEC section 6).

import { describeType } from "./escape.js";
import { renderLocation } from "./render-location.js";
import type { Path } from "./path.js";
import type { Repair } from "./repair.js";

/** How an offence counts: an `error` fails the run (exit 1); a `warn` is shown and fails it only past --max-warnings. */
export type Severity = "error" | "warn";

/** What a code can be set to: a severity, or `off` (not reported at all). */
export type SeveritySetting = Severity | "off";

export const SEVERITY_SETTINGS: readonly SeveritySetting[] = Object.freeze(["error", "warn", "off"]);

/**
 * Which pass finds a code: the `chain` (SPEC sections 3-6, gating), the `source` (the file's
 * text, before any value is read), an `advisory` check beside the chain (core/advisory/),
 * a live `server`'s surfaces compared, or an inline `directive`'s bookkeeping.
 */
export type CodeOrigin = "chain" | "source" | "advisory" | "server" | "directive";

export interface CodeFacts {
  /** The severity an offence of this code has when no configuration changes it. */
  readonly severity: Severity;
  readonly origin: CodeOrigin;
}

/**
 * The one home of the offence codes: every code with its default severity and origin, in
 * the order docs, SARIF rules and the report schema list them. Everything else that names
 * codes derives from this table (OFFENCE_CODES, OffenceCode, defaultSeverity) or is
 * compared with it by a test. Every chain code is an error (SPEC section 9).
 */
export const CODE_TABLE = {
  "unknown-key": { severity: "error", origin: "chain" },
  "missing-key": { severity: "error", origin: "chain" },
  "wrong-type": { severity: "error", origin: "chain" },
  newline: { severity: "error", origin: "chain" },
  duplicate: { severity: "error", origin: "chain" },
  undeclared: { severity: "error", origin: "chain" },
  "empty-group": { severity: "error", origin: "chain" },
  "superset-group": { severity: "error", origin: "chain" },
  "undeclared-default": { severity: "error", origin: "chain" },
  cycle: { severity: "error", origin: "chain" },
  "parse-error": { severity: "error", origin: "chain" },
  "load-error": { severity: "error", origin: "chain" },
  "no-tool": { severity: "error", origin: "chain" },
  "tool-shape": { severity: "error", origin: "chain" },
  "reserved-name": { severity: "error", origin: "chain" },
  "duplicate-tool": { severity: "error", origin: "chain" },
  "surface-drift": { severity: "error", origin: "server" },
  "duplicate-key": { severity: "error", origin: "source" },
  "unknown-related": { severity: "warn", origin: "advisory" },
  "undeclared-example-key": { severity: "warn", origin: "advisory" },
  "example-misses-required": { severity: "warn", origin: "advisory" },
  "unknown-keyword": { severity: "warn", origin: "advisory" },
  "unused-disable": { severity: "warn", origin: "directive" },
} as const satisfies Readonly<Record<string, CodeFacts>>;

export type OffenceCode = keyof typeof CODE_TABLE;

/** Every offence code, in the table's order. */
export const OFFENCE_CODES: readonly OffenceCode[] = Object.freeze(Object.keys(CODE_TABLE) as OffenceCode[]);

/** The codes one pass finds, e.g. CodeOf<"advisory">. */
export type CodeOf<O extends CodeOrigin> = { [C in OffenceCode]: (typeof CODE_TABLE)[C]["origin"] extends O ? C : never }[OffenceCode];

/** The severity of `code` when no configuration changes it. */
export function defaultSeverity(code: OffenceCode): Severity {
  return CODE_TABLE[code].severity;
}

/** Whether `code` is an offence code (own keys only, so "__proto__" is not one). */
export function isOffenceCode(code: string): code is OffenceCode {
  return Object.hasOwn(CODE_TABLE, code);
}

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

export interface Offence {
  readonly code: OffenceCode;
  /** How it counts: the code's default until the lint edge applies the configured rules. */
  readonly severity: Severity;
  /** The action's name (its String() form for a non-string key), null for file/tool level. */
  readonly action: string | null;
  /** Path of the map holding the offending key or value (SPEC section 6). */
  readonly path: Path;
  /** The path in Elixir access syntax, escaped for any output. */
  readonly location: string;
  readonly message: string;
  readonly fix: string;
  readonly target: Target;
  /** 1-based position of the target in the source file, when known. */
  readonly line?: number;
  readonly column?: number;
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
