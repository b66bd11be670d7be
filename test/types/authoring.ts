// Typed authoring, checked by `tsc --noEmit -p test/types` against the published
// declarations (dist/index.d.ts): every line marked @ts-expect-error must fail to compile,
// and every other line must compile. Run by test/tool-authoring.test.ts in `npm test`.

import { actionNames, defineTool, fetchSchema, fetchSchemas, type ActionNameOf, type ActionsMap, type Tool } from "../../dist/index.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// ---------------------------------------------------------------------------------------
// The tool's literal name and its action names survive, in every form of actions.

const method = defineTool({
  name: "catalogue",
  description: "Search and order",
  actions() {
    return {
      query: { description: "Search", properties: { q: { type: "string" } }, required: ["q"] },
      order: { description: "Order one", properties: {} },
    };
  },
});

const catalogueName: "catalogue" = method.name;
// @ts-expect-error: the name is the literal "catalogue", not any string.
const otherName: "orders" = method.name;

fetchSchema(method, "query");
fetchSchema(method, "order");
// @ts-expect-error: "quer" is no action of the tool.
fetchSchema(method, "quer");

const names: Equal<ActionNameOf<typeof method>, "query" | "order"> = true;
const listed: ("query" | "order")[] = actionNames(method);
const schemas: Map<"query" | "order", unknown> = fetchSchemas(method);

const arrow = defineTool({
  name: "arrow",
  description: "Arrow form",
  actions: () => ({ lookup: { description: "Look up", properties: {} } }),
});
fetchSchema(arrow, "lookup");
// @ts-expect-error: "look_up" is no action of the tool.
fetchSchema(arrow, "look_up");

const map = defineTool({
  name: "map",
  description: "Map form",
  actions: { ping: { description: "Ping", properties: {} } },
});
const mapName: "map" = map.name;
fetchSchema(map, "ping");
// @ts-expect-error: "pong" is no action of the tool.
fetchSchema(map, "pong");

// A tool typed only as Tool knows no names: any string is accepted (and checked at run time).
declare const plain: Tool;
fetchSchema(plain, "anything");
const plainNames: Equal<ActionNameOf<Tool>, string> = true;

// A Map of actions compiles; its names are what the Map's key type says.
const fromMap = defineTool({
  name: "from_map",
  description: "Actions in a Map",
  actions: () => new Map([["ping", { description: "Ping", properties: {} }]]),
});
fetchSchema(fromMap, "ping");

// ---------------------------------------------------------------------------------------
// An unknown key is refused in an actions() function's returned literal, as in the map.

defineTool({
  // @ts-expect-error: "requried" is no key of an action schema (a method returning the map).
  name: "misspelt_method",
  description: "d",
  actions() {
    return { query: { description: "Search", properties: {}, requried: [] } };
  },
});

defineTool({
  // @ts-expect-error: "requried" is no key of an action schema (an arrow returning the map).
  name: "misspelt_arrow",
  description: "d",
  actions: () => ({ query: { description: "Search", properties: {}, requried: ["q"] } }),
});

defineTool({
  // @ts-expect-error: "requried" is no key of an action schema (the map itself).
  name: "misspelt_map",
  description: "d",
  actions: { query: { description: "Search", properties: {}, requried: [] } },
});

defineTool({
  // @ts-expect-error: one bad action among good ones is enough.
  name: "misspelt_second_action",
  description: "d",
  actions() {
    return { good: { description: "Good", properties: {} }, bad: { description: "Bad", properties: {}, note: "" } };
  },
});

// The vocabulary's other rules still hold in a returned literal.
defineTool({
  // @ts-expect-error: description must be a string.
  name: "wrong_type",
  description: "d",
  actions() {
    return { query: { description: 5, properties: {} } };
  },
});

defineTool({
  // @ts-expect-error: properties is mandatory.
  name: "missing_properties",
  description: "d",
  actions: () => ({ query: { description: "Search" } }),
});

// @ts-expect-error: the tool's description is mandatory.
defineTool({ name: "no_description", actions: {} });

// Every key of the vocabulary is accepted, and an annotated actions() still works.
defineTool({
  name: "full",
  description: "Every key",
  actions(): ActionsMap {
    return {
      all: {
        description: "All keys",
        properties: { a: { type: "string" }, b: { type: "integer" } },
        required: ["a"],
        required_one_of: [["a", "b"]],
        defaults: { b: 1 },
        notes: "More\nlines",
        related: ["all"],
        examples: [{ a: "x" }],
      },
    };
  },
});

// ---------------------------------------------------------------------------------------
// What `satisfies Tool` (or `: Tool`) catches without defineTool, as docs/library.md's "Library"
// section says: the shape of what actions() returns, and unknown keys of the map form, but
// not an unknown key of the literal actions() returns, which only defineTool and the linter catch.

export const satisfiesShape = {
  name: "shape",
  description: "Shape",
  // @ts-expect-error: properties is mandatory, in a returned map too.
  actions() {
    return { query: { description: "Search" } };
  },
} satisfies Tool;

export const satisfiesMap = {
  name: "map_form",
  description: "Map form",
  // @ts-expect-error: "requried" is no key of an action schema (the map form is a literal written against Tool).
  actions: { query: { description: "Search", properties: {}, requried: [] } },
} satisfies Tool;

// Compiles: TypeScript checks no excess key of a function's returned literal (the linter reports it).
export const satisfiesReturned = {
  name: "returned",
  description: "Returned",
  actions() {
    return { query: { description: "Search", properties: {}, requried: [] } };
  },
} satisfies Tool;

export const used = [catalogueName, otherName, names, listed, schemas, mapName, plainNames];
