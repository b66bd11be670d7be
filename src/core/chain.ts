// The validation chain for one action: its name, then its schema: the key set (unknown,
// non-string and missing keys), one validator per present vocabulary key, and, gated on
// all of that finding nothing, the defaults check and, when asked, the advisory checks
// (both read a well-formed schema). The
// mandatory-key check used when a schema is obtained runs the same validators.

import { wrongKeyType, wrongType } from "./drafts.js";
import { inspectKey } from "./escape.js";
import { inspectString } from "../text/escape.js";
import { defaultsDrafts } from "./defaults-check.js";
import { ANY_MAP, isMap, mapGet, mapHas, mapKeys, type MapLike, type MapReader } from "./map.js";
import { actionLabel, finalizeOffence, type Draft, type Offence } from "./offence.js";
import { ADVISORY_CHECKS, type AdvisoryContext } from "./advisory/index.js";
import { sortOffences } from "./order.js";
import { unknownKeyDrafts } from "./unknown-key.js";
import { exclusiveRepairs } from "./repair.js";
import type { WalkedSchema } from "./key-set-walk.js";
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

function contextFor(schema: MapLike, read: MapReader, walkedSchemas: WalkedSchema[] = []): ValidatorContext {
  let declared: MapLike | null | undefined;
  return {
    declared: () => (declared === undefined ? (declared = declaredProperties(schema, read)) : declared),
    read,
    has: (key) => read.has(schema, key),
    walkedSchemas,
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
 * schemas the key-set walk visited (ValidatorContext).
 */
export function actionSchemaDrafts(schema: unknown, read: MapReader = ANY_MAP, walkedSchemas: WalkedSchema[] = []): Draft[] {
  if (!read.isMap(schema)) return [notAMapDraft(schema)];
  const drafts: Draft[] = [];
  for (const key of read.nonStringKeys(schema)) drafts.push(wrongKeyType([], key, "an action-schema key"));
  const context = contextFor(schema, read, walkedSchemas);
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

const ADVISORY_CHECK_LIST = Object.values(ADVISORY_CHECKS);

/**
 * The advisory checks over a schema the shape pass found nothing wrong with (so `properties`
 * is a map), given the schemas that pass's key-set walk visited.
 */
function advisoryDrafts(schema: MapLike, read: MapReader, actionNames: ReadonlySet<string>, walkedSchemas: readonly WalkedSchema[]): Draft[] {
  const context: AdvisoryContext = { read, properties: read.get(schema, "properties") as MapLike, actionNames, walkedSchemas };
  const drafts: Draft[] = [];
  for (const check of ADVISORY_CHECK_LIST) appendAll(drafts, check(schema, context));
  return drafts;
}

/**
 * Every offence of one action, the defaults check included when nothing else was found.
 * With `actionNames` (the tool's), the advisory checks run too, gated like the defaults
 * check: only on a schema whose shape pass found nothing.
 */
export function actionOffences(name: unknown, schema: unknown, read: MapReader = ANY_MAP, actionNames?: ReadonlySet<string>): Offence[] {
  const drafts = actionNameDrafts(name);
  const walkedSchemas: WalkedSchema[] = [];
  appendAll(drafts, actionSchemaDrafts(schema, read, walkedSchemas));
  if (drafts.length === 0 && isMap(schema)) {
    if (actionNames !== undefined) appendAll(drafts, advisoryDrafts(schema, read, actionNames, walkedSchemas));
    appendAll(drafts, defaultsDrafts(schema, read));
  }
  const action = actionLabel(name);
  return drafts.map((d) => finalizeOffence(d, action));
}

export interface CheckOptions {
  /**
   * How the actions are read (map.ts): PLAIN_DATA only for a value JSON.parse or parseJson5
   * returned (no cycles, no symbols, no sharing); ANY_MAP, the default, for anything else.
   */
  readonly read?: MapReader;
  /**
   * Also run the advisory checks (core/advisory/), as the CLI does. The library's
   * validating calls leave them out: a warning must not fail a tool's registration.
   */
  readonly advisory?: boolean;
}

/** Every offence of every action in an actions map, sorted. An empty map is a valid tool. */
export function checkActions(actions: MapLike, options: CheckOptions = {}): Offence[] {
  const offences: Offence[] = [];
  const names = mapKeys(actions);
  const actionNames = options.advisory === true ? new Set(names.filter((n): n is string => typeof n === "string")) : undefined;
  for (const name of names) appendAll(offences, actionOffences(name, mapGet(actions, name), options.read, actionNames));
  return sortOffences(offences);
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
