// The validation chain for one action: its name, then its schema: the key set (unknown,
// non-string and missing keys), one validator per present vocabulary key, and, gated on
// all of that finding nothing, the defaults check (it reads a well-formed schema); when
// asked, the advisory checks, each gated only on the keys it reads. What the gate held back
// is recorded (held-back.ts). The mandatory-key check used when a schema is obtained runs
// the same validators. When asked, the checks of the text a model reads (model-text/) run
// too, whatever else was found.

import { wrongKeyType, wrongType } from "./drafts.js";
import { inspectKey } from "./escape.js";
import { inspectString } from "../text/escape.js";
import { defaultsDrafts } from "./defaults-check.js";
import { ANY_MAP, isMap, mapGet, mapHas, mapKeys, type MapLike, type MapReader } from "./map.js";
import { actionLabel, finalizeOffence, type Draft, type Offence } from "./offence.js";
import { ADVISORY_CHECKS, type AdvisoryCheck, type AdvisoryContext, EXAMINES } from "./advisory/index.js";
import { CODE_TABLE, type CodeOf, type Gate, type OffenceCode } from "./codes.js";
import { heldBack, holdsBack, type HeldBack } from "./held-back.js";
import { modelTextDrafts } from "./model-text/index.js";
import { sortOffences } from "./order.js";
import { compareStrings } from "./path.js";
import { unknownKeyDrafts } from "./unknown-key.js";
import { exclusiveRepairs } from "./repair.js";
import { actionToolNameDraft } from "./tool-name.js";
import { confusableNameDraft, confusableWith } from "./confusable-name.js";
import type { WalkedSchema } from "./key-set-walk.js";
import { subschemas, type Subschema } from "./advisory/subschemas.js";
import { VALIDATORS, type ValidatorContext } from "./validators/index.js";
import { isActionSchemaKey, mandatoryActionSchemaKeys, type MandatoryActionSchemaKey } from "../vocabulary.js";
import { appendAll } from "./append.js";

const MISSING_FIX: { readonly [K in MandatoryActionSchemaKey]: string } = {
  description: `Add "description": "<what the action does, on one line>".`,
  properties: `Add "properties": {} and declare each parameter in it (an action without parameters keeps it empty).`,
};

function missingKeyDraft(key: MandatoryActionSchemaKey): Draft {
  return {
    code: "missing-key",
    path: [key],
    target: { path: [], part: "value" },
    message: `missing mandatory key ${inspectString(key)}`,
    fix: MISSING_FIX[key],
  };
}

function notAMapDraft(schema: unknown): Draft {
  return wrongType([], [], "an action schema", "a map", schema, `Write the action schema as a map: {"description": "...", "properties": {}}.`);
}

/** The `properties` map, when it is a map whose keys are all strings (so the declared names are defined). */
function declaredProperties(schema: MapLike, read: MapReader): MapLike | null {
  const properties = read.get(schema, "properties");
  return read.isMap(properties) && read.nonStringKeys(properties).length === 0 ? properties : null;
}

/**
 * A plain MCP tool's parameters (plain-tool.ts), seen as one action: JSON Schema's boolean
 * schemas are accepted where the walk reads a schema, and `root`, its inputSchema once its
 * "type" is right, is read whole by the advisory checks. `namesElsewhere`: the inputSchema
 * may declare a parameter outside its "properties" (a branch, a pattern, a reference), so
 * its "required" is not held to "properties" alone, as a nested one is not
 * (undeclared-required.ts).
 */
export interface PlainParameters {
  readonly root?: Subschema;
  readonly namesElsewhere?: boolean;
  /** The tool's own description, which the stand-in the chain is given replaces (AdvisoryContext.described). */
  readonly description?: unknown;
}

function contextFor(schema: MapLike, read: MapReader, walkedSchemas: WalkedSchema[] = [], plain?: PlainParameters): ValidatorContext {
  let declared: MapLike | null | undefined;
  const namesElsewhere = plain?.namesElsewhere === true;
  return {
    declared: () => (declared === undefined ? (declared = namesElsewhere ? null : declaredProperties(schema, read)) : declared),
    read,
    has: (key) => read.has(schema, key),
    walkedSchemas,
    booleanSchemas: plain !== undefined,
  };
}

function missingKeyDrafts(schema: MapLike): Draft[] {
  const drafts: Draft[] = [];
  for (const key of mandatoryActionSchemaKeys()) if (!mapHas(schema, key)) drafts.push(missingKeyDraft(key));
  return drafts;
}

/**
 * The shape pass over one action schema, in one pass over its keys: a non-string key is a
 * wrong type, a key outside the vocabulary is unknown, a vocabulary key goes to its
 * validator; then each absent mandatory key is missing. `walkedSchemas` receives the
 * schemas the key-set walk visited (ValidatorContext); `plain` for a plain tool's
 * parameters (PlainParameters).
 */
export function actionSchemaDrafts(schema: unknown, read: MapReader = ANY_MAP, walkedSchemas: WalkedSchema[] = [], plain?: PlainParameters): Draft[] {
  if (!read.isMap(schema)) return [notAMapDraft(schema)];
  const drafts: Draft[] = [];
  for (const key of read.nonStringKeys(schema)) drafts.push(wrongKeyType([], key, "an action-schema key"));
  const context = contextFor(schema, read, walkedSchemas, plain);
  const unknown: string[] = [];
  for (const key of read.keys(schema)) {
    if (isActionSchemaKey(key)) appendAll(drafts, VALIDATORS[key](read.get(schema, key), context));
    else unknown.push(key);
  }
  appendAll(
    drafts,
    unknownKeyDrafts(unknown, (key) => read.has(schema, key)),
  );
  appendAll(drafts, missingKeyDrafts(schema));
  return exclusiveRepairs(drafts);
}

/** The action name: a string on one line. */
export function actionNameDrafts(name: unknown): Draft[] {
  if (typeof name !== "string") {
    return [
      {
        code: "wrong-type",
        path: [],
        target: { path: [], part: "key" },
        message: `action name must be a string; got ${inspectKey(name)}`,
        fix: 'Use a string key for the action, e.g. "search".',
      },
    ];
  }
  if (!name.includes("\n")) return [];
  return [
    {
      code: "newline",
      path: [],
      target: { path: [], part: "key" },
      message: `action name ${inspectString(name)} contains a line break ("\\n")`,
      fix: "Rename the action to one line, e.g. snake_case words.",
    },
  ];
}

// Each advisory check with its gate, from its record (codes.ts), in the code table's order.
const ADVISORY_CHECK_LIST = (Object.entries(ADVISORY_CHECKS) as [CodeOf<"advisory">, AdvisoryCheck][]).map(([code, check]) => ({
  code,
  check,
  gate: CODE_TABLE[code].gate as Gate,
}));

// Offences that leave a value of the wrong shape: a check reading it cannot run. The others
// (a repeat, an undeclared name, an unknown key…) leave every value well typed.
const SHAPE_CODES: ReadonlySet<OffenceCode> = new Set(["wrong-type", "missing-key", "cycle"]);

// The defaults check's gate: it reads "defaults" and the closure from "properties", once its action has no other offence.
const DEFAULTS_GATE: Gate = CODE_TABLE["undeclared-default"].gate;

/** The keys whose chain offences hold a gated check back; null: any chain offence of its action. */
const heldOn = (gate: Gate): readonly string[] | null => (gate.by === "keys" ? gate.reads : null);

// An empty "properties" for the advisory checks that do not read it (each reads only its keys).
const NO_PROPERTIES: MapLike = Object.freeze(Object.create(null) as MapLike);

/** Whether a check held back is recorded, given what it would find (null: unknown, its values are malformed) and whether the action holds anything it examines. */
function recorded(gate: Gate, withheld: readonly Offence[] | null, examines: () => boolean): boolean {
  if (gate.quiet === undefined) return true;
  return withheld === null ? gate.quiet === "unless-clean" && examines() : withheld.length > 0;
}

/** Whether the offences leave the keys a check reads well typed, so it can run. */
function wellTyped(offences: readonly Offence[], reads: readonly string[]): boolean {
  return !offences.some((o) => SHAPE_CODES.has(o.code) && reads.includes(String(o.path[0])));
}

/** What the advisory checks read (AdvisoryContext); `plain` for a plain tool's parameters (PlainParameters). */
function advisoryContext(
  schema: MapLike,
  read: MapReader,
  properties: MapLike,
  actionNames: ReadonlySet<string>,
  walkedSchemas: readonly WalkedSchema[],
  plain: PlainParameters | undefined,
): AdvisoryContext {
  const plainRoot = plain?.root;
  let found: readonly Subschema[] | undefined;
  const all = (): readonly Subschema[] => (found ??= subschemas(walkedSchemas, read, plainRoot ?? null));
  return {
    read,
    properties,
    actionNames,
    walkedSchemas,
    subschemas: all,
    roots: () => (plainRoot !== undefined ? [plainRoot] : all().filter((s) => s.property && s.parent?.parent === null)),
    document: plainRoot?.schema ?? schema,
    described: plain !== undefined ? plain.description : read.get(schema, "description"),
  };
}

/** One action's offences, and the checks the chain's gate held back there. */
export interface ActionLint {
  readonly offences: Offence[];
  readonly heldBack: HeldBack[];
}

/**
 * Every offence of one action: the name and the shape pass; the defaults check when they
 * found nothing; with `actionNames` (the tool's), each advisory check when no chain offence
 * sits on the keys it reads. A gated check that had something to read but did not run is
 * held back (held-back.ts), with what it would find when its inputs are well typed. With
 * `actionNames`, the model-text checks and the name's MCP rule (tool-name) run too, not gated:
 * a description with a line break or a misspelt key reaches the model all the same. `plain`
 * for a plain tool's parameters (PlainParameters), whose text and name are not the chain's.
 */
export function lintAction(name: unknown, schema: unknown, read: MapReader = ANY_MAP, actionNames?: ReadonlySet<string>, plain?: PlainParameters): ActionLint {
  const action = actionLabel(name);
  const walkedSchemas: WalkedSchema[] = [];
  const chain = [...actionNameDrafts(name), ...actionSchemaDrafts(schema, read, walkedSchemas, plain)].map((d) => finalizeOffence(d, action));
  const result: ActionLint = { offences: [...chain], heldBack: [] };
  const finalize = (drafts: Draft[]): Offence[] => drafts.map((d) => finalizeOffence(d, action));
  // Most checks find nothing: no list is made for them (the chain runs cold, bench/README.md).
  const add = (drafts: Draft[]): void => {
    if (drafts.length > 0) appendAll(result.offences, finalize(drafts));
  };
  // The name against the MCP rule (tool-name.ts): beside the chain, whatever the schema is.
  const named = actionNames !== undefined && typeof name === "string" && plain === undefined ? actionToolNameDraft(name, actionNames) : null;
  if (!read.isMap(schema)) {
    if (named !== null) add([named]);
    return result;
  }
  if (actionNames !== undefined) {
    const properties = declaredProperties(schema, read) ?? NO_PROPERTIES;
    const context = advisoryContext(schema, read, properties, actionNames, walkedSchemas, plain);
    for (const { code, check, gate } of ADVISORY_CHECK_LIST) {
      const blocked = chain.length > 0 && chain.some((o) => holdsBack(o, action, heldOn(gate)));
      if (!blocked) add(check(schema, context));
      else if (read.has(schema, gate.reads[0])) {
        const withheld = wellTyped(chain, gate.reads) ? finalize(check(schema, context)) : null;
        if (recorded(gate, withheld, () => EXAMINES[code]?.(schema, read) ?? true)) result.heldBack.push(heldBack(action, code, heldOn(gate), chain, withheld));
      }
    }
  }
  if (chain.length === 0) add(defaultsDrafts(schema, read));
  else if (read.has(schema, DEFAULTS_GATE.reads[0])) {
    const withheld = wellTyped(chain, DEFAULTS_GATE.reads) ? finalize(defaultsDrafts(schema, read)) : null;
    result.heldBack.push(heldBack(action, "undeclared-default", heldOn(DEFAULTS_GATE), chain, withheld));
  }
  // A plain tool's text and name are checked on its whole entry instead (plain-tool.ts), where its real description is.
  if (actionNames !== undefined && typeof name === "string" && plain === undefined) {
    // A repair that would add a key a chain offence's repair adds is left to the author.
    const text = modelTextDrafts(name, schema, read, actionNames);
    if (named !== null) text.push(named);
    if (text.length > 0) add(exclusiveRepairs([...chain, ...text]).slice(chain.length));
  }
  return result;
}

export interface CheckOptions {
  /**
   * How the actions are read (map.ts): PLAIN_DATA only for a value JSON.parse or parseJson5
   * returned (no cycles, no symbols, no sharing); ANY_MAP, the default, for anything else.
   */
  readonly read?: MapReader;
  /**
   * Also run the advisory checks (core/advisory/), the checks of the text a model reads
   * (core/model-text/) and the names' MCP rule (tool-name.ts), as the CLI does. The library's
   * validating calls leave them out: a warning must not fail a tool's registration.
   */
  readonly advisory?: boolean;
}

/** Every offence of one action (lintAction's, without what it held back). */
export function actionOffences(name: unknown, schema: unknown, read: MapReader = ANY_MAP, actionNames?: ReadonlySet<string>, plain?: PlainParameters): Offence[] {
  return lintAction(name, schema, read, actionNames, plain).offences;
}

/** Every offence of every action in an actions map, sorted, and the checks the gate held back. */
export function lintActions(actions: MapLike, options: CheckOptions = {}): { offences: Offence[]; heldBack: HeldBack[] } {
  const offences: Offence[] = [];
  const held: HeldBack[] = [];
  const names = mapKeys(actions);
  const actionNames = options.advisory === true ? new Set(names.filter((n): n is string => typeof n === "string")) : undefined;
  const confusable = actionNames !== undefined ? confusableWith(names) : [];
  names.forEach((name, index) => {
    const one = lintAction(name, mapGet(actions, name), options.read, actionNames);
    appendAll(offences, one.offences);
    appendAll(held, one.heldBack);
    const like = confusable[index] ?? null;
    if (like !== null) offences.push(finalizeOffence(confusableNameDraft(name as string, like, "action", { path: [], part: "key" }), actionLabel(name)));
  });
  // In the report's order: by action, whatever the key order of the input.
  held.sort((a, b) => compareStrings(a.action, b.action) || compareStrings(a.check, b.check));
  return { offences: sortOffences(offences), heldBack: held };
}

/** Every offence of every action in an actions map, sorted. An empty map is a valid tool. */
export function checkActions(actions: MapLike, options: CheckOptions = {}): Offence[] {
  return lintActions(actions, options).offences;
}

/**
 * The obtaining check: the schema is a map carrying its mandatory keys, each passing the
 * chain's own validator (so carrying `properties` means a shape that passes at every depth).
 */
export function mandatoryKeyOffences(name: unknown, schema: unknown): Offence[] {
  let drafts: Draft[];
  if (isMap(schema)) {
    const context = contextFor(schema, ANY_MAP);
    drafts = missingKeyDrafts(schema);
    for (const key of mandatoryActionSchemaKeys()) if (mapHas(schema, key)) appendAll(drafts, VALIDATORS[key](mapGet(schema, key), context));
  } else {
    drafts = [notAMapDraft(schema)];
  }
  return sortOffences(drafts.map((d) => finalizeOffence(d, actionLabel(name))));
}
