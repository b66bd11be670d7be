// The chain's gate, as the user meets it through the CLI (test/fixtures/held-back/): each
// advisory check waits only for the keys it reads, the defaults check for the whole action;
// a check held back is named in the text, JSON and SARIF reports; an offence a directive
// suppresses holds nothing back, and a directive for a check that did not run is not unused.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Ajv } from "ajv";
import { type HeldBack, heldBackMessage } from "../../src/core/held-back.js";
import { lintActionFile } from "../../src/core/lint-tool.js";
import { cli } from "../support/cli.js";
import { repoPath } from "../support/paths.js";
import type { JsonReport } from "../support/reports.js";

const DIR = repoPath("test/fixtures/held-back");

type Report = JsonReport;

async function report(file: string): Promise<Report["files"][number]> {
  const { stdout } = await cli(["--format", "json", "--no-config", join(DIR, file)]);
  return (JSON.parse(stdout) as Report).files[0] as Report["files"][number];
}

const codesOf = (file: Report["files"][number], action: string): string[] => file.offences.filter((o) => o.action === action).map((o) => o.code);

test("the advisory checks wait only for the keys they read: a duplicate in required holds back neither unknown-related nor the example's undeclared key", async () => {
  const file = await report("gate.actions.json");
  assert.deepEqual(codesOf(file, "order"), ["undeclared-example-key", "unknown-related", "duplicate"]);
  assert.deepEqual(codesOf(file, "search"), ["unknown-keyword"]);
});

test("the defaults check still runs only once the action has no other offence, and example-misses-required waits for required", async () => {
  const file = await report("gate.actions.json");
  assert.ok(!codesOf(file, "order").includes("undeclared-default"));
  assert.deepEqual(
    file.heldBack?.map((h) => [h.action, h.check, h.by]),
    [
      ["order", "example-misses-required", ["duplicate"]],
      ["order", "undeclared-default", ["duplicate"]],
    ],
  );
});

test("a held-back check is a line of the text report", async () => {
  const { stdout } = await cli(["--no-config", join(DIR, "gate.actions.json")]);
  assert.match(
    stdout,
    /gate\.actions\.json {2}held back {2}tool gate action order: the undeclared-default check did not run: it reads a well-formed schema, so it runs once this action has no other offence \(now: duplicate\)\.\n/,
  );
  assert.match(
    stdout,
    /held back {2}tool gate action order: the example-misses-required check did not run: it runs once "examples", "required", "required_one_of", "defaults" hold no offence \(now: duplicate\)\./,
  );
});

test("a held-back check is a heldBack entry of the JSON report, valid against schemas/report.schema.json", async () => {
  const { stdout } = await cli(["--format", "json", "--no-config", DIR]);
  const document = JSON.parse(stdout) as Report;
  const schema = JSON.parse(readFileSync(repoPath("schemas/report.schema.json"), "utf8"));
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  assert.ok(validate(document), JSON.stringify(validate.errors));
  const entry = document.files[0]?.heldBack?.find((h) => h.check === "undeclared-default");
  assert.deepEqual(entry, {
    action: "order",
    check: "undeclared-default",
    by: ["duplicate"],
    message: "the undeclared-default check did not run: it reads a well-formed schema, so it runs once this action has no other offence (now: duplicate)",
  });
  assert.ok(schema.definitions.file.properties.heldBack, "the report schema describes heldBack");
});

test("a held-back check is a note among the SARIF invocation's notifications, naming its rule and file", async () => {
  const { stdout } = await cli(["--format", "sarif", "--no-config", join(DIR, "gate.actions.json")]);
  const [run] = JSON.parse(stdout).runs;
  const notes = run.invocations[0].toolExecutionNotifications;
  assert.equal(run.invocations[0].executionSuccessful, true);
  assert.deepEqual(
    notes.map((n: { level: string; associatedRule: { id: string; index: number } }) => [n.level, n.associatedRule.id, run.tool.driver.rules[n.associatedRule.index].id]),
    [
      ["note", "example-misses-required", "example-misses-required"],
      ["note", "undeclared-default", "undeclared-default"],
    ],
  );
  assert.match(notes[1].message.text, /^tool gate action order: the undeclared-default check did not run: /);
  assert.ok(notes[1].locations[0].physicalLocation.artifactLocation.uri.endsWith("gate.actions.json"));
});

test("a run where nothing is held back carries no heldBack field and no invocations", async () => {
  const { stdout } = await cli(["--format", "json", "--no-config", repoPath("test/fixtures/suppress/json5")]);
  assert.ok(!("heldBack" in ((JSON.parse(stdout) as Report).files[0] ?? {})));
  const sarif = await cli(["--format", "sarif", "--no-config", repoPath("test/fixtures/suppress/json5")]);
  assert.ok(!("invocations" in JSON.parse(sarif.stdout).runs[0]));
});

test("a suppressed offence holds nothing back: with its duplicate disabled, the action's defaults check and unknown-related run", async () => {
  const file = await report("suppressed.actions.json5");
  assert.deepEqual(codesOf(file, "search"), ["undeclared-default", "unknown-related"]);
  assert.ok(!file.heldBack?.some((h) => h.action === "search"));
});

test("a directive for a check that did not run is not unused: neither when what it would find is unknown nor when it covers what it would find", async () => {
  const file = await report("suppressed.actions.json5");
  assert.deepEqual(
    file.offences.filter((o) => o.code === "unused-disable"),
    [],
  );
  assert.deepEqual(
    file.heldBack?.map((h) => [h.action, h.check, h.by]),
    [
      ["list", "example-misses-required", ["duplicate"]],
      ["order", "unknown-related", ["wrong-type"]],
    ],
  );
});

test("the library's chain keeps its offences: the gate changes no chain code, and lintActionFile reports what it held back", () => {
  const order = { description: "Order", properties: { id: {} }, required: ["id", "id"], defaults: { qty: 1 } };
  const lint = lintActionFile({ order }, "gate");
  assert.deepEqual(
    lint.offences.map((o) => o.code),
    ["duplicate"],
  );
  assert.deepEqual(
    lint.heldBack?.map((h) => [h.check, h.by, h.withheld?.map((o) => o.code)]),
    [["undeclared-default", ["duplicate"], ["undeclared-default"]]],
  );
});

test("value-mismatch, held back by a malformed properties, is reported held back though what it would find is unknown, when the action holds a value; an offence elsewhere holds it back not", () => {
  const malformed = { description: "Order", properties: { qty: { type: "integer", items: 5 } }, defaults: { qty: "one" } };
  const lint = lintActionFile({ order: malformed }, "gate", { advisory: true });
  const held = lint.heldBack?.find((h) => h.check === "value-mismatch");
  assert.deepEqual([held?.by, held?.withheld], [["wrong-type"], null]);
  assert.equal(heldBackMessage(held as HeldBack), `the value-mismatch check did not run: it runs once "properties", "defaults", "examples" hold no offence (now: wrong-type)`);
  // With no value to judge anywhere, it would find nothing: not reported held back.
  const bare = lintActionFile({ order: { description: "Order", properties: { qty: { type: "integer", items: 5 } } } }, "gate", { advisory: true });
  assert.ok(!bare.heldBack?.some((h) => h.check === "value-mismatch"));
  const nested = lintActionFile({ order: { description: "Order", properties: { qty: { type: "integer", items: 5, default: 1 } } } }, "gate", { advisory: true });
  assert.ok(nested.heldBack?.some((h) => h.check === "value-mismatch"));
  // A chain offence on a key it does not read holds it back neither: it runs, and finds the same default.
  const repeated = (qty: unknown) => ({ description: "Order", properties: { qty: { type: "integer" } }, required: ["qty", "qty"], defaults: { qty } });
  assert.deepEqual(
    lintActionFile({ order: repeated("one") }, "gate", { advisory: true }).offences.map((o) => o.code),
    ["value-mismatch", "duplicate"],
  );
  assert.ok(!lintActionFile({ order: repeated(1) }, "gate", { advisory: true }).heldBack?.some((h) => h.check === "value-mismatch"));
});
