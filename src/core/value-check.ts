// A value against the schema it must satisfy, by the JSON Schema validator (json-schema/): every
// keyword of the schema root's dialect, references within the document followed, "format"
// read as the dialect says (asserted in draft-07, an annotation in 2020-12) and, where the
// other reading would judge otherwise, said so on the answer, for the config to choose
// (docs/codes/value-mismatch.md). The document is an action schema (where "#/properties/x"
// leads) or a plain tool's inputSchema; it is copied for the validator once per reading of
// "format" (json-schema/copy.ts), at the first value that is not plainly valid
// (json-schema/accepted.ts), and for the second reading only when a "format" is within
// the reach of a schema a value is judged by. What cannot be judged is not
// reported: a root of another dialect or holding "$dynamicRef", a reference to another
// document, a document that refers back to itself or is nested past the validator's reach.
// A value JSON cannot carry (a bigint, a function, NaN…) is reported as such.

import { appendAll } from "./append.js";
import { describeType, describeValue } from "./escape.js";
import { isList, type MapLike, type MapReader } from "./map.js";
import { compareStrings, type PathSegment } from "./path.js";
import { plainlyAccepted } from "./json-schema/accepted.js";
import { copyDocument, type CopiedDocument } from "./json-schema/copy.js";
import { follow, holdsKey, MISSING, someMap } from "./json-schema/document.js";
import type { FormatsCondition, FormatsReading } from "./json-schema/dialect.js";
import { explain, type ValueProblem } from "./json-schema/explain.js";
import { jsonSchemaValidator, type Lookup, type OutputUnit, type ValidatorDraft } from "./json-schema/validator.js";

export type { ValueProblem } from "./json-schema/explain.js";

export interface JudgedProblem extends ValueProblem {
  /** Present when the problem depends on how "format" is read. */
  readonly formats?: FormatsCondition;
}

export interface ValueJudge {
  /**
   * The problem of `value` against `schema` (a schema map of the document); null when it has
   * none or cannot be judged. `closureKeysElsewhere`: a key the closure refuses is another
   * check's (an entry of "defaults": the defaults check's).
   */
  problem(value: unknown, schema: MapLike, closureKeysElsewhere?: boolean): JudgedProblem | null;
}

/** The document copied for one reading of "format", with the lookup its references resolve in (null: they cannot be). */
interface Prepared {
  readonly document: CopiedDocument;
  readonly lookup: Lookup | null;
}

const OTHER: Readonly<Record<FormatsReading, FormatsReading>> = { assert: "annotate", annotate: "assert" };

/** A judge of values against the schemas of `document`: an action schema (`action`), or a plain tool's inputSchema. */
export function valueJudge(document: MapLike, read: MapReader, action: boolean): ValueJudge {
  const prepared = new Map<FormatsReading, Prepared | null>();
  const prepare = (reading: FormatsReading): Prepared | null => {
    if (!prepared.has(reading)) {
      const copied = copyDocument(document, read, action, reading);
      prepared.set(reading, copied === null ? null : { document: copied, lookup: lookupOf(copied) });
    }
    return prepared.get(reading) ?? null;
  };
  // A local reference is followed plainly in a document with no "$id", which would change what it resolves against.
  let plainReferences: boolean | undefined;
  const referenced = (ref: string): unknown => {
    if (ref !== "#" && !ref.startsWith("#/")) return undefined;
    plainReferences ??= !holdsKey(document, "$id", read);
    const target = plainReferences ? follow(document, ref, read) : MISSING;
    return target === MISSING || (!read.isMap(target) && typeof target !== "boolean") ? undefined : target;
  };
  return {
    problem(value, schema, closureKeysElsewhere = false) {
      // Most values are plainly valid: the document is then never copied, nor the validator loaded.
      if (read.plainData && plainlyAccepted(value, schema, read, referenced)) return null;
      const instance = read.plainData ? { json: value } : jsonInstance(value, read);
      if ("problem" in instance) return instance.problem;
      if (!read.plainData && plainlyAccepted(instance.json, schema, read, referenced)) return null;
      const first = prepare("annotate");
      const entry = first?.document.schemas.get(schema);
      if (first === undefined || first === null || entry === undefined) return null;
      const dialect = entry.dialect.formats;
      const under = (reading: FormatsReading): ValueProblem | null => {
        const ready = reading === "annotate" ? first : prepare(reading);
        const copy = ready?.document.schemas.get(schema)?.copy;
        return ready === null || ready === undefined || copy === undefined ? null : judged(instance.json, copy, entry.dialect.draft, ready, closureKeysElsewhere);
      };
      // No "format" the dialect knows, or none within the schema's reach: both readings copy
      // what the value is judged by alike, so the copy in hand judges, and the document is not
      // copied again for the other.
      if (!first.document.formats || !formatsWithin(schema, read)) return under("annotate");
      const own = under(dialect);
      const other = under(OTHER[dialect]);
      if (own !== null) return other !== null ? own : { ...own, formats: { holds: dialect, dialect } };
      return other === null ? null : { ...other, formats: { holds: OTHER[dialect], dialect } };
    },
  };
}

/** Whether a "format" may be within reach of `schema`: one in it, or a reference that leads out of it. */
function formatsWithin(schema: MapLike, read: MapReader): boolean {
  return someMap(schema, read, (map) => read.has(map, "format") || read.has(map, "$ref") || read.has(map, "$dynamicRef") || read.has(map, "$recursiveRef"));
}

/**
 * The lookup of a copied document's references: none needed without references; null when
 * the validator cannot build it, or builds it wrong: it registers an anchor inside an
 * embedded resource against the enclosing one's base as well, where the same name may stand
 * for another schema (two resources with one anchor name, as 2020-12 allows).
 */
function lookupOf(copied: CopiedDocument): Lookup | null {
  if (!copied.references) return Object.create(null) as Lookup;
  let lookup: Lookup;
  try {
    lookup = jsonSchemaValidator().dereference(copied.root);
  } catch {
    // An "$id" that is no URI, one URI given to two schemas: references cannot be resolved.
    return null;
  }
  for (const [schema, anchor] of copied.anchors) {
    const uri = (schema as { __absolute_uri__?: unknown }).__absolute_uri__;
    if (typeof uri !== "string" || lookup[`${uri.replace(/#.*$/s, "")}#${anchor}`] !== schema) return null;
  }
  return lookup;
}

/** `value` against `schema` (a copy in `ready`'s document); null when it is valid or cannot be judged. */
function judged(value: unknown, schema: unknown, draft: ValidatorDraft, ready: Prepared, closureKeysElsewhere: boolean): ValueProblem | null {
  const { lookup } = ready;
  if (lookup === null) return null;
  const { validate } = jsonSchemaValidator();
  let errors: readonly OutputUnit[];
  try {
    // Stopping at the first failure first: every error of a long list of failing entries would be an object to make.
    const first = validate(value, schema, draft, lookup, true);
    if (first.valid) return null;
    errors = within(value, MAX_EXPLAINED_NODES) ? validate(value, schema, draft, lookup, false).errors : first.errors;
  } catch {
    // A reference to another document or to nothing, a pattern no regular expression, a value nested past the stack.
    return null;
  }
  if (errors.length === 0) return null;
  const valid = (inner: unknown, against: unknown): boolean => {
    try {
      return validate(inner, against, draft, lookup, true).valid;
    } catch {
      return false;
    }
  };
  return explain(errors, {
    value,
    schema,
    falseSchemas: ready.document.falseSchemas,
    referenced: (holder) => lookup[(holder as { __absolute_ref__?: string }).__absolute_ref__ ?? String((holder as { $ref?: unknown }).$ref)],
    valid,
    closureKeysElsewhere,
  });
}

/**
 * The most maps, lists and scalars a value may hold for every error of it to be collected, so
 * that the one reported is the first in the value's order (explain.ts); past it, the first the
 * validator meets, in the schema's order.
 */
const MAX_EXPLAINED_NODES = 10_000;

/** Whether `value` (JSON data) holds at most `limit` values, itself included. */
function within(value: unknown, limit: number): boolean {
  const stack: unknown[] = [value];
  let count = 0;
  while (stack.length > 0) {
    const next = stack.pop();
    count++;
    if (isList(next)) appendAll(stack, next);
    else if (typeof next === "object" && next !== null) appendAll(stack, Object.values(next));
    if (count + stack.length > limit) return false;
  }
  return true;
}

/** What a value JSON cannot carry is called in a message. */
function nonJson(value: unknown): string | null {
  switch (typeof value) {
    case "string":
    case "boolean":
      return null;
    case "number":
      return Number.isFinite(value) ? null : describeValue(value);
    case "bigint":
      return `the bigint ${describeValue(value)}`;
    case "symbol":
      return describeValue(value);
    case "object":
      return value === null ? null : describeType(value);
    default:
      return describeType(value);
  }
}

/**
 * A value a tool module built, as JSON data for the validator (maps as plain objects of their
 * string keys, in code-unit order), or the first place of it JSON cannot carry, as a problem.
 * Null when it refers back to itself (the same map met again inside itself): not judged.
 */
function jsonInstance(value: unknown, read: MapReader): { json: unknown } | { problem: JudgedProblem | null } {
  const entered = new Set<unknown>();
  let problem: JudgedProblem | null = null;
  let cycle = false;
  const copy = (inner: unknown, at: readonly PathSegment[]): unknown => {
    if (problem !== null || cycle) return null;
    if (isList(inner) || read.isMap(inner)) {
      if (entered.has(inner)) {
        cycle = true;
        return null;
      }
      entered.add(inner);
      let out: unknown;
      if (isList(inner)) out = inner.map((entry, i) => copy(entry, [...at, i]));
      else {
        const map: Record<string, unknown> = Object.create(null);
        for (const key of read.keys(inner).sort(compareStrings)) map[key] = copy(read.get(inner, key), [...at, key]);
        out = map;
      }
      entered.delete(inner);
      return out;
    }
    const what = nonJson(inner);
    if (what !== null) problem = { at, message: `is ${what}, which JSON cannot carry` };
    return inner;
  };
  try {
    const json = copy(value, []);
    if (cycle) return { problem: null };
    return problem !== null ? { problem } : { json };
  } catch (error) {
    if (error instanceof RangeError) return { problem: null };
    throw error;
  }
}
