// The library entry point: validating (validateTool throws one ActionSchemaError carrying
// every offence; checkTool returns them) and obtaining (actionNames, fetchSchema,
// fetchSchemas) with malformed-sibling isolation and one actions() call per entry point.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { ActionSchemaError, UnknownActionError, actionNames, checkTool, fetchSchema, fetchSchemas, validateTool, type Offence, type Repair, type Tool } from "../src/index.js";
import { repoPath } from "./support/paths.js";

const healthy = { description: "Search the catalogue", properties: { q: { type: "string" } }, required: ["q"] };

function countingTool(actions: Record<string, unknown>): Tool & { calls: number } {
  const tool = {
    name: "catalogue",
    description: "Search and order",
    calls: 0,
    actions() {
      tool.calls++;
      return actions as never;
    },
  };
  return tool;
}

test("validateTool returns a well-formed tool and throws ActionSchemaError for a malformed one", () => {
  const good = countingTool({ search: healthy });
  assert.equal(validateTool(good), good);
  const bad = countingTool({ search: healthy, order: { description: "Order\nnow", properties: { n: true } } });
  assert.throws(
    () => validateTool(bad),
    (error: unknown) => {
      assert.ok(error instanceof ActionSchemaError);
      assert.equal(error.name, "ActionSchemaError");
      assert.deepEqual(
        error.offences.map((o) => [o.action, o.code, o.location]),
        [
          ["order", "newline", ":description"],
          ["order", "wrong-type", ":properties"],
        ],
      );
      assert.equal(
        error.message,
        [
          "tool catalogue has 2 offences:",
          '  newline  action order at :description: "description" contains a line break ("\\n"). Fix: Keep "description" to one line and move the rest to "notes", where line breaks are allowed.',
          '  wrong-type  action order at :properties: property schema "n" must be a map; got true. Fix: Write a schema map, e.g. {"type": "string"}; write {} for one that accepts anything.',
        ].join("\n"),
      );
      return true;
    },
  );
});

test("checkTool returns the offences without throwing, tool-level ones first", () => {
  const offences = checkTool({ name: "help", description: 5, actions: { a: { description: "d" } } });
  assert.deepEqual(
    offences.map((o) => [o.action, o.code]),
    [
      [null, "tool-shape"],
      [null, "reserved-name"],
      ["a", "missing-key"],
    ],
  );
  assert.ok(offences.every((o) => Object.isFrozen(o) && Object.isFrozen(o.path)));
});

test("only the exact name help is reserved", () => {
  for (const name of ["Help", "helper", "help_desk"]) {
    assert.deepEqual(checkTool({ name, description: "d", actions: {} }), [], name);
  }
  // A space is outside the MCP specification's rule for tool names: that is all that is wrong with " help".
  assert.deepEqual(
    checkTool({ name: " help", description: "d", actions: {} }).map((o) => o.code),
    ["tool-name"],
  );
  assert.deepEqual(
    checkTool({ name: "help", description: "d", actions: {} }).map((o) => o.code),
    ["reserved-name"],
  );
});

test("checkTool reports actions() that throws or returns a Promise, and never throws itself", () => {
  const throwing = {
    name: "t",
    description: "d",
    actions: () => {
      throw new Error("boom\u001b[2J");
    },
  };
  assert.deepEqual(
    checkTool(throwing).map((o) => [o.code, o.message]),
    [["load-error", "actions() threw Error: boom\\u{1B}[2J"]],
  );
  const promising = { name: "t", description: "d", actions: async () => ({}) };
  assert.deepEqual(
    checkTool(promising).map((o) => [o.code, o.message]),
    [["tool-shape", "actions() must return a map of action names to action schemas; got a Promise"]],
  );
  assert.deepEqual(
    checkTool(42).map((o) => o.code),
    ["tool-shape"],
  );
});

test("the message is the report, capped at ten offences per action with a count of the rest", () => {
  const required = Array.from({ length: 14 }, (_, i) => `p${i}`);
  const tool = countingTool({ search: { description: "d", properties: {}, required } });
  const error = (() => {
    try {
      validateTool(tool);
    } catch (e) {
      return e as ActionSchemaError;
    }
    throw new Error("expected a throw");
  })();
  assert.equal(error.offences.length, 14);
  const lines = error.message.split("\n");
  assert.equal(lines.length, 1 + 10 + 1);
  assert.equal(lines.at(-1), "  … and 4 more offences");
});

test("fetchSchema serves a healthy action beside a malformed sibling, with one actions() call", () => {
  const tool = countingTool({ search: healthy, broken: { description: 5 } });
  assert.equal(fetchSchema(tool, "search"), healthy);
  assert.equal(tool.calls, 1);
  assert.throws(
    () => fetchSchema(tool, "broken"),
    (e: unknown) => {
      assert.ok(e instanceof ActionSchemaError);
      assert.deepEqual(
        e.offences.map((o) => [o.action, o.code, o.location]),
        [
          ["broken", "wrong-type", ":description"],
          ["broken", "missing-key", ":properties"],
        ],
      );
      return true;
    },
  );
});

test("fetchSchema checks the mandatory keys with the chain's validators, at every depth", () => {
  const tool = countingTool({ deep: { description: "d", properties: { o: { properties: { i: { items: 3 } } } } } });
  assert.throws(
    () => fetchSchema(tool, "deep"),
    (e: unknown) => {
      assert.ok(e instanceof ActionSchemaError);
      assert.deepEqual(
        e.offences.map((o) => [o.code, o.location]),
        [["wrong-type", ':properties["o"]["properties"]["i"]']],
      );
      return true;
    },
  );
  // Optional keys are not the obtaining check's business: defaults are checked at registration.
  const loose = countingTool({ a: { description: "d", properties: {}, defaults: { undeclared: 1 } } });
  assert.deepEqual(fetchSchema(loose, "a").defaults, { undeclared: 1 });
});

test("an unknown name answers an error naming the valid actions", () => {
  const tool = countingTool({ search: healthy, order: healthy });
  assert.throws(
    () => fetchSchema(tool, "serch"),
    (e: unknown) => {
      assert.ok(e instanceof UnknownActionError);
      assert.equal(e.message, 'unknown action "serch"; valid actions: "search", "order"');
      assert.deepEqual(e.validActions, ["search", "order"]);
      return true;
    },
  );
});

test("fetchSchemas returns every schema, or fails naming every bad action", () => {
  const good = countingTool({ search: healthy, order: healthy });
  assert.deepEqual([...fetchSchemas(good).keys()], ["search", "order"]);
  assert.equal(good.calls, 1);
  const bad = countingTool({ search: healthy, b: { properties: {} }, a: 7 });
  assert.throws(
    () => fetchSchemas(bad),
    (e: unknown) => {
      assert.ok(e instanceof ActionSchemaError);
      assert.deepEqual(
        e.offences.map((o) => [o.action, o.code]),
        [
          ["a", "wrong-type"],
          ["b", "missing-key"],
        ],
      );
      return true;
    },
  );
});

test("actionNames obtains names only, from one actions() call, whatever the schemas hold", () => {
  const tool = countingTool({ search: healthy, broken: 5 });
  assert.deepEqual(actionNames(tool), ["search", "broken"]);
  assert.equal(tool.calls, 1);
  const mapTool = { name: "m", description: "d", actions: new Map([["x", healthy]]) };
  assert.deepEqual(actionNames(mapTool), ["x"]);
  assert.equal(fetchSchema(mapTool, "x"), healthy);
});

test("ActionSchemaError carries the tool's name, from validating and from obtaining alike", () => {
  const bad = countingTool({ order: { description: "Order" } });
  for (const attempt of [() => validateTool(bad), () => fetchSchemas(bad)]) {
    assert.throws(attempt, (error: unknown) => error instanceof ActionSchemaError && error.tool === "catalogue");
  }
  assert.throws(
    () => validateTool({ name: "", description: "d", actions: () => ({ x: {} }) } as never),
    (error: unknown) => error instanceof ActionSchemaError && error.tool === null,
  );
});

test("a list where one tool is expected is one tool-shape offence saying a module declares one tool", () => {
  const offences = checkTool([countingTool({}), countingTool({})]);
  assert.deepEqual(
    offences.map((o) => [o.code, o.message]),
    [["tool-shape", "expected one tool; got a list of 2 values (a module declares one tool, as its default export or its named exports)"]],
  );
});

// Every field of the public Offence type, as the compiler holds it to the type.
const OFFENCE_FIELDS: { readonly [K in keyof Required<Offence>]: true } = {
  code: true,
  severity: true,
  action: true,
  path: true,
  location: true,
  message: true,
  fix: true,
  target: true,
  line: true,
  column: true,
  exact: true,
  file: true,
  via: true,
  repair: true,
  edits: true,
  syntaxError: true,
  client: true,
  formats: true,
};

const REPAIR_KINDS: { readonly [K in Repair["kind"]]: true } = { "rename-key": true, "remove-entry": true, "delete-hidden": true, "split-to-notes": true };

test("docs/library.md documents every field of the public Offence type, repair's kinds included", () => {
  const doc = readFileSync(repoPath("docs/library.md"), "utf8");
  const section = doc.slice(doc.indexOf("## Offences"), doc.indexOf("## Obtaining"));
  for (const field of Object.keys(OFFENCE_FIELDS)) assert.match(section, new RegExp(`\`${field}\``), `docs/library.md lacks ${field}`);
  for (const kind of Object.keys(REPAIR_KINDS)) assert.ok(section.includes(`"${kind}"`), `docs/library.md lacks repair kind ${kind}`);
});
