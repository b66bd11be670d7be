// src/locate/declaration-places.ts: the paths of a declaration's top-level values, and their
// places from the entries a kind's read finds (the JSON family's one scan asked the paths
// jsonDeclarationLookup gives, a tool module's parse): exact where written, the enclosing entry
// (exact: false) where a module builds the value at run time, left out where there is none (an
// action file's name and description, which its file name gives).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { declarationPlaces, declaredPaths, jsonDeclarationLookup, placesOfDeclaration } from "../../src/locate/declaration-places.js";
import { locateJsonEntries } from "../../src/locate/json-entries.js";
import { parseModule } from "../../src/locate/module-source.js";

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
  const lookup = jsonDeclarationLookup("action-file", paths);
  const places = declarationPlaces(text, paths, lookup.entries(locateJsonEntries(text, lookup.asked)));
  assert.deepEqual(places, [
    { path: ["actions", "find"], line: 2, column: 3, exact: true },
    { path: ["actions", "find", "description"], line: 2, column: 13, exact: true },
  ]);
});

test("a tools file: its list is the file's top level, or a saved result object's tools", () => {
  const paths = declaredPaths({ listed: [{ name: "s" }] });
  const places = (text: string) => {
    const lookup = jsonDeclarationLookup("tools-file", paths);
    return declarationPlaces(text, paths, lookup.entries(locateJsonEntries(text, lookup.asked)));
  };
  assert.deepEqual(places('[\n  { "name": "s" }\n]\n'), [
    { path: [0], line: 2, column: 3, exact: true },
    { path: [0, "name"], line: 2, column: 5, exact: true },
  ]);
  assert.deepEqual(places('{ "tools": [\n  { "name": "s" }\n] }\n'), [
    { path: [0], line: 2, column: 3, exact: true },
    { path: [0, "name"], line: 2, column: 5, exact: true },
  ]);
});

test("a module that builds its actions at run time: the name exact, each built action at the enclosing entry, not exact", async () => {
  const text = readFileSync(FIXTURE, "utf8");
  const parsed = await parseModule(text, FIXTURE);
  const places = placesOfDeclaration(text, { name: "regions", actions: { north: {}, south: {} } }, (paths) => parsed?.entries(paths) ?? paths.map(() => null));
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
