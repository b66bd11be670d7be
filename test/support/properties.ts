// The properties the chain must keep for any declaration: each one a fast-check
// property over generated declarations (test/support/arbitraries.ts), shared by
// test/core/properties.test.ts (a few hundred runs each) and the long campaign
// (test/fuzz/campaign.ts). A property fails by throwing; its message says which rule broke.

import { ADVISORY_CHECKS } from "../../src/core/advisory/index.js";
import { CODE_TABLE, type CodeOrigin } from "../../src/core/codes.js";
import assert from "node:assert/strict";
import fc from "fast-check";
import { checkActions } from "../../src/core/chain.js";
import { keySegment } from "../../src/core/drafts.js";
import { ActionSchemaError } from "../../src/core/errors.js";
import { lintActionFile, lintTool } from "../../src/core/lint-tool.js";
import { isList, isMap, mapGet, mapHas, mapKeys, PLAIN_DATA, type MapLike } from "../../src/core/map.js";
import { actionLabel, type Offence } from "../../src/core/offence.js";
import { compareOffences } from "../../src/core/order.js";
import { renderOffenceLine, renderReport } from "../../src/core/report.js";
import { checkTool, validateTool } from "../../src/validate.js";
import { actionSchemaKeys, mandatoryActionSchemaKeys } from "../../src/vocabulary.js";
import { declarationArb, declarationFrom, prng, shuffleDeep, type Declaration, type DeclarationSpec } from "./arbitraries.js";

/** C0, DEL, C1, the line/paragraph separators and the bidi controls (docs/locations.md). */
export const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

const LIST_KEYS: readonly string[] = ["required", "required_one_of", "related", "examples"];

/** Every way the chain is run on a declaration: the tool face, the file face, the bare map. */
function lintAll(d: Declaration): { tool: readonly Offence[]; file: readonly Offence[]; advisory: readonly Offence[]; map: readonly Offence[] | null } {
  return {
    tool: checkTool(d.tool()),
    file: lintActionFile(d.actions, d.fileName).offences,
    // As the CLI lints: with the advisory checks, which read the key-set walk's schemas.
    advisory: lintActionFile(d.actions, d.fileName, { advisory: true }).offences,
    map: isMap(d.actions) ? checkActions(d.actions) : null,
  };
}

/** The actions map each face linted, for walking paths back into the input. */
function faces(d: Declaration): { offences: readonly Offence[]; actions: MapLike | null }[] {
  const { tool, file, advisory, map } = lintAll(d);
  const actions = isMap(d.actions) ? d.actions : null;
  const withoutSchema =
    actions &&
    new Map(
      mapKeys(actions)
        .filter((k) => k !== "$schema")
        .map((k) => [k, mapGet(actions, k)]),
    );
  const out = [
    { offences: tool, actions: isMap(d.toolActions) ? d.toolActions : null },
    { offences: file, actions: withoutSchema },
    { offences: advisory, actions: withoutSchema },
  ];
  if (map) out.push({ offences: map, actions });
  return out;
}

// ---------------------------------------------------------------------------------------
// The checks, each on one built declaration

export function neverThrows(d: Declaration): void {
  const { tool, file, map } = lintAll(d);
  lintTool(d.tool());
  // The report renderers run on whatever came out, too.
  for (const offences of [tool, file, map ?? []]) {
    renderReport(offences, d.fileName);
    for (const o of offences) renderOffenceLine(o, { file: "x.actions.json", tool: d.fileName });
  }
}

export function validateThrowsOnlyActionSchemaError(d: Declaration): void {
  const expected = checkTool(d.tool());
  let thrown: unknown = null;
  let returned: unknown = null;
  try {
    returned = validateTool(d.tool() as never);
  } catch (error) {
    thrown = error;
  }
  // A warning never fails a registration: only an error does.
  if (!expected.some((offence) => offence.severity === "error")) {
    assert.equal(thrown, null, `validateTool threw although checkTool found no error: ${String(thrown)}`);
    assert.ok(returned !== null, "validateTool returns the tool");
    return;
  }
  assert.ok(thrown instanceof ActionSchemaError, `validateTool must throw an ActionSchemaError; threw ${String(thrown)}`);
  assert.equal(JSON.stringify(thrown.offences), JSON.stringify(expected), "the error carries checkTool's offences");
}

function json(d: Declaration): string {
  const { tool, file, advisory, map } = lintAll(d);
  return JSON.stringify({ tool, file, advisory, map });
}

export function deterministic(d: Declaration): void {
  assert.equal(json(d), json(d), "two runs over the same input differ");
}

export function keyOrderIndependent(d: Declaration, seed: number): void {
  const shuffled = declarationFrom(d.spec, shuffleDeep(d.actions, prng(seed)));
  assert.equal(json(shuffled), json(d), "shuffling key order changed the offences");
}

/** Whether `path` walks from `schema` through maps (string keys) and lists (indexes). */
function resolve(root: unknown, path: readonly (string | number)[]): { ok: true; value: unknown } | { ok: false } {
  let current = root;
  for (const segment of path) {
    if (typeof segment === "number") {
      if (!isList(current) || segment < 0 || segment >= current.length) return { ok: false };
      current = current[segment];
    } else {
      if (!isMap(current) || !mapHas(current, segment)) return { ok: false };
      current = mapGet(current, segment);
    }
  }
  return { ok: true, value: current };
}

/** The key a target of part "key" names, as keySegment spells it, is a key of its map. */
function keyExists(container: unknown, segment: string | number): boolean {
  if (isMap(container)) return mapKeys(container).some((k) => keySegment(k) === segment);
  return isList(container) && typeof segment === "number" && segment < container.length;
}

function pathProblem(o: Offence, schema: unknown): string | null {
  const path = o.path;
  if (path.length === 0) {
    if (o.target.path.length === 0) return null; // the action itself (its name, or a non-map schema)
  } else if (path.length === 1) {
    const key = path[0];
    if (typeof key !== "string") return "a one-segment path must be a key";
    if (!isMap(schema)) return "the schema is not a map";
    if (o.code === "missing-key") {
      return (mandatoryActionSchemaKeys() as readonly string[]).includes(key) && !mapHas(schema, key) ? null : "missing-key for a key that is there";
    }
    if (!mapHas(schema, key)) return `the key ${key} is not in the schema`;
    if (o.code === "unknown-key") return (actionSchemaKeys() as readonly string[]).includes(key) ? "unknown-key for a known key" : null;
    const value = mapGet(schema, key);
    if (["duplicate", "undeclared", "empty-group", "superset-group"].includes(o.code) && !(LIST_KEYS.includes(key) && isList(value))) {
      return `a list-entry offence must point at a list-valued key; got ${key}`;
    }
    if (o.target.path.length > 1 && !(isMap(value) || (LIST_KEYS.includes(key) && isList(value)))) return "a one-segment path holding an entry must lead to a map or list";
  } else {
    const found = resolve(schema, path);
    if (!found.ok) return "the path does not exist in the input";
    // An entry of a list at any depth (a nested "required", a "type" list) has the list's path (docs/locations.md).
    const entryOfList = isList(found.value) && o.target.path.length === path.length + 1 && typeof o.target.path[path.length] === "number";
    if (!isMap(found.value) && !entryOfList) return "the path does not lead to a map or to the list holding the entry";
  }
  // The target (what line/column point at) must be there too.
  const target = o.target.path;
  if (o.code === "missing-key") return null;
  if (o.target.part === "value") {
    return resolve(schema, target).ok ? null : "the target does not exist in the input";
  }
  if (target.length === 0) return null;
  const holder = resolve(schema, target.slice(0, -1));
  if (!holder.ok || !keyExists(holder.value, target[target.length - 1] as string | number)) return "the target key does not exist in the input";
  return null;
}

export function pathsExist(d: Declaration): void {
  for (const { offences, actions } of faces(d)) {
    for (const o of offences) {
      if (o.action === null) {
        assert.deepEqual(o.path, [], "a tool-level offence has the empty path");
        continue;
      }
      assert.ok(actions, `an action offence without an actions map: ${o.code}`);
      const keys = mapKeys(actions).filter((k) => actionLabel(k) === o.action);
      assert.ok(keys.length > 0, `offence for an action that does not exist: ${JSON.stringify(o.action)}`);
      const problems = keys.map((k) => pathProblem(o, mapGet(actions, k)));
      assert.ok(problems.includes(null), `${o.code} at ${o.location} (target ${JSON.stringify(o.target)}): ${problems[0]}`);
    }
  }
}

const ADVISORY_CODES: ReadonlySet<string> = new Set(Object.keys(ADVISORY_CHECKS));
const UNGATED: ReadonlySet<CodeOrigin> = new Set(["model-text", "names"]);

export function defaultsGated(d: Declaration): void {
  for (const { offences, actions } of faces(d)) {
    const byAction = new Map<string, Offence[]>();
    for (const o of offences) if (o.action !== null) byAction.set(o.action, [...(byAction.get(o.action) ?? []), o]);
    for (const [action, list] of byAction) {
      // Two keys with one label (1 and "1" in a Map) are two actions: their offences mix.
      if (actions && mapKeys(actions).filter((k) => actionLabel(k) === action).length > 1) continue;
      if (list.some((o) => o.code === "undeclared-default")) {
        // The advisory checks run under the same gate as the defaults check; the model-text and name checks under none.
        const others = list
          .filter((o) => o.code !== "undeclared-default" && !ADVISORY_CODES.has(o.code) && !UNGATED.has(CODE_TABLE[o.code].origin))
          .map((o) => `${o.code} ${o.location}`);
        assert.deepEqual(others, [], `undeclared-default beside other offences in action ${JSON.stringify(action)}`);
      }
    }
  }
}

export function noRawControls(d: Declaration): void {
  for (const { offences } of faces(d)) {
    for (const o of offences) {
      for (const field of ["location", "message", "fix"] as const) {
        assert.doesNotMatch(o[field], RAW_CONTROL, `raw control in ${field}: ${JSON.stringify(o[field])}`);
      }
      // `action` is the raw name by design (docs/report.md); what reaches text is escaped.
      const line = renderOffenceLine(o, { file: "x.actions.json", tool: d.fileName });
      assert.doesNotMatch(line, RAW_CONTROL, `raw control in the text line: ${JSON.stringify(line)}`);
    }
    for (const line of renderReport(offences, d.fileName, 0).split("\n")) {
      assert.doesNotMatch(line, RAW_CONTROL, `raw control in the report: ${JSON.stringify(line)}`);
    }
  }
}

/** The order of docs/report.md, restated independently: tool level first, then action name, then path. */
function specOrder(a: Offence, b: Offence): number {
  if (a.action !== b.action) {
    if (a.action === null) return -1;
    if (b.action === null) return 1;
    return a.action < b.action ? -1 : 1;
  }
  const n = Math.min(a.path.length, b.path.length);
  for (let i = 0; i < n; i++) {
    const x = a.path[i] as string | number;
    const y = b.path[i] as string | number;
    if (x === y) continue;
    if (typeof x !== typeof y) return typeof x === "number" ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return a.path.length - b.path.length;
}

export function sorted(d: Declaration): void {
  for (const { offences } of faces(d)) {
    for (let i = 1; i < offences.length; i++) {
      const a = offences[i - 1] as Offence;
      const b = offences[i] as Offence;
      assert.ok(compareOffences(a, b) <= 0, `out of order (compareOffences): ${a.code} ${a.location} before ${b.code} ${b.location}`);
      assert.ok(specOrder(a, b) <= 0, `out of the documented order: ${JSON.stringify(a.action)} ${a.location} before ${JSON.stringify(b.action)} ${b.location}`);
    }
  }
}

/** The declaration as JSON would carry it (what a parsed file holds), or null when JSON cannot (cycles, bigints). */
function asParsedJson(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

export function parsedPathAgrees(d: Declaration): void {
  const parsed = asParsedJson(d.actions);
  if (parsed === null) return;
  const general = JSON.stringify(lintActionFile(parsed, d.fileName));
  assert.equal(JSON.stringify(lintActionFile(parsed, d.fileName, { read: PLAIN_DATA })), general, "the parsed fast path disagrees with the general path");
  const advisory = JSON.stringify(lintActionFile(parsed, d.fileName, { advisory: true }));
  assert.equal(JSON.stringify(lintActionFile(parsed, d.fileName, { read: PLAIN_DATA, advisory: true })), advisory, "with the advisory checks, the parsed fast path disagrees");
}

// ---------------------------------------------------------------------------------------
// As fast-check properties

export interface NamedProperty {
  readonly name: string;
  readonly property: () => fc.IProperty<[DeclarationSpec, number]>;
}

function over(check: (d: Declaration, seed: number) => void, options: { readonly links?: boolean } = {}): () => fc.IProperty<[DeclarationSpec, number]> {
  return () => fc.property(declarationArb(options), fc.integer(), (spec, seed) => check(declarationFrom(spec), seed));
}

export const PROPERTIES: readonly NamedProperty[] = [
  { name: "the non-throwing chain (checkTool, checkActions, lintActionFile) never throws", property: over(neverThrows) },
  { name: "validateTool throws only ActionSchemaError, exactly when checkTool finds an error", property: over(validateThrowsOnlyActionSchemaError) },
  { name: "output is deterministic: two runs give identical JSON", property: over(deterministic) },
  { name: "output is independent of key order (shared sub-objects and cycles included)", property: over(keyOrderIndependent) },
  { name: "every offence's path and target lead to what exists in the input", property: over(pathsExist) },
  { name: "undeclared-default appears in an action only when no other offence of that action does", property: over(defaultsGated) },
  { name: "no raw control character reaches location, message, fix or the text line", property: over(noRawControls) },
  { name: "offences are sorted: compareOffences and the documented order, tool level first", property: over(sorted) },
  { name: "on what JSON can carry, the parsed fast path reports exactly what the general path does", property: over(parsedPathAgrees) },
];

/** Runs per property in `npm test`; FUZZ_RUNS overrides. */
export function runsPerProperty(fallback = 200): number {
  const fromEnv = Number.parseInt(process.env["FUZZ_RUNS"] ?? "", 10);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : fallback;
}
