// The published types of a tool declaration and the defineTool() helper for typed
// authoring. ActionSchema's key set and its mandatory/optional split restate the
// vocabulary (vocabulary.ts); test/types.test.ts pins them against it.

/** A schema the key-set walk reads: "properties", a single-schema "items", an "additionalProperties" schema. */
export interface PropertySchema {
  readonly properties?: { readonly [name: string]: PropertySchema };
  readonly items?: PropertySchema | readonly unknown[];
  readonly additionalProperties?: boolean | PropertySchema;
  /** Every other keyword (type, enum, format, anyOf, $ref...) is its own contract. */
  readonly [keyword: string]: unknown;
}

/** An action schema: exactly the vocabulary's keys; description and properties mandatory. */
export interface ActionSchema {
  /** One line saying what the action does (no "\n"). */
  readonly description: string;
  /** Property name → property schema; {} for an action without parameters. */
  readonly properties: { readonly [name: string]: PropertySchema };
  /** Property names a call must supply, each declared in properties. */
  readonly required?: readonly string[];
  /** Groups of property names; a call must supply at least one of each group. */
  readonly required_one_of?: readonly (readonly string[])[];
  /** Default argument values; every key (at any depth) declared by its schema. */
  readonly defaults?: { readonly [name: string]: unknown };
  /** Longer free text; line breaks allowed. */
  readonly notes?: string;
  /** Names of related actions. */
  readonly related?: readonly string[];
  /** Example calls' arguments. */
  readonly examples?: readonly { readonly [name: string]: unknown }[];
}

/** What a tool's actions() returns: action name → action schema. */
export type ActionsMap = { readonly [action: string]: ActionSchema } | ReadonlyMap<string, ActionSchema>;

/** An action-dispatched tool: one name, many actions. */
export interface Tool {
  readonly name: string;
  readonly description: string;
  /** A function returning the actions map (called once per obtaining), or the map itself. */
  readonly actions: ActionsMap | (() => ActionsMap);
}

/**
 * Identity at run time; at compile time it checks the declaration against ActionSchema,
 * unknown keys included. TypeScript checks an actions() function's result less strictly
 * (no excess-key check on an inferred return type): annotate it, `actions(): ActionsMap`.
 */
export function defineTool(tool: Tool): Tool {
  return tool;
}
