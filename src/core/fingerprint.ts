// The identity of an offence that survives edits elsewhere in its file: the file (as a
// relative POSIX path), the tool, the action, the code, the path and the target, never the
// line or column. The one home of that identity: SARIF's partialFingerprints and the
// baseline file (src/baseline/) both key offences by it.

import type { Offence } from "./offence.js";

/** The identity's parts, joined into one string; `file` is already relative to the caller's base. */
export function fingerprintKey(file: string, tool: string | null, offence: Offence): string {
  return JSON.stringify([file, tool, offence.action, offence.code, offence.path, offence.target.path, offence.target.part]);
}

/** The key hashed: a fixed-length, opaque fingerprint (SHA-256, hex). */
export function fingerprintOf(key: string): string {
  // node:crypto is loaded at the first hash: most runs hash nothing, and it slows every start-up.
  return process.getBuiltinModule("node:crypto").createHash("sha256").update(key).digest("hex");
}
