// unknown-keyword: a key of any subschema (subschemas.ts), and of a plain tool's inputSchema
// itself, that is no JSON Schema keyword
// but one edit from one ("tpye", "propertes", "itmes"), which a validator would silently
// ignore. Keys further from every keyword (extensions such as "x-vendor") are left alone,
// and so are keywords shorter than four characters ("if", "not", "$id"), whose one-edit
// neighbours are mostly ordinary words. Property names are never keys of a schema here:
// the walk yields schemas, and a map of names ("properties", "$defs"…) is only walked through. The rename is a
// repair (--fix) when it is the only one near and the schema lacks that keyword.

import { editDistance } from "../close-match.js";
import { inspectString } from "../../text/escape.js";
import { JSON_SCHEMA_KEYWORDS } from "../json-schema-keywords.js";
import type { Draft } from "../offence.js";
import { materialize } from "../path.js";
import { exclusiveRepairs } from "../repair.js";
import { CappedDrafts } from "../offence-cap.js";
import type { AdvisoryCheck } from "./context.js";

const MIN_KEYWORD_LENGTH = 4;
const CANDIDATES = [...JSON_SCHEMA_KEYWORDS].filter((k) => k.length >= MIN_KEYWORD_LENGTH);

// The keywords near each key met, since one server repeats its keys (an extension, a slip)
// across its schemas: each key is measured against the keywords once. Bounded, for a
// long-lived process.
const NEAR_KEPT = 4096;
const near = new Map<string, readonly string[]>();

/** The keywords one edit from `key`, in the list's order; none for a keyword itself. */
function keywordsNear(key: string): readonly string[] {
  if (JSON_SCHEMA_KEYWORDS.has(key)) return [];
  let found = near.get(key);
  if (found === undefined) {
    if (near.size >= NEAR_KEPT) near.clear();
    found = Object.freeze(CANDIDATES.filter((keyword) => editDistance(key, keyword, 1) <= 1));
    near.set(key, found);
  }
  return found;
}

export const unknownKeyword: AdvisoryCheck = (_schema, { read, subschemas }) => {
  // One misspelt keyword per level of deep input: past the cap they are counted (offence-cap.ts).
  const drafts = new CappedDrafts();
  for (const walked of subschemas()) {
    for (const key of read.keys(walked.schema)) {
      if (JSON_SCHEMA_KEYWORDS.has(key)) continue;
      const meant = keywordsNear(key);
      if (meant.length === 0) continue;
      drafts.add(() => {
        const path = materialize(walked);
        const listed = meant.map(inspectString).join(" or ");
        const draft: Draft = {
          code: "unknown-keyword",
          path,
          target: { path: [...path, key], part: "key" },
          message: `${inspectString(key)} is no JSON Schema keyword, so validators ignore it; it is one edit from ${listed}`,
          fix: `Rename ${inspectString(key)} to ${listed}.`,
        };
        // A repair (--fix) only when nothing else could have been meant: one keyword is near, and the schema lacks it.
        const [to] = meant;
        return meant.length === 1 && to !== undefined && !read.has(walked.schema, to) ? { ...draft, repair: { kind: "rename-key", to } } : draft;
      });
    }
  }
  // Two keys renamed to the same keyword of one schema: neither is repaired.
  return exclusiveRepairs(drafts.list());
};
