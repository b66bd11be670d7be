// The published types of a tool declaration and the defineTool() helper for typed
// authoring. ActionSchema's key set and its mandatory/optional split restate the
// vocabulary (vocabulary.ts); test/tool.test.ts pins them against it, and
// test/types/authoring.ts pins what defineTool keeps and refuses.

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

// What an actions entry holds: the map a function returns, or the map (for each member of a union).
type MapOf<A> = A extends () => infer M ? M : A;
// A map's action names (for each member of a union).
type NamesOf<M> = M extends ReadonlyMap<infer K, unknown> ? K & string : keyof M & string;

/** The actions map a tool declares: what its actions() returns, or the map itself. */
export type ActionsOf<T extends Tool> = MapOf<T["actions"]>;

/**
 * The names of a tool's actions, as precisely as its type knows them: the literal keys of a
 * declaration made with defineTool, `string` for a tool typed only as Tool.
 */
export type ActionNameOf<T extends Tool> = NamesOf<ActionsOf<T>>;

// The keys ActionSchema makes mandatory (description, properties), from the type itself.
type MandatoryKey = { [P in keyof ActionSchema]-?: object extends Pick<ActionSchema, P> ? never : P }[keyof ActionSchema];

// One message per mistake in one action's schema: an unknown key, a value of another type
// than ActionSchema gives its key, a mandatory key missing.
type KeyMistake<K extends string, S, P extends string> = P extends keyof ActionSchema
  ? [S[P & keyof S]] extends [ActionSchema[P]]
    ? never
    : `action "${K}": the value of "${P}" is not of the type ActionSchema["${P}"]`
  : `action "${K}" has an unknown key "${P}"`;
type SchemaMistakes<K extends string, S> = S extends object
  ?
      | { [P in keyof S & string]: KeyMistake<K, S, P> }[keyof S & string]
      | { [P in MandatoryKey]: P extends keyof S ? never : `action "${K}" lacks the mandatory key "${P}"` }[MandatoryKey]
  : `action "${K}": its schema is not a map`;
type Mistakes<M> = M extends ReadonlyMap<infer K, infer S> ? SchemaMistakes<K & string, S> : { [K in keyof M & string]: SchemaMistakes<K, M[K]> }[keyof M & string];

/** What defineTool takes before it reads the actions; each action's schema is then checked key by key (Mistakes). */
interface ToolShape {
  readonly name: string;
  readonly description: string;
  readonly actions: object | (() => object);
}

// Nothing when every action schema is an ActionSchema. Else `name` must also be an object
// naming the mistakes, which no string is: the compiler's error then stands at `name`, two
// short lines (`Type '"search"' is not assignable to type '… { readonly mistake: "action
// \"query\" has an unknown key \"requried\"" }'`), where one on `actions` would first print
// the whole function's type. TypeScript checks excess keys only of an object literal written
// against a known type, never of a function's returned literal: hence this check.
type Checked<T extends ToolShape> = [Mistakes<MapOf<T["actions"]>>] extends [never] ? unknown : { readonly name: { readonly mistake: Mistakes<MapOf<T["actions"]>> } };

/**
 * Identity at run time. At compile time it checks the declaration against ActionSchema,
 * unknown keys included, whether actions is the map or a function returning it, and keeps
 * what it is given: the tool's literal name and action names (so `fetchSchema(tool,
 * "serch")` does not compile).
 */
export function defineTool<const T extends ToolShape>(tool: T & Checked<T>): T {
  return tool;
}
