// The unknown-key check: unknown implies rejected. A key outside the vocabulary is an
// offence whose fix names the closest vocabulary key, or lists them all. It lives outside
// validators/ because it judges the key set, not the value of one key.

import { closeMatch } from "./close-match.js";
import { inspectString } from "./escape.js";
import type { Draft } from "./offence.js";
import { actionSchemaKeys } from "../vocabulary.js";

export function unknownKeyDraft(key: string): Draft {
  const match = closeMatch(key, actionSchemaKeys());
  return {
    code: "unknown-key",
    path: [key],
    target: { path: [key], part: "key" },
    message: `unknown key ${inspectString(key)} in the action schema`,
    fix: match
      ? `Rename it to ${inspectString(match)}.`
      : `Remove it; an action schema may carry only ${actionSchemaKeys().map((k) => `"${k}"`).join(", ")}.`,
  };
}
