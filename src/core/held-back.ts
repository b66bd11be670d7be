// Checks the chain's gate held back (docs/checks.md, "Held-back checks"): the defaults check
// runs only on an action with no other chain offence, and each advisory check only when the
// keys it reads hold none. A check that had something to read but did not run is recorded,
// so the report says so instead of staying silent until the next run. When its inputs are
// well typed, what it would find is computed anyway and withheld: once every offence holding
// it back is suppressed by a directive, those offences are released into the report.
// Plain data; the chain records (chain.ts), the suppression step releases (src/suppress/).

import { CODE_TABLE, type OffenceCode } from "./codes.js";
import type { Offence } from "./offence.js";

export interface HeldBack {
  /** The action, as offences name it. */
  readonly action: string;
  /** The code the held-back check reports. */
  readonly check: OffenceCode;
  /** The action-schema keys whose chain offences hold it back; null: any chain offence of the action. */
  readonly gate: readonly string[] | null;
  /** The codes of the offences that hold it back, each once, sorted. */
  readonly by: readonly OffenceCode[];
  /** What the check finds, when its inputs are well typed enough to run it; null otherwise. */
  readonly withheld: readonly Offence[] | null;
}

/** Whether `offence` holds back a check of `action` gated on `gate`. */
export function holdsBack(offence: Offence, action: string, gate: readonly string[] | null): boolean {
  if (offence.action !== action || CODE_TABLE[offence.code].origin !== "chain" || offence.code === "undeclared-default") return false;
  return gate === null || gate.includes(String(offence.path[0]));
}

function blockingCodes(offences: readonly Offence[], action: string, gate: readonly string[] | null): OffenceCode[] {
  return [...new Set(offences.filter((o) => holdsBack(o, action, gate)).map((o) => o.code))].sort();
}

/** A record of a check held back by `offences` (those of its action, found by the chain). */
export function heldBack(action: string, check: OffenceCode, gate: readonly string[] | null, offences: readonly Offence[], withheld: readonly Offence[] | null): HeldBack {
  return Object.freeze({ action, check, gate, by: Object.freeze(blockingCodes(offences, action, gate)), withheld: withheld && Object.freeze([...withheld]) });
}

export interface Released {
  /** The withheld offences of the checks no kept offence holds back any more. */
  readonly released: readonly Offence[];
  /** The checks still held back, naming only the kept offences that hold them. */
  readonly held: readonly HeldBack[];
}

/** Given the offences a file keeps (after its directives), which checks run after all and which stay held back. */
export function releaseHeldBack(kept: readonly Offence[], records: readonly HeldBack[]): Released {
  const released: Offence[] = [];
  const held: HeldBack[] = [];
  for (const record of records) {
    const by = blockingCodes(kept, record.action, record.gate);
    if (by.length === 0 && record.withheld !== null) for (const offence of record.withheld) released.push(offence);
    else held.push(by.length === record.by.length ? record : Object.freeze({ ...record, by: Object.freeze(by) }));
  }
  return { released, held };
}

/** What the report says of a held-back check (after the action's name): why it did not run, and when it will. */
export function heldBackMessage(record: HeldBack): string {
  const head = `the ${record.check} check did not run`;
  if (record.by.length === 0) return `${head}: the values it reads are malformed (their offences are suppressed)`;
  const now = `now: ${record.by.join(", ")}`;
  if (record.gate === null) return `${head}: it reads a well-formed schema, so it runs once this action has no other offence (${now})`;
  return `${head}: it runs once ${record.gate.map((k) => `"${k}"`).join(", ")} ${record.gate.length === 1 ? "holds" : "hold"} no offence (${now})`;
}
