// The edits of an action file's (JSON or JSON5) repairable offences: its entries are found
// by the action-file locator (src/loading/locate.ts), which always finds the path's own
// node. Called by src/lint/lint-files.ts for files that have offences.

import type { Offence } from "../core/offence.js";
import { locateSpans } from "./source-positions.js";
import { attachEdits, repairPaths } from "./attach.js";
import type { Found } from "./repair-edits.js";

export function withActionFileEdits(text: string, offences: readonly Offence[]): readonly Offence[] {
  const asked = repairPaths(offences);
  const paths = asked.flatMap((relative, i) => relative.map((path) => [(offences[i] as Offence).action as string, ...path]));
  if (paths.length === 0) return offences;
  const spans = locateSpans(text, paths);
  let next = 0;
  const found = asked.map((relative) =>
    relative.map((): Found | null => {
      const entry = spans[next++];
      return entry ? { key: entry.key, value: entry.value, exact: true } : null;
    }),
  );
  return attachEdits(text, offences, found);
}
