// What the linter and a module process say to each other, shared by both sides (the child's
// side is modules/child/, the linter's the rest of modules/): the file descriptors of the
// private channel, and the messages that cross it.

import type { SyntaxErrorCause } from "../core/offence.js";

/** The file descriptors the linter gives each module process (stdio indexes of the spawn). */
export const FD = { jobs: 3, results: 4, hookRequests: 5, hookAnswers: 6 } as const;

/** What the linter answers a transpile request: the JavaScript, or the transformer's error and, when it gave one, its place. */
export interface TranspileAnswer {
  readonly code?: string;
  readonly error?: string;
  readonly at?: SyntaxErrorCause["at"];
}
