// The one code home of the action-schema vocabulary: the keys an action schema may carry,
// in catalogue order, and which of them are mandatory. Everything else that states the
// vocabulary (the validator registry, the ActionSchema type, schemas/, the docs catalogue)
// is derived from these accessors or pinned against them by test/vocabulary.test.ts.

const ACTION_SCHEMA_KEYS = ["description", "properties", "required", "required_one_of", "defaults", "notes", "related", "examples"] as const;

const MANDATORY_ACTION_SCHEMA_KEYS = ["description", "properties"] as const;

/** A key of the action-schema vocabulary. */
export type ActionSchemaKey = (typeof ACTION_SCHEMA_KEYS)[number];

/** A key every action schema must carry. */
export type MandatoryActionSchemaKey = (typeof MANDATORY_ACTION_SCHEMA_KEYS)[number];

/** The vocabulary, in catalogue order. */
export function actionSchemaKeys(): readonly ActionSchemaKey[] {
  return ACTION_SCHEMA_KEYS;
}

/** The keys an action schema must carry, in catalogue order. */
export function mandatoryActionSchemaKeys(): readonly MandatoryActionSchemaKey[] {
  return MANDATORY_ACTION_SCHEMA_KEYS;
}

/** Whether `key` belongs to the vocabulary (own-string comparison, prototype-safe). */
export function isActionSchemaKey(key: unknown): key is ActionSchemaKey {
  return typeof key === "string" && KEY_SET.has(key);
}

const KEY_SET: ReadonlySet<string> = new Set(ACTION_SCHEMA_KEYS);
