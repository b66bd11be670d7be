// The value check's fast path (src/core/json-schema/accepted.ts) is a sufficient condition
// only: over every test of the official JSON Schema Test Suite (drafts 7 and 2020-12, the
// format tests included, test/fixtures/json-schema-test-suite/) it never accepts an instance
// the validator refuses (formats asserted, so either reading agrees), nor, in the required
// tests, one the suite calls invalid; and it still settles most valid ones, or the validator
// would run for nearly every value. It ends on references that go round.

import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { plainlyAccepted } from "../../src/core/json-schema/accepted.js";
import { follow, holdsKey, MISSING } from "../../src/core/json-schema/document.js";
import { jsonSchemaValidator, type ValidatorDraft } from "../../src/core/json-schema/validator.js";
import { ANY_MAP, type MapLike, PLAIN_DATA } from "../../src/core/map.js";
import { repoPath } from "../support/paths.js";

const SUITE = repoPath("test/fixtures/json-schema-test-suite/tests");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith(".json") ? [path] : [];
  });
}

/** A reference followed as the value check follows one: within the document, none under an "$id". */
function referencesIn(document: unknown): (ref: string) => unknown {
  return (ref) => {
    if (typeof document !== "object" || document === null || (ref !== "#" && !ref.startsWith("#/")) || holdsKey(document as MapLike, "$id", PLAIN_DATA)) return undefined;
    const target = follow(document as MapLike, ref, PLAIN_DATA);
    return target === MISSING ? undefined : target;
  };
}

/** Whether the validator refuses the instance (a schema it cannot read refuses nothing). */
function refuses(schema: unknown, data: unknown, draft: ValidatorDraft): boolean {
  const copy = structuredClone(schema);
  try {
    return !jsonSchemaValidator().validate(data, copy, draft, jsonSchemaValidator().dereference(copy), true).valid;
  } catch {
    return false;
  }
}

test("over every test of the suite, the fast path never accepts an instance the validator or a required test refuses, and accepts most valid ones", () => {
  let valid = 0;
  let accepted = 0;
  const wrong: string[] = [];
  for (const [dialect, draft] of [
    ["draft7", "7"],
    ["draft2020-12", "2020-12"],
  ] as const) {
    for (const file of files(join(SUITE, dialect))) {
      const required = !file.includes("/optional/");
      for (const suiteCase of JSON.parse(readFileSync(file, "utf8")) as {
        description: string;
        schema: unknown;
        tests: { description: string; data: unknown; valid: boolean }[];
      }[]) {
        for (const one of suiteCase.tests) {
          const plain = plainlyAccepted(one.data, suiteCase.schema, PLAIN_DATA, referencesIn(suiteCase.schema));
          if (plain && ((required && !one.valid) || refuses(suiteCase.schema, one.data, draft))) wrong.push(`${file}: ${suiteCase.description}: ${one.description}`);
          if (one.valid) valid++;
          if (plain) accepted++;
        }
      }
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(accepted > valid * 0.5, `${accepted} of ${valid} valid tests accepted plainly`);
});

test("references that go round end: the fast path leaves them to the validator", () => {
  const document = { a: { $ref: "#/b" }, b: { $ref: "#/a" } };
  assert.equal(plainlyAccepted(1, document.a, PLAIN_DATA, referencesIn(document)), false);
  // A recursive schema over a deep value is followed to the bottom.
  const tree = { type: "object", properties: { next: { $ref: "#" } } };
  let value: Record<string, unknown> = {};
  for (let i = 0; i < 5000; i++) value = { next: value };
  assert.equal(plainlyAccepted(value, tree, PLAIN_DATA, referencesIn(tree)), true);
});

test("a module's schema is read with its reader: a Map's keywords count, its maps are left to the validator in enum and const", () => {
  const schema = new Map<unknown, unknown>([
    ["type", "object"],
    ["required", ["a"]],
  ]);
  assert.equal(
    plainlyAccepted({ a: 1 }, schema, ANY_MAP, () => undefined),
    true,
  );
  assert.equal(
    plainlyAccepted({}, schema, ANY_MAP, () => undefined),
    false,
  );
  assert.equal(
    plainlyAccepted({}, new Map([["const", new Map([["a", 1]])]]), ANY_MAP, () => undefined),
    false,
  );
});
