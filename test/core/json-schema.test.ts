// The JSON Schema validator the core loads (src/core/json-schema/validator.ts): the vendored
// file is exactly what scripts/gen-json-schema-validator.mjs makes of the installed package,
// self-contained (the core imports nothing but its own files), with its licence; and the
// locations it writes are read back as written.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { jsonSchemaValidator, locationSegments } from "../../src/core/json-schema/validator.js";
import { repoPath } from "../support/paths.js";

test("the vendored validator is what scripts/gen-json-schema-validator.mjs makes of the installed package", () => {
  const printed = execFileSync(process.execPath, [repoPath("scripts/gen-json-schema-validator.mjs"), "--print"], { encoding: "utf8" });
  const file = readFileSync(repoPath("src/core/json-schema/vendored/cfworker.ts"), "utf8");
  assert.equal(file, printed, "stale: run node scripts/gen-json-schema-validator.mjs");
  assert.doesNotMatch(file, /\brequire\(|^import /m, "it imports a module");
  assert.match(file, /MIT License\n\nCopyright \(c\) 2020 Jeremy Danyow/);
});

test("the validator loads and judges: what the core and the config call", () => {
  const { Validator, validate, dereference, format } = jsonSchemaValidator();
  assert.equal(new Validator({ type: "integer" }, "7", false).validate(1.5).valid, false);
  const document = { $defs: { n: { type: "number", multipleOf: 0.01 } }, $ref: "#/$defs/n" };
  const lookup = dereference(document);
  assert.equal(validate(0.07, document, "2020-12", lookup, false).valid, true);
  assert.equal(validate(0.075, document, "2020-12", lookup, false).valid, false);
  assert.equal(format["email"]?.('"john doe"@example.com'), true);
  assert.equal(format["email"]?.("joe@[127.0.0.1]"), true);
});

test("a location's segments are read back as the validator escapes and encodes them", () => {
  const { Validator } = jsonSchemaValidator();
  const key = "a/b~c #d%e é";
  const [unit] = new Validator({ properties: { [key]: { type: "string" } } }, "7", false).validate({ [key]: 1 }).errors.filter((e) => e.keyword === "type");
  assert.ok(unit !== undefined);
  assert.deepEqual(locationSegments(unit.instanceLocation), [key]);
  assert.deepEqual(locationSegments(unit.keywordLocation), ["properties", key, "type"]);
  assert.deepEqual(locationSegments("#"), []);
});
