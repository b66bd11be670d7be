// An action file's one pass (JSON or JSON5 text that parsed): each offence gets the line and
// column of what it points at, and each repairable one the edits of its repair, from one scan
// of the text (json-entries.ts) answering every path at once. The actions map is the file's
// top level. Clean files pay nothing. Called by the action file's lint (src/lint/), on every
// thread that lints action files, and so by each pass of --fix.

import { SCHEMA_KEY } from "../core/lint-tool.js";
import type { Offence, Target } from "../core/offence.js";
import { locateJsonEntries } from "./json-entries.js";
import { lookup, type FileLayout, type Lookup } from "./locate-offences.js";

const ACTION_FILE: FileLayout = {
  /**
   * An offence of an action points into its schema; one of the tool as a whole only at the top
   * level or at "$schema": the tool's name comes from the file name, so offences about the name
   * get no position.
   */
  target(offence: Offence): Target | null {
    if (offence.action !== null) return { path: [offence.action, ...offence.target.path], part: offence.target.part };
    const first = offence.target.path[0];
    return first === undefined || first === SCHEMA_KEY ? offence.target : null;
  },
  actionPath: (action) => [action],
};

/** The offences of an action file's text with their positions and edits. */
export function locateActionFile(text: string, offences: readonly Offence[]): readonly Offence[] {
  const asked = actionFileLookup(offences);
  return asked === null ? offences : asked.located(text, locateJsonEntries(text, asked.paths));
}

/**
 * What an action file's offences ask of its text, for a caller that scans it once for more
 * than positions (src/text/json5-scan.ts): the paths to ask the scan, and the offences with
 * what it found (json-entries.ts, locatedEntries). Null when they ask nothing.
 */
export function actionFileLookup(offences: readonly Offence[]): Lookup | null {
  return lookup(offences, ACTION_FILE);
}
