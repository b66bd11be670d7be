// The config checked against its own JSON Schema (src/config/check.ts): each kind of failure
// the schema reports, worded from the schema (the place, what is expected there, what was
// found), beside a near miss that passes; and the bounds the schema cannot hold.

import assert from "node:assert/strict";
import { test } from "node:test";
import { configProblems, MAX_GLOBS, MAX_STARS_PER_SEGMENT } from "../../src/config/check.js";

/** Each problem as "path part: message". */
const problems = async (value: unknown): Promise<string[]> => (await configProblems(value)).map((p) => `${JSON.stringify(p.path)} ${p.part}: ${p.message}`);

test("a config the schema accepts has no problem: every key, each at its bounds", async () => {
  const globs = Array.from({ length: MAX_GLOBS }, (_, i) => `g${i}/`);
  const config = {
    $schema: "x",
    ignore: globs,
    rules: { cycle: "off" },
    overrides: [{ files: [`${"*a".repeat(MAX_STARS_PER_SEGMENT)}/**`], rules: {} }],
    baseline: "b.json",
    clients: ["openai", "cursor"],
    tokens: { action: 1, tool: 2, server: 3 },
  };
  assert.deepEqual(await problems(config), []);
  assert.deepEqual(await problems({}), []);
});

test("each failure the schema reports, worded from it", async () => {
  const cases: readonly (readonly [unknown, readonly string[]])[] = [
    // type, at the top and below
    [[], ["[] value: must be an object of config keys; got an empty list"]],
    [{ $schema: 5 }, ['["$schema"] value: must be a string; got 5']],
    [{ rules: ["cycle"] }, ['["rules"] value: must be an object of offence codes; got a list']],
    [{ ignore: "dist" }, ['["ignore"] value: must be a list of non-empty glob strings; got "dist"']],
    [{ clients: {} }, ['["clients"] value: must be a list of any of "openai", "anthropic", "gemini", "claude-code", "cursor", "vscode" or "typescript-sdk", each once; got a map']],
    [{ tokens: { tool: 1.5 } }, ['["tokens","tool"] value: must be a whole number of 1 or more; got 1.5']],
    // minimum, minLength, minItems
    [{ tokens: { server: 0 } }, ['["tokens","server"] value: must be a whole number of 1 or more; got 0']],
    [{ baseline: "" }, ['["baseline"] value: must be a non-empty file name; got ""']],
    [{ overrides: [{ files: [], rules: {} }] }, ['["overrides",0,"files"] value: must be a non-empty list of non-empty glob strings; got an empty list']],
    // enum, with the close match or ESLint's numeric severity
    [{ rules: { cycle: "warning" } }, ['["rules","cycle"] value: must be "error", "warn" or "off"; got "warning"; did you mean "warn"?']],
    [{ rules: { cycle: 0 } }, ['["rules","cycle"] value: must be "error", "warn" or "off"; got 0; did you mean "off"?']],
    [{ rules: { cycle: true } }, ['["rules","cycle"] value: must be "error", "warn" or "off"; got true']],
    // required: both keys missing, one problem
    [{ overrides: [{}] }, ['["overrides",0] value: must be an object with "files" and "rules"; "files" and "rules" are missing']],
    // additionalProperties: each unknown key at its key, the allowed ones listed when few
    [
      { rulez: {}, tokenz: {} },
      [
        '["rulez"] key: "rulez" is not a config key ("$schema", "ignore", "rules", "overrides", "baseline", "clients", "tokens", "formats", "elixir"); did you mean "rules"?',
        '["tokenz"] key: "tokenz" is not a config key ("$schema", "ignore", "rules", "overrides", "baseline", "clients", "tokens", "formats", "elixir"); did you mean "tokens"?',
      ],
    ],
    [{ overrides: [{ files: ["a"], rules: { cycles: "off" } }] }, ['["overrides",0,"rules","cycles"] key: "cycles" is not an offence code; did you mean "cycle"?']],
    // uniqueItems: each repeat at its place
    [{ clients: ["cursor", "openai", "cursor", "cursor"] }, ['["clients",2] value: "cursor" is named twice', '["clients",3] value: "cursor" is named twice']],
  ];
  for (const [config, expected] of cases) assert.deepEqual(await problems(config), expected, JSON.stringify(config));
});

test("what the schema cannot hold: globs per list, wildcards per glob", async () => {
  const many = Array.from({ length: MAX_GLOBS + 1 }, (_, i) => `g${i}/`);
  assert.deepEqual(await problems({ ignore: many }), [
    `["ignore"] value: holds ${MAX_GLOBS + 1} globs, more than the ${MAX_GLOBS} allowed; match a directory with one glob ("generated/**") rather than each file`,
  ]);
  assert.deepEqual(await problems({ overrides: Array.from({ length: MAX_GLOBS + 1 }, () => ({ files: ["a"], rules: {} })) }), [
    `["overrides"] value: holds ${MAX_GLOBS + 1} overrides, more than the ${MAX_GLOBS} allowed; give one override several globs`,
  ]);
  assert.deepEqual(await problems({ overrides: [{ files: ["ok/**", `${"*a".repeat(MAX_STARS_PER_SEGMENT + 1)}`], rules: {} }] }), [
    `["overrides",0,"files",1] value: the path segment "*a*a*a*a*a" has 5 "*" wildcards, more than the 4 allowed (matching such a glob can take exponential time); write it with fewer, or as several globs`,
  ]);
  // Beside a schema mistake, both are reported.
  assert.equal((await problems({ ignore: many, baseline: 1 })).length, 2);
});

test("more mistakes than the validator can collect are one problem, never a crash", async () => {
  const wrong = Array.from({ length: 300_000 }, (_, i) => i);
  assert.deepEqual(await problems({ ignore: wrong }), [
    "[] value: holds more mistakes than can be checked at once (a list or map of many thousands of wrong entries)",
    `["ignore"] value: holds 300000 globs, more than the ${MAX_GLOBS} allowed; match a directory with one glob ("generated/**") rather than each file`,
  ]);
});
