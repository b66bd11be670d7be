// The key-set walk (docs/checks.md): validation reaches exactly what the product
// interprets. From `properties` it visits each property schema and, inside any visited
// schema, its "properties", a single-schema "items" and a schema "additionalProperties",
// holding every visited map to the shape the closure is read from. Iterative, so nesting
// of any depth cannot overflow the stack; an object met again while it is still being
// walked is a `cycle`, and one met again after (a shared subschema) is walked only once
// per role (as a "properties" map, as a schema: the two are held to different shapes).
// Where sharing or a cycle is met, keys are walked in code-unit order, so where a shared
// map is reported, and which edge of a cycle is, never depends on the input's key order.
// The schemas it visits are handed to the advisory checks, which read the same surface.
// A plain MCP tool's schemas may be booleans wherever JSON Schema takes a schema (`true`,
// `false`): accepted there and not walked, as no Wymcp rule applies to them
// (docs/plain-tools.md); an action's are maps, as Wymcp reads them.

import { wrongKeyType, wrongType } from "./drafts.js";
import { inspectString } from "../text/escape.js";
import { renderLocation } from "./render-location.js";
import { isList, sortedStringKeys, type MapLike, type MapReader } from "./map.js";
import type { Draft } from "./offence.js";
import { materialize, type LinkedPath } from "./path.js";
import { appendAll } from "./append.js";
import { CappedDrafts } from "./offence-cap.js";

type Kind = "properties" | "schema";

interface Visit {
  readonly kind: Kind;
  readonly map: MapLike;
  readonly at: LinkedPath;
  /** Set once the map's children are queued: popping it again means leaving the map. */
  leaving: boolean;
}

const SCHEMA_FIX = `Write a schema map, e.g. {"type": "string"}; write {} for one that accepts anything.`;

/** The keywords the walk reads in a schema, in code-unit order. */
const WALKED_KEYWORDS = ["additionalProperties", "items", "properties"] as const;

/**
 * Drafts for the `properties` map of an action schema and everything the walk reaches
 * below it. Plain JSON data is a tree: one walk, no bookkeeping. Other input is walked
 * once in its key order with cycle and sharing bookkeeping; only when a map is met twice
 * does where it is reported depend on that order, and the walk is redone in code-unit order.
 * `walkedSchemas` receives every schema the (last) walk visited, each once, in visiting
 * order: the advisory checks read the same surface without walking it again.
 */
export function propertiesDrafts(properties: MapLike, read: MapReader, walkedSchemas: WalkedSchema[] = [], booleanSchemas = false): Draft[] {
  const first = walk(properties, read, booleanSchemas);
  const last = first.revisited ? walk(properties, { ...read, keys: sortedStringKeys }, booleanSchemas) : first;
  appendAll(walkedSchemas, last.schemas);
  return last.drafts;
}

/**
 * One walk. Input that is not plain data (a module's objects) may share maps, form cycles
 * and hold symbol keys, so the walk keeps the sets that notice; plain data needs none.
 */
function walk(properties: MapLike, read: MapReader, booleanSchemas: boolean): { drafts: Draft[]; revisited: boolean; schemas: WalkedSchema[] } {
  const state = new Walk(read, !read.plainData, booleanSchemas);
  state.run(properties);
  return { drafts: state.drafts.list(), revisited: state.revisited, schemas: state.schemas };
}

class Walk {
  // Deep input can hold an offence per level: past the cap they are counted (offence-cap.ts).
  readonly drafts = new CappedDrafts();
  readonly schemas: WalkedSchema[] = [];
  revisited = false;
  private readonly stack: Visit[] = [];
  // Maps on the way down from the root (a cycle closes on one), and maps already walked,
  // per role: a map shared as a "properties" map and as a schema is held to both shapes.
  private readonly walking: Set<object> | null;
  private readonly walked: { readonly [K in Kind]: Set<object> } | null;

  constructor(
    private readonly read: MapReader,
    general: boolean,
    /** A plain tool's walk: a boolean is a schema (see above). */
    private readonly booleanSchemas: boolean,
  ) {
    this.walking = general ? new Set() : null;
    this.walked = general ? { properties: new Set(), schema: new Set() } : null;
  }

  run(properties: MapLike): void {
    const { stack, walking, walked } = this;
    stack.push({ kind: "properties", map: properties, at: { parent: null, segment: "properties" }, leaving: false });
    while (stack.length > 0) {
      const visit = stack.pop() as Visit;
      if (walking !== null && walked !== null) {
        if (visit.leaving) {
          walking.delete(visit.map);
          continue;
        }
        if (walked[visit.kind].has(visit.map)) {
          this.revisited = true;
          continue;
        }
        walking.add(visit.map);
        walked[visit.kind].add(visit.map);
        visit.leaving = true;
        stack.push(visit);
      }
      if (visit.kind === "properties") {
        this.visitProperties(visit.map, visit.at);
      } else {
        this.schemas.push(visit.at as WalkedSchema);
        this.visitSchema(visit.map, visit.at);
      }
    }
  }

  /** Queue `child` (found under `key` of the map at `at`) unless it closes a cycle or was walked. */
  private enter(kind: Kind, child: MapLike, at: LinkedPath, key: string): void {
    if (this.walking?.has(child)) {
      this.revisited = true;
      this.drafts.add(() => {
        const path = materialize(at);
        return {
          code: "cycle",
          path,
          target: { path: [...path, key], part: "value" },
          message: `${inspectString(key)} at ${renderLocation(path) || "the action schema"} refers back to a map that encloses it`,
          fix: "Make the declaration a tree: copy the shared schema instead of referring back to an enclosing one.",
        };
      });
      return;
    }
    if (this.walked?.[kind].has(child)) {
      this.revisited = true;
      return;
    }
    // A schema's place is its WalkedSchema, which the advisory checks receive.
    const place: WalkedSchema | LinkedPath = kind === "schema" ? { parent: at, segment: key, schema: child } : { parent: at, segment: key };
    this.stack.push({ kind, map: child, at: place, leaving: false });
  }

  // Children are queued last key first, so the stack hands them out in key order.
  private visitProperties(map: MapLike, at: LinkedPath): void {
    const { read } = this;
    for (const key of read.nonStringKeys(map)) this.drafts.add(() => wrongKeyType(materialize(at), key, "a property name"));
    const keys = read.keys(map);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      const schema = read.get(map, key);
      if (read.isMap(schema)) {
        this.enter("schema", schema, at, key);
      } else if (!(this.booleanSchemas && typeof schema === "boolean")) {
        this.drafts.add(() => {
          const path = materialize(at);
          return wrongType(path, [...path, key], `property schema ${inspectString(key)}`, "a map", schema, SCHEMA_FIX);
        });
      }
    }
  }

  private visitSchema(map: MapLike, at: LinkedPath): void {
    const { read } = this;
    for (const key of read.nonStringKeys(map)) this.drafts.add(() => wrongKeyType(materialize(at), key, "a schema key"));
    for (let i = WALKED_KEYWORDS.length - 1; i >= 0; i--) {
      const key = WALKED_KEYWORDS[i] as (typeof WALKED_KEYWORDS)[number];
      if (!read.has(map, key)) continue;
      const value = read.get(map, key);
      if (key === "properties") {
        if (read.isMap(value)) this.enter("properties", value, at, key);
        else this.drafts.add(() => schemaKeyWrongType(at, key, "a map of property names to schemas", value, `Write "properties" as a map, e.g. {"name": {"type": "string"}}.`));
      } else if (key === "items") {
        if (read.isMap(value)) this.enter("schema", value, at, key);
        else if (!isList(value) && !(this.booleanSchemas && typeof value === "boolean"))
          this.drafts.add(() => schemaKeyWrongType(at, key, "a schema map (or a list, for tuples)", value, `Write "items" as a schema, e.g. {"type": "string"}.`));
      } else if (read.isMap(value)) {
        this.enter("schema", value, at, key);
      } else if (typeof value !== "boolean") {
        this.drafts.add(() =>
          schemaKeyWrongType(at, key, "a boolean or a schema map", value, `Write "additionalProperties" as true, false, or a schema such as {"type": "string"}.`),
        );
      }
    }
  }
}

function schemaKeyWrongType(at: LinkedPath, key: string, expected: string, value: unknown, fix: string): Draft {
  const path = materialize(at);
  return wrongType(path, [...path, key], inspectString(key), expected, value, fix);
}

/** A schema on the walked surface; as a path node, it is where the schema sits. */
export interface WalkedSchema extends LinkedPath {
  readonly schema: MapLike;
}
