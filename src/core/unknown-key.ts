// The unknown-key check: unknown implies rejected. A key outside the vocabulary is an
// offence whose fix names the closest vocabulary key, or lists them all. It lives outside
// validators/ because it judges the key set, not the value of one key. The rename is also
// a repair (--fix) when nothing else could have been meant: the key has one close match,
// and the schema lacks that key (two repairs adding one key are dropped by the chain).

import { closeMatch, soleCloseMatch } from "./close-match.js";
import { inspectString } from "../text/escape.js";
import type { Draft } from "./offence.js";
import { actionSchemaKeys } from "../vocabulary.js";

/** One draft per unknown key of one action schema; `present` tells the schema's own keys. */
export function unknownKeyDrafts(keys: readonly string[], present: (key: string) => boolean): Draft[] {
  return keys.map((key) => {
    const to = soleCloseMatch(key, actionSchemaKeys());
    const draft = unknownKeyDraft(key, present);
    return to !== null && !present(to) ? { ...draft, repair: { kind: "rename-key", to } } : draft;
  });
}

function unknownKeyDraft(key: string, present: (key: string) => boolean): Draft {
  const match = closeMatch(key, actionSchemaKeys());
  // Renaming onto a key the schema has already would make it repeat: say so instead.
  const rename =
    match === null
      ? null
      : present(match)
        ? `It reads like ${inspectString(match)}, which the schema already has: merge the two into ${inspectString(match)}, or remove it.`
        : `Rename it to ${inspectString(match)}.`;
  return {
    code: "unknown-key",
    path: [key],
    target: { path: [key], part: "key" },
    message: `unknown key ${inspectString(key)} in the action schema`,
    fix:
      rename ??
      `Remove it; an action schema may carry only ${actionSchemaKeys()
        .map((k) => `"${k}"`)
        .join(", ")}.`,
  };
}
