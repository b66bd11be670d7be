// src/locate/declaration-places.ts: the paths of a declaration's top-level values, and their
// places by the locator of each kind: exact where written, the enclosing entry (exact: false)
// where a module builds the value at run time, left out where there is none (an action file's
// name and description, which its file name gives).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { declarationPlaces, declaredPaths, entriesIn } from "../../src/locate/declaration-places.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/locate/declaration-places/built.tool.mjs", import.meta.url));

test("declaredPaths: a tool's name, description, actions and their keys; a listed tool and its keys", () => {
  assert.deepEqual(declaredPaths({ name: "t", actions: { a: { description: "A", properties: {} } } }), [
    ["name"],
    ["actions", "a"],
    ["actions", "a", "description"],
    ["actions", "a", "properties"],
  ]);
  assert.deepEqual(declaredPaths({ listed: [{ name: "s" }, "not an object"] }), [[0], [0, "name"], [1]]);
});

test("an action file: its actions placed at their keys; name and description, from the file name, left out", async () => {
  const text = '{\n  "find": { "description": "Find" }\n}\n';
  const paths = declaredPaths({ name: "search", description: "Search", actions: { find: { description: "Find" } } });
  const places = declarationPlaces(text, paths, await entriesIn("action-file", "search.actions.json", text, paths));
  assert.deepEqual(places, [
    { path: ["actions", "find"], line: 2, column: 3, exact: true },
    { path: ["actions", "find", "description"], line: 2, column: 13, exact: true },
  ]);
});

test("a module that builds its actions at run time: the name exact, each built action at the enclosing entry, not exact", async () => {
  const text = readFileSync(FIXTURE, "utf8");
  const paths = declaredPaths({ name: "regions", actions: { north: {}, south: {} } });
  const places = declarationPlaces(text, paths, await entriesIn("tool-module", FIXTURE, text, paths));
  assert.deepEqual(places[0], { path: ["name"], line: 3, column: 3, exact: true });
  const built = places.slice(1);
  assert.deepEqual(
    built.map((place) => place.path),
    [
      ["actions", "north"],
      ["actions", "south"],
    ],
  );
  for (const place of built) assert.equal(place.exact, false);
});
