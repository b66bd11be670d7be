// An action file's failure to be read, decoded or parsed, as its one offence: a parse-error
// of the file, with a position when one is known.

import { toolOffence, withPosition, type Offence } from "../core/offence.js";
import type { Position } from "../text/positions.js";

/** A parse-error offence; `problem` continues "the file …" ("is not valid JSON: …"). */
export function parseError(problem: string, fix: string, position?: Position | null): { offence: Offence } {
  const offence = toolOffence("parse-error", `the file ${problem}`, fix);
  return { offence: position ? withPosition(offence, position.line, position.column) : offence };
}
