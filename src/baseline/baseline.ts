// The baseline (docs/configuration.md, "Baseline"): offences a team has accepted for now, recorded by
// identity so a run reports only new ones. An entry is one fingerprint
// (core/fingerprint.ts, the identity SARIF uses: file, tool, action, code, path, target;
// never the line) with how many offences share it, plus readable fields for review. Files
// are relative to the baseline's directory. Written one entry per line, sorted, so a review
// diff shows exactly what changed. Pure; reading and writing the file is
// baseline-file.ts's, matching a run's offences apply-baseline.ts's.

import { fingerprintKey, fingerprintOf } from "../core/fingerprint.js";
import type { Offence } from "../core/offence.js";
import { compareStrings } from "../core/path.js";
import type { BaselineEntry } from "../lint/result.js";

export const BASELINE_VERSION = 1;

/** An offence as a baseline entry of count 1; `file` relative to the baseline's directory. */
export function entryOf(file: string, tool: string | null, offence: Offence): BaselineEntry {
  return {
    file,
    code: offence.code,
    tool,
    action: offence.action,
    location: offence.location,
    count: 1,
    fingerprint: fingerprintOf(fingerprintKey(file, tool, offence)),
  };
}

const text = (s: string | null): string => s ?? "";

/** Entries in the order the file lists them: by file, action, code, location, fingerprint. */
export function compareEntries(a: BaselineEntry, b: BaselineEntry): number {
  return (
    compareStrings(a.file, b.file) ||
    compareStrings(text(a.action), text(b.action)) ||
    compareStrings(a.code, b.code) ||
    compareStrings(a.location, b.location) ||
    compareStrings(a.fingerprint, b.fingerprint)
  );
}

/** Entries with one fingerprint merged into one (counts added), sorted. */
export function mergeEntries(entries: Iterable<BaselineEntry>): BaselineEntry[] {
  const byFingerprint = new Map<string, BaselineEntry>();
  for (const entry of entries) {
    const seen = byFingerprint.get(entry.fingerprint);
    byFingerprint.set(entry.fingerprint, seen === undefined ? entry : { ...seen, count: seen.count + entry.count });
  }
  return [...byFingerprint.values()].sort(compareEntries);
}

/** The baseline file's text: a JSON document with one entry per line. */
export function serializeBaseline(entries: readonly BaselineEntry[]): string {
  const lines = entries.map((e) =>
    JSON.stringify({ file: e.file, code: e.code, tool: e.tool, action: e.action, location: e.location, count: e.count, fingerprint: e.fingerprint }),
  );
  const body = lines.length === 0 ? "[]" : `[\n    ${lines.join(",\n    ")}\n  ]`;
  return `{\n  "version": ${BASELINE_VERSION},\n  "entries": ${body}\n}\n`;
}

/** The entries of a parsed baseline file, or what is wrong with it. */
export function readEntries(value: unknown): { entries: BaselineEntry[] } | { problem: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { problem: "it is not a JSON object" };
  const document = value as Record<string, unknown>;
  if (document["version"] !== BASELINE_VERSION) return { problem: `its "version" is not ${BASELINE_VERSION}` };
  const list = document["entries"];
  if (!Array.isArray(list)) return { problem: 'its "entries" is not a list' };
  const entries: BaselineEntry[] = [];
  for (const [i, item] of list.entries()) {
    const e = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
    const nullableText = (v: unknown): v is string | null => v === null || typeof v === "string";
    if (
      typeof e["file"] !== "string" ||
      typeof e["code"] !== "string" ||
      !nullableText(e["tool"]) ||
      !nullableText(e["action"]) ||
      typeof e["location"] !== "string" ||
      typeof e["fingerprint"] !== "string" ||
      !(Number.isSafeInteger(e["count"]) && (e["count"] as number) > 0)
    ) {
      return { problem: `entries[${i}] is not an entry (file, code, tool, action, location, a positive count, fingerprint)` };
    }
    entries.push({ file: e["file"], code: e["code"], tool: e["tool"], action: e["action"], location: e["location"], count: e["count"] as number, fingerprint: e["fingerprint"] });
  }
  return { entries };
}
