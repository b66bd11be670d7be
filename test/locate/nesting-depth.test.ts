// The guard in front of oxc (src/locate/nesting-depth.ts): source nested thousands of
// levels deep crashes oxc's native parser, so it never reaches it; brackets in strings,
// comments, templates and regular expressions do not count, and cannot hide real nesting.

import assert from "node:assert/strict";
import { test } from "node:test";
import { nestsDeeperThan } from "../../src/locate/nesting-depth.js";
import { locateInModule } from "../support/located.js";

test("brackets are counted to their deepest level", () => {
  assert.equal(nestsDeeperThan("a({ b: [c] })", 3), false);
  assert.equal(nestsDeeperThan("a({ b: [c] })", 2), true);
  assert.equal(nestsDeeperThan("[[[]]] [[]]", 3), false);
});

test("brackets in strings, comments, templates and regular expressions do not count", () => {
  const source = [`const a = "((((" + '[[[[' ; // {{{{`, "/* (((( */ const b = `{{{{ ${ x } [[[[`;", "const c = /[(((]\\/{{/.test(d);"].join("\n");
  assert.equal(nestsDeeperThan(source, 1), false);
  assert.equal(nestsDeeperThan("const t = `${ [[x]] }`;", 2), true);
  assert.equal(nestsDeeperThan("const t = `${ [[x]] }` + (y);", 3), false);
});

test("closing brackets in strings and comments cannot hide real nesting", () => {
  const level = `{ a: "}]", /* } */ b: '}' + `;
  assert.equal(nestsDeeperThan(`${level.repeat(600)}1${"}".repeat(600)}`, 500), true);
});

test("a module nested 10,000 levels deep gets no positions, and the run survives", async () => {
  const deep = `export default { name: "deep", description: "d", actions: { a: { description: 1, properties: ${"[".repeat(10_000)}${"]".repeat(10_000)} } } };\n`;
  assert.deepEqual(await locateInModule(deep, "deep.tool.mjs", [{ path: ["actions", "a", "description"], part: "value" }]), [null]);
  const shallow = `export default { name: "deep", description: "d", actions: { a: { description: 1, properties: ${"[".repeat(400)}${"]".repeat(400)} } } };\n`;
  const [node] = await locateInModule(shallow, "deep.tool.mjs", [{ path: ["actions", "a", "description"], part: "value" }]);
  assert.deepEqual([node?.exact, node?.value?.column], [true, shallow.indexOf("1") + 1]);
});
