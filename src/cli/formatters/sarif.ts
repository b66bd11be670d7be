// The sarif format (docs/report.md): one SARIF 2.1.0 run that GitHub code scanning accepts.
// One rule per offence code, its help rendered from the code docs (src/code-docs/code-docs.ts),
// its helpUri the address of that doc in the copy of wymcp-lint that ran;
// one result per offence (no cap) at its file, with a region wherever line and column are
// known, a logical location naming tool, action and location (a running server's results
// have the logical location only), and SARIF `fixes` where --fix has edits; a check the
// chain's gate held back is a note among the invocation's notifications. Called through
// the registry in index.ts.
//
// partialFingerprints["wymcpLint/v1"] hashes the offence's identity (core/fingerprint.ts:
// file, tool, action, code, path and target, never its line), so a result keeps its identity
// when the file is reformatted. (GitHub's upload-sarif action adds its own line-content hash beside it.)

import { pathToFileURL } from "node:url";
import { codeDoc, codeDocMarkdown, codeDocText, codeDocUrl } from "../../code-docs/code-docs.js";
import { fingerprintKey, fingerprintOf } from "../../core/fingerprint.js";
import { heldBackMessage, type HeldBack } from "../../core/held-back.js";
import type { Offence, TextEdit } from "../../core/offence.js";
import { defaultSeverity, OFFENCE_CODES, type OffenceCode, type Severity } from "../../core/codes.js";
import { displayName, renderOffenceSentence } from "../../core/report.js";
import type { FileResult, LintResult } from "../../lint/result.js";
import { safeJson, wellFormed } from "./machine.js";
import { relativePosixPath } from "../../text/posix-path.js";
import type { FormatOptions } from "./types.js";

/** The OASIS schema's own id: SARIF 2.1.0 with errata 01. */
export const SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
export const TOOL_NAME = "wymcp-lint";
// No driver informationUri: wymcp-lint is not published and has no public home yet, and an
// address that answers 404 is worse than none (SARIF makes it optional). Each rule's helpUri
// names the code's doc in the copy that ran.
/** The uriBaseId relative artifact URIs are resolved against: the directory the run started in. */
export const SRCROOT = "%SRCROOT%";
export const FINGERPRINT_KEY = "wymcpLint/v1";

/** `unknown-key` → `UnknownKey`: a rule's friendly name, as SARIF recommends (distinct from its id). */
function ruleName(code: OffenceCode): string {
  return code.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase());
}

/** SARIF's name for a severity: a result's level and a rule's default level. */
const LEVEL: { readonly [S in Severity]: "error" | "warning" } = { error: "error", warn: "warning" };

function rule(code: OffenceCode): Record<string, unknown> {
  const doc = codeDoc(code);
  const level = LEVEL[defaultSeverity(code)];
  return {
    id: code,
    name: ruleName(code),
    shortDescription: { text: doc.title },
    fullDescription: { text: doc.meaning },
    help: { text: codeDocText(code), markdown: codeDocMarkdown(code) },
    helpUri: codeDocUrl(code),
    defaultConfiguration: { level },
    properties: { precision: "very-high", "problem.severity": level },
  };
}

/** A path as a URI reference: each segment percent-encoded (":" included, so no segment reads as a scheme). */
function encodePath(path: string): string {
  return path
    .split("/")
    .map((segment) => encodeURIComponent(wellFormed(segment)))
    .join("/");
}

function artifactLocation(file: string, cwd: string): Record<string, unknown> {
  const rel = relativePosixPath(file, cwd);
  if (rel !== null) return { uri: encodePath(rel), uriBaseId: SRCROOT };
  return { uri: pathToFileURL(wellFormed(file)).href };
}

function logicalLocations(offence: Offence, tool: string | null): Record<string, unknown>[] {
  const owner = [tool, offence.action]
    .filter((n): n is string => n !== null)
    .map(displayName)
    .join("/");
  if (owner === "") return [];
  const kind = offence.action === null ? "module" : offence.location === "" ? "member" : "object";
  const name = offence.location !== "" ? offence.location : displayName(offence.action ?? (tool as string));
  // A location always opens with its atom's colon: `catalogue/search:properties["q"]`.
  const fullyQualifiedName = `${owner}${offence.location}`;
  return [{ name, fullyQualifiedName, kind }];
}

/**
 * Where an offence is: its file (a region where line and column are known) and its logical
 * location; for a running server (`server`, its label), the logical location only, since
 * a command line or URL is no artifact.
 */
function offenceLocation(file: FileResult, offence: Offence, cwd: string, server: string | undefined): Record<string, unknown> {
  const logical = logicalLocations(offence, file.tool);
  if (server !== undefined) return { logicalLocations: logical.length > 0 ? logical : [{ name: displayName(server), kind: "module" }] };
  const physicalLocation: Record<string, unknown> = { artifactLocation: artifactLocation(offence.file ?? file.file, cwd) };
  if (offence.line !== undefined) {
    physicalLocation["region"] = offence.column !== undefined ? { startLine: offence.line, startColumn: offence.column } : { startLine: offence.line };
  }
  return logical.length > 0 ? { physicalLocation, logicalLocations: logical } : { physicalLocation };
}

/** For an offence placed in another file than its tool's: the call in the tool's file that reads the value. */
function relatedLocations(file: FileResult, offence: Offence, cwd: string): Record<string, unknown> {
  if (offence.via === undefined) return {};
  const region = { startLine: offence.via.line, startColumn: offence.via.column };
  return { relatedLocations: [{ id: 0, physicalLocation: { artifactLocation: artifactLocation(file.file, cwd), region }, message: { text: "where the tool reads the value" } }] };
}

function fileResults(file: FileResult, cwd: string, server: string | undefined): Record<string, unknown>[] {
  const identity = server ?? relativePosixPath(file.file, cwd) ?? file.file;
  const seen = new Map<string, number>();
  return file.offences.map((offence) => {
    const key = fingerprintKey(identity, file.tool, offence);
    // Two offences with one key (rare: e.g. two symbol keys that print alike) stay distinct by order.
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return {
      ruleId: offence.code,
      ruleIndex: OFFENCE_CODES.indexOf(offence.code),
      level: LEVEL[offence.severity],
      message: { text: renderOffenceSentence(offence, file.tool) },
      locations: [offenceLocation(file, offence, cwd, server)],
      ...(server === undefined ? relatedLocations(file, offence, cwd) : {}),
      partialFingerprints: { [FINGERPRINT_KEY]: fingerprintOf(occurrence === 0 ? key : `${key}#${occurrence}`) },
      // Edits exist only for files (a running server has none to change).
      ...(offence.edits && server === undefined ? { fixes: [sarifFix(offence, offence.edits, artifactLocation(file.file, cwd))] } : {}),
      // The region is the nearest enclosing node, not the offence's own place (tool modules).
      ...(offence.exact === false ? { properties: { exact: false } } : {}),
    };
  });
}

/**
 * An offence's edits as a SARIF fix: one replacement per edit, its region by line and
 * column (columns in UTF-16 code units, as the run's columnKind says; an insertion is an
 * empty region). Line and column, not charOffset: offsets would have to count a byte order
 * mark, which our offsets leave out.
 */
function sarifFix(offence: Offence, edits: readonly TextEdit[], artifactLocation: Record<string, unknown>): Record<string, unknown> {
  return {
    description: { text: offence.fix },
    artifactChanges: [
      {
        artifactLocation,
        replacements: edits.map((edit) => ({
          deletedRegion: { startLine: edit.startLine, startColumn: edit.startColumn, endLine: edit.endLine, endColumn: edit.endColumn },
          ...(edit.text !== "" ? { insertedContent: { text: edit.text } } : {}),
        })),
      },
    ],
  };
}

/**
 * A check the chain's gate held back, as a notification of the run's invocation: a note
 * naming the rule whose check did not run, at its file (a running server's tools have none).
 */
function heldBackNotification(file: FileResult, record: HeldBack, cwd: string, server: string | undefined): Record<string, unknown> {
  const subject = [file.tool === null ? "" : `tool ${displayName(file.tool)}`, `action ${displayName(record.action)}`].filter((s) => s !== "").join(" ");
  return {
    level: "note",
    message: { text: `${subject}: ${heldBackMessage(record)}` },
    associatedRule: { id: record.check, index: OFFENCE_CODES.indexOf(record.check) },
    ...(server === undefined ? { locations: [{ physicalLocation: { artifactLocation: artifactLocation(file.file, cwd) } }] } : {}),
  };
}

function invocations(result: LintResult, cwd: string): Record<string, unknown> {
  const notifications = result.files.flatMap((file) => (file.heldBack ?? []).map((record) => heldBackNotification(file, record, cwd, result.server)));
  return notifications.length === 0 ? {} : { invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }] };
}

/** The directory as a base URI: a file URL ending in "/", as SARIF requires of uriBaseIds. */
function baseUri(cwd: string): string {
  const href = pathToFileURL(wellFormed(cwd)).href;
  return href.endsWith("/") ? href : `${href}/`;
}

export function format(result: LintResult, options: FormatOptions): string {
  const log = {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: TOOL_NAME,
            version: options.version,
            rules: OFFENCE_CODES.map(rule),
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: baseUri(options.cwd) } },
        columnKind: "utf16CodeUnits",
        results: result.files.flatMap((file) => fileResults(file, options.cwd, result.server)),
        ...invocations(result, options.cwd),
      },
    ],
  };
  return `${safeJson(log)}\n`;
}
