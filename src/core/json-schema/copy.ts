// A schema document copied for the validator (validator.ts), which reads plain objects, records
// what it finds on them (so it must not be given the input's own), and knows no dialect beyond
// a few rules. The copy holds what validation reads, as each root's dialect reads it
// (dialect.ts): keywords of other dialects left out, "format" kept only where it is asserted
// and names a format of the dialect, an "$id" beside a draft-07 "$ref" (which ignores its
// siblings) left out, annotations ("default", "examples", "description"…) left out, and a
// false schema written as {"not": {}}, which means the same and tells where it failed.
// Recursive: a document nested deeper than the stack reaches is not copied (the validator,
// which recurses too, could not judge it either).

import { ANNOTATION_KEYWORDS } from "../json-schema-keywords.js";
import { isList, type MapLike, type MapReader } from "../map.js";
import { DIALECTS, type DialectFacts, type FormatsReading, dialectOf } from "./dialect.js";

/** What the copy of one schema map is, and by which dialect it was copied. */
export interface CopiedSchema {
  readonly copy: object;
  readonly dialect: DialectFacts;
}

export interface CopiedDocument {
  /** The document's copy, which "#" points at. */
  readonly root: object;
  /** Each schema map of the document (by the original) that was copied, with its dialect. */
  readonly schemas: ReadonlyMap<unknown, CopiedSchema>;
  /** The copies that stand for a false schema. */
  readonly falseSchemas: ReadonlySet<object>;
  /** Whether a "format" of its root's dialect was met: the other reading of "format" may then judge otherwise. */
  readonly formats: boolean;
  /** Whether a reference was met (the validator's lookup must then be built). */
  readonly references: boolean;
  /** The copies that name an anchor, with its name (the lookup is checked to resolve each to its own schema). */
  readonly anchors: ReadonlyMap<object, string>;
}

/** A document (or part of it) that cannot be copied: it refers back to itself. */
class Cycle extends Error {}

// How each keyword holds subschemas: one schema, a list of them, or a map of names to them.
const ONE = new Set(["not", "if", "then", "else", "contains", "propertyNames", "additionalItems", "unevaluatedItems", "unevaluatedProperties", "additionalProperties"]);
const LIST = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const NAMED = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
// What the validator treats as a schema wherever it stands (it resolves references into them): the value of any other keyword that is a map.
const DATA = new Set(["enum", "const", "required", "type", "dependentRequired"]);
const REFERENCES = new Set(["$ref", "$recursiveRef", "$dynamicRef"]);

/**
 * The copy of `document` under `reading` of "format": an action schema's (`action`: its
 * "properties" are the roots, each copied by its own dialect) or a plain tool's inputSchema
 * (itself the root). A root of a dialect not judged, or holding a keyword the validator does
 * not implement, is left out. Null when the document cannot be copied (a cycle).
 */
export function copyDocument(document: MapLike, read: MapReader, action: boolean, reading: FormatsReading): CopiedDocument | null {
  const schemas = new Map<unknown, CopiedSchema>();
  const falseSchemas = new Set<object>();
  const entered = new Set<unknown>();
  let formats = false;
  let references = false;
  let unsupported = false;
  const anchors = new Map<object, string>();

  const data = (value: unknown): unknown => {
    if (isList(value)) {
      if (entered.has(value)) throw new Cycle();
      entered.add(value);
      const out = value.map(data);
      entered.delete(value);
      return out;
    }
    if (!read.isMap(value)) return value;
    if (entered.has(value)) throw new Cycle();
    entered.add(value);
    const out: Record<string, unknown> = Object.create(null);
    for (const key of read.keys(value)) out[key] = data(read.get(value, key));
    entered.delete(value);
    return out;
  };

  const schema = (value: unknown, dialect: DialectFacts): unknown => {
    if (value === false) {
      const never = Object.assign(Object.create(null) as Record<string, unknown>, { not: Object.create(null) });
      falseSchemas.add(never);
      return never;
    }
    if (!read.isMap(value)) return data(value);
    const known = schemas.get(value);
    if (known !== undefined) return known.copy;
    if (entered.has(value)) throw new Cycle();
    entered.add(value);
    const out: Record<string, unknown> = Object.create(null);
    const draft07Ref = dialect.draft === "7" && read.has(value, "$ref");
    for (const key of read.keys(value)) {
      if (ANNOTATION_KEYWORDS.has(key) || dialect.foreign.has(key)) continue;
      if (dialect.unsupported.has(key)) unsupported = true;
      const inner = read.get(value, key);
      if (key === "format") {
        const named = typeof inner === "string" && dialect.formatNames.has(inner);
        formats ||= named;
        if (named && reading === "assert") out[key] = inner;
      } else if (REFERENCES.has(key)) {
        references = true;
        out[key] = data(inner);
      } else if (draft07Ref && key === "$id") {
        // draft-07 ignores a "$ref"'s siblings, "$id" included: it changes no base URI.
      } else if (ONE.has(key) || (key === "items" && !isList(inner))) {
        out[key] = schema(inner, dialect);
      } else if ((LIST.has(key) || key === "items") && isList(inner)) {
        out[key] = inner.map((entry) => schema(entry, dialect));
      } else if (NAMED.has(key) || key === "dependencies") {
        out[key] = named(inner, dialect);
      } else if (DATA.has(key) || !read.isMap(inner)) {
        out[key] = data(inner);
      } else {
        out[key] = schema(inner, dialect);
      }
    }
    entered.delete(value);
    schemas.set(value, { copy: out, dialect });
    const anchor = anchorOf(value, read, dialect);
    if (anchor !== null) anchors.set(out, anchor);
    return out;
  };

  const named = (value: unknown, dialect: DialectFacts): unknown => {
    if (!read.isMap(value)) return data(value);
    const out: Record<string, unknown> = Object.create(null);
    for (const key of read.keys(value)) {
      const inner = read.get(value, key);
      // A "dependencies" entry is a schema or a list of names.
      out[key] = isList(inner) ? data(inner) : schema(inner, dialect);
    }
    return out;
  };

  /** A root by its own dialect, or undefined when it is not judged. */
  const root = (value: unknown): unknown => {
    if (!read.isMap(value)) return typeof value === "boolean" ? schema(value, DIALECTS["draft-07"]) : data(value);
    const dialect = dialectOf(value, read);
    if (dialect === null) return undefined;
    const before = schemas.size;
    unsupported = false;
    const copied = schema(value, DIALECTS[dialect]);
    if (!unsupported) return copied;
    // Left out whole: what was copied for it alone is not judged either.
    let index = 0;
    for (const original of [...schemas.keys()]) if (index++ >= before) schemas.delete(original);
    return undefined;
  };

  try {
    if (!action) {
      const copied = root(document);
      return copied === undefined ? null : { root: copied as object, schemas, falseSchemas, formats, references, anchors };
    }
    const out: Record<string, unknown> = Object.create(null);
    const properties = read.get(document, "properties");
    if (read.isMap(properties)) {
      const copies: Record<string, unknown> = Object.create(null);
      for (const name of read.keys(properties)) {
        const copied = root(read.get(properties, name));
        if (copied !== undefined) copies[name] = copied;
      }
      out["properties"] = copies;
    }
    if (read.has(document, "required")) out["required"] = data(read.get(document, "required"));
    return { root: out, schemas, falseSchemas, formats, references, anchors };
  } catch (error) {
    if (error instanceof Cycle || error instanceof RangeError) return null;
    throw error;
  }
}

/** The anchor a schema names: 2020-12's "$anchor", draft-07's fragment-only "$id" ("#name"); null for none. */
function anchorOf(schema: MapLike, read: MapReader, dialect: DialectFacts): string | null {
  const anchor = read.get(schema, dialect.draft === "7" ? "$id" : "$anchor");
  if (typeof anchor !== "string") return null;
  if (dialect.draft !== "7") return anchor;
  return anchor.startsWith("#") && anchor.length > 1 ? anchor.slice(1) : null;
}
