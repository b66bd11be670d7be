// The severities a config may give a code. Placeholder home until the severity model lands
// in main (branch "severity"); then this re-exports that model's list.

export const SEVERITIES = ["error", "warn", "off"] as const;
export type Severity = (typeof SEVERITIES)[number];

export function isSeverity(value: unknown): value is Severity {
  return typeof value === "string" && (SEVERITIES as readonly string[]).includes(value);
}
