// Positions and edits in an action file (JSON or JSON5 text that parsed): each offence gets
// the line and column of what it points at, and each repairable one the text edits of its
// repair, found by the action-file locator (source-positions.ts), which always finds the
// path's own node. Clean files pay nothing.

import { SCHEMA_KEY } from "../core/lint-tool.js";
import { withPosition, type Offence, type Target } from "../core/offence.js";
import { attachEdits, repairPaths } from "./attach.js";
import type { Found } from "./repair-edits.js";
import { locateSpans, sourcePositions } from "./source-positions.js";

/**
 * The offence's target in the file, its path from the file's top level. An offence of the
 * tool as a whole points into the file only at the top level or at "$schema"; its name
 * comes from the file name, so offences about the name get no position.
 */
function targetInFile(offence: Offence): Target | null {
  if (offence.action !== null) return { path: [offence.action, ...offence.target.path], part: offence.target.part };
  const first = offence.target.path[0];
  return first === undefined || first === SCHEMA_KEY ? offence.target : null;
}

function withPositions(text: string, offences: readonly Offence[]): readonly Offence[] {
  const targeted = offences.map((offence) => ({ offence, target: offence.line === undefined ? targetInFile(offence) : null }));
  const targets = targeted.flatMap(({ target }) => (target ? [target] : []));
  if (targets.length === 0) return offences;
  const positions = sourcePositions(text, targets);
  let next = 0;
  return targeted.map(({ offence, target }) => {
    if (!target) return offence;
    const position = positions[next++];
    return position ? withPosition(offence, position.line, position.column) : offence;
  });
}

function withActionFileEdits(text: string, offences: readonly Offence[]): readonly Offence[] {
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

/** The offences of an action file's text with their positions and edits. */
export function locateActionFile(text: string, offences: readonly Offence[]): readonly Offence[] {
  if (offences.every((offence) => offence.line !== undefined)) return offences;
  return withActionFileEdits(text, withPositions(text, offences));
}
