// The JSON Schema dialects the linter judges schemas by, and what differs between them: a
// schema root's dialect is the one its "$schema" names, draft-07 or 2020-12; without one, or
// with one that is no string (a mistake invalid-schema reports), draft-07, which most
// generators write, unless the root uses "prefixItems" (which only 2020-12 defines, and which
// changes what "items" means) and no tuple "items" (draft-07's); a root naming another
// dialect (draft-04, 2019-09…) is not judged (docs/checks.md, "Schemas to the end"). Read by
// invalid-schema (which meta-schema) and by the value check (how the validator reads it).

import { isList, type MapLike, type MapReader } from "../map.js";
import { holdsKey, someMap } from "./document.js";
import type { ValidatorDraft } from "./validator.js";

export type Dialect = "draft-07" | "draft-2020-12";

/** How "format" is read: an assertion (a value that is not of the format fails) or an annotation (it never fails). */
export const FORMATS_READINGS = ["assert", "annotate"] as const;
export type FormatsReading = (typeof FORMATS_READINGS)[number];

/**
 * When an offence holds under one reading of "format" only: that reading, and the one its
 * schema's dialect gives. It is reported when the config's `formats` is that reading, or, the
 * config saying none, when the dialect's is (formatsKept).
 */
export interface FormatsCondition {
  readonly holds: FormatsReading;
  readonly dialect: FormatsReading;
}

/** Whether an offence under `condition` is reported when the config's `formats` is `setting` (undefined: as each dialect says). */
export function formatsKept(condition: FormatsCondition | undefined, setting: FormatsReading | undefined): boolean {
  return condition === undefined || (setting ?? condition.dialect) === condition.holds;
}

/** The dialect a root's "$schema" names: "default" when it names none (it is absent, or no string); null for a dialect not judged. */
export function namedDialect(root: MapLike, read: MapReader): Dialect | "default" | null {
  const named = read.get(root, "$schema");
  if (typeof named !== "string") return "default";
  if (/json-schema\.org\/draft-07\/schema/.test(named)) return "draft-07";
  if (/json-schema\.org\/draft\/2020-12\/schema/.test(named)) return "draft-2020-12";
  return null;
}

/** A root's dialect; null for a dialect not judged. */
export function dialectOf(root: MapLike, read: MapReader): Dialect | null {
  const named = namedDialect(root, read);
  return named !== "default" ? named : only2020(root, read) ? "draft-2020-12" : "draft-07";
}

/** Whether a schema is plainly written for 2020-12: it uses "prefixItems", and no list "items" (a tuple, which is draft-07's). */
function only2020(root: MapLike, read: MapReader): boolean {
  return holdsKey(root, "prefixItems", read) && !someMap(root, read, (map) => isList(read.get(map, "items")));
}

export interface DialectFacts {
  /** The validator's name for it. */
  readonly draft: ValidatorDraft;
  /** How the dialect reads "format" when nothing else is said: draft-07 asserts it, 2020-12 makes it an annotation. */
  readonly formats: FormatsReading;
  /** The formats the dialect defines: the only ones asserted (another format is unknown, and ignored). */
  readonly formatNames: ReadonlySet<string>;
  /**
   * Keywords of other dialects the validator would still act on here, so a schema copied for
   * it leaves them out: in draft-07 those of 2019-09 and 2020-12, in 2020-12 those it dropped,
   * in both draft-04's "id" (which the validator takes for "$id").
   */
  readonly foreign: ReadonlySet<string>;
  /** Keywords the validator does not implement: a root holding one is not judged. */
  readonly unsupported: ReadonlySet<string>;
}

const DRAFT_07_FORMATS = [
  "date-time",
  "date",
  "time",
  "email",
  "idn-email",
  "hostname",
  "idn-hostname",
  "ipv4",
  "ipv6",
  "uri",
  "uri-reference",
  "iri",
  "iri-reference",
  "uri-template",
  "json-pointer",
  "relative-json-pointer",
  "regex",
];

export const DIALECTS: Readonly<Record<Dialect, DialectFacts>> = {
  "draft-07": {
    draft: "7",
    formats: "assert",
    formatNames: new Set(DRAFT_07_FORMATS),
    foreign: new Set([
      "prefixItems",
      "dependentRequired",
      "dependentSchemas",
      "unevaluatedItems",
      "unevaluatedProperties",
      "minContains",
      "maxContains",
      "$anchor",
      "$recursiveRef",
      "$recursiveAnchor",
      "$dynamicRef",
      "$dynamicAnchor",
      "id",
    ]),
    unsupported: new Set(),
  },
  "draft-2020-12": {
    draft: "2020-12",
    formats: "annotate",
    formatNames: new Set([...DRAFT_07_FORMATS, "duration", "uuid"]),
    foreign: new Set(["dependencies", "additionalItems", "$recursiveRef", "$recursiveAnchor", "id"]),
    unsupported: new Set(["$dynamicRef", "$dynamicAnchor"]),
  },
};
