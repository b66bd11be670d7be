// invalid-schema: a schema its dialect's meta-schema rejects ("type": "str", "enum": [],
// "minLength": -1, "additionalProperties": "no"): validators refuse to compile it, or read it
// as something else. Each property schema is validated whole, or a plain tool's inputSchema
// (the roots, context.ts), by ajv's standalone validators of the meta-schemas, compiled when
// the linter is built (meta-schemas/). The root's "$schema" names the dialect (json-schema/
// dialect.ts): draft-07 or 2020-12; without one, draft-07, which most generators write and
// which accepts the tuple "items" the chain does, and so with one that is no string, which
// the draft-07 meta-schema then reports; any other dialect is not validated. One offence per
// rejected place, the deepest: a list of alternatives (anyOf) that failed is reported where
// its branches failed. The plain tool's own "required" and the entries the nested-required
// checks report are left to those.

import { createRequire } from "node:module";
import { inspectString } from "../../text/escape.js";
import { describeValue } from "../escape.js";
import { isList, type MapReader } from "../map.js";
import type { Draft } from "../offence.js";
import { compareStrings, materialize, type Path, type PathSegment } from "../path.js";
import type { AdvisoryCheck } from "./context.js";
import { plainlyValid } from "./plainly-valid.js";
import { type Dialect, dialectOf, namedDialect } from "../json-schema/dialect.js";

interface MetaError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string;
  readonly params: { readonly allowedValues?: readonly unknown[] };
}
type MetaValidator = ((data: unknown) => boolean) & { errors?: readonly MetaError[] | null };

/** The validator of each dialect, by the name of its file in meta-schemas/. */
const validators = new Map<Dialect, MetaValidator>();

/**
 * The validator of `dialect`, loaded at its first use: the two are most of the chain's code
 * and most runs find every schema plainly valid, so a run that needs neither never loads them
 * (bench/README.md). The path is the same beside the unbundled module and in dist/bundle/.
 */
function validatorOf(dialect: Dialect): MetaValidator {
  let validate = validators.get(dialect);
  if (validate === undefined) {
    validate = (createRequire(import.meta.url)(`./meta-schemas/${dialect}.js`) as { validate: MetaValidator }).validate;
    validators.set(dialect, validate);
  }
  return validate;
}

/** The errors of `schema`, or none when it is nested past what the validator's recursion reaches. */
function metaErrors(validate: MetaValidator, schema: unknown): readonly MetaError[] {
  try {
    return validate(schema) ? [] : (validate.errors ?? []);
  } catch (error) {
    if (error instanceof RangeError) return [];
    throw error;
  }
}

/** The errors worth one offence each: no failed alternative, no place a deeper error explains, each place once. */
function deepest(errors: readonly MetaError[], skip: (error: MetaError) => boolean): Map<string, MetaError[]> {
  const kept = errors.filter((e) => e.keyword !== "anyOf" && e.keyword !== "oneOf" && !skip(e));
  const places = new Map<string, MetaError[]>();
  for (const error of kept) {
    const pointer = error.instancePath;
    if (kept.some((other) => other.instancePath.startsWith(`${pointer}/`))) continue;
    const at = places.get(pointer) ?? [];
    if (!at.some((e) => e.keyword === error.keyword && e.message === error.message)) at.push(error);
    places.set(pointer, at);
  }
  return places;
}

/**
 * A JSON Pointer below `schema` as path segments (list indexes as numbers), cut where the
 * chain's reading of the schema ends: the validator reads a module's values its own way, and
 * an offence only names what is there.
 */
function segments(schema: unknown, pointer: string, read: MapReader): PathSegment[] {
  const out: PathSegment[] = [];
  let at: unknown = schema;
  for (const raw of pointer === "" ? [] : pointer.slice(1).split("/")) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    const index = Number(token);
    if (isList(at) && /^\d+$/.test(token) && index < at.length) {
      out.push(index);
      at = at[index];
    } else if (read.isMap(at) && read.has(at, token)) {
      out.push(token);
      at = read.get(at, token);
    } else break;
  }
  return out;
}

function valueAt(schema: unknown, path: readonly PathSegment[], read: MapReader): unknown {
  let at: unknown = schema;
  for (const segment of path) at = typeof segment === "number" ? (isList(at) ? at[segment] : undefined) : read.isMap(at) ? read.get(at, segment) : undefined;
  return at;
}

/** What the errors at one place say, as one phrase ("type" fails both its forms: a type name, or a list of them). */
function explainedAll(errors: readonly MetaError[]): string {
  const [first, second] = errors;
  if (errors.length === 2 && first?.keyword === "enum" && second?.message === "must be array") return `${explained(first)}, or a list of them`;
  return errors.map(explained).join(", or ");
}

function explained(error: MetaError): string {
  if (error.message === "must be object,boolean") return "must be a schema (a map, or true or false)";
  if (error.message === "must be object") return "must be a map";
  if (error.message === "must be array") return "must be a list";
  if (error.keyword === "enum" && error.params.allowedValues !== undefined) return `must be one of ${error.params.allowedValues.map(describeValue).join(", ")}`;
  return error.message ?? `fails "${error.keyword}"`;
}

export const invalidSchema: AdvisoryCheck = (_schema, { read, roots, document }) => {
  const drafts: Draft[] = [];
  for (const root of roots()) {
    const named = namedDialect(root.schema, read);
    // Most schemas are plainly valid; the validator, which is slower, decides the rest. Without
    // "$schema" a tuple "items" makes the dialect draft-07, which accepts it.
    if (named === null || plainlyValid(root.schema, read, named !== "draft-2020-12")) continue;
    const validate = validatorOf(dialectOf(root.schema, read) as Dialect);
    const plain = root.schema === document;
    // What other checks report: a plain tool's own "required" (the chain), a repeat in any "required" (the nested-required checks).
    const skip = ({ instancePath: at, keyword }: MetaError): boolean =>
      (plain && (at === "/required" || at.startsWith("/required/"))) || (keyword === "uniqueItems" && at.endsWith("/required"));
    const prefix: Path = materialize(root);
    // Errors whose places are cut to the same one (segments) make one offence.
    const places = new Map<string, { inner: PathSegment[]; errors: MetaError[] }>();
    // In pointer order, so merged errors read the same whatever the input's key order.
    const byPointer = [...deepest(metaErrors(validate, root.schema), skip)].sort(([a], [b]) => compareStrings(a, b));
    for (const [pointer, errors] of byPointer) {
      const inner = segments(root.schema, pointer, read);
      const place = JSON.stringify(inner);
      const at = places.get(place);
      if (at === undefined) places.set(place, { inner, errors: [...errors] });
      else for (const error of errors) if (!at.errors.some((e) => e.keyword === error.keyword && e.message === error.message)) at.errors.push(error);
    }
    for (const { inner, errors } of places.values()) {
      const target = [...prefix, ...inner];
      const key = target[target.length - 1];
      drafts.push({
        code: "invalid-schema",
        // An entry of a list ("type": ["str"]) has the list's path, as list entries do (docs/locations.md).
        path: target.slice(0, -1),
        target: { path: target, part: "value" },
        message: `${typeof key === "number" ? `entry ${key}` : inspectString(String(key))} ${explainedAll(errors)}; got ${describeValue(valueAt(root.schema, inner, read))}`,
        fix: "Write the value as the message says: validators reject the schema, or read it as something else.",
      });
    }
  }
  return drafts;
};
