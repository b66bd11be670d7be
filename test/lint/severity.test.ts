// Severities (docs/checks.md) through every format and the exit code: a warning is shown
// and marked in each format, counts apart from errors in the summaries, and fails the run
// only past --max-warnings; an error always fails it. The seam a configuration fills
// (SeverityRules) is exercised directly: off drops an offence, a code may be moved either
// way, and the reading of "format" keeps the value-mismatch offences that hold under it.

import assert from "node:assert/strict";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { defaultSeverity, OFFENCE_CODES, CODE_TABLE } from "../../src/core/codes.js";
import { PLAIN, type Palette } from "../../src/core/report.js";
import * as text from "../../src/cli/formatters/text.js";
import { discover } from "../../src/lint/discover.js";
import { lintFound } from "../support/lint.js";
import { DEFAULT_RULES, resolveSeverities, type SeverityRules } from "../../src/lint/severity.js";
import { finalizeOffence, type Offence } from "../../src/core/offence.js";
import type { FormatsCondition } from "../../src/core/json-schema/dialect.js";
import { cli } from "../support/cli.js";

const DIR = fileURLToPath(new URL("../../test/fixtures/severity/", import.meta.url));
// biome-ignore lint/suspicious/noExplicitAny: reports are read through one loose type
type Json = any;

test("every chain code defaults to error, as docs/checks.md says (each code's default is its record's, and test/core/codes.test.ts sees it reported)", () => {
  const chain = OFFENCE_CODES.filter((code) => CODE_TABLE[code].origin === "chain");
  assert.ok(chain.length > 10);
  for (const code of chain) assert.equal(defaultSeverity(code), "error", code);
});

test("text: a warning is marked, the summary splits errors and warnings, and warnings alone exit 0", async () => {
  const { code, stdout, stderr } = await cli(["warnings"], { cwd: DIR });
  assert.equal(code, 0);
  assert.equal(stderr, "");
  // The text report lists an action's offences by line.
  const lines = stdout.split("\n");
  assert.match(lines[0] as string, /^warnings\/catalogue\.actions\.json:7:17 {2}warning unknown-related {2}.*Did you mean "get_item"\?/);
  assert.match(lines[1] as string, /^warnings\/catalogue\.actions\.json:8:20 {2}warning undeclared-example-key {2}tool catalogue action search at :examples\[0\]: /);
  assert.match(stdout, /\n1 file, 2 actions: 2 offences: 0 errors, 2 warnings \(\d+\.\d\d s\)\n$/);
});

test("--max-warnings: more warnings than N exit 1 with a line on stderr; N or fewer exit 0", async () => {
  const over = await cli(["--max-warnings", "1", "warnings"], { cwd: DIR });
  assert.equal(over.code, 1);
  assert.equal(over.stderr, "wymcp-lint: 2 warnings found, more than --max-warnings 1 allows\n");
  const at = await cli(["--max-warnings=2", "warnings"], { cwd: DIR });
  assert.deepEqual([at.code, at.stderr], [0, ""]);
  // The machine formats keep stdout one document: the line goes to stderr.
  const json = await cli(["--format", "json", "--max-warnings", "0", "warnings"], { cwd: DIR });
  assert.equal(json.code, 1);
  assert.equal(JSON.parse(json.stdout).summary.warnings, 2);
  assert.match(json.stderr, /more than --max-warnings 0 allows/);
  const bad = await cli(["--max-warnings", "-3", "warnings"], { cwd: DIR });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--max-warnings must be a whole number of 0 or more; got "-3"/);
});

test("an error exits 1 whatever --max-warnings says, and the exit code ignores the text cap", async () => {
  const mixed = await cli(["--max-warnings", "10", "--max-offences", "1", "mixed"], { cwd: DIR });
  assert.equal(mixed.code, 1);
  assert.match(mixed.stdout, /\n1 file, 2 actions: 2 offences: 1 error, 1 warning \(/);
  // The unknown-key error gates the advisory checks of "list"; "cancel" is clean otherwise.
  assert.match(
    mixed.stdout,
    /^mixed\/orders\.actions\.json:12:15 {2}warning unknown-keyword {2}tool orders action cancel at :properties\["id"\]: "tpye" is no JSON Schema keyword/m,
  );
  assert.match(mixed.stdout, /^mixed\/orders\.actions\.json:7:5 {2}unknown-key {2}/m);
});

test("json: every offence carries its severity; the summary counts errors and warnings", async () => {
  const { code, stdout } = await cli(["--format", "json", "mixed"], { cwd: DIR });
  assert.equal(code, 1);
  const report = JSON.parse(stdout);
  assert.deepEqual(
    report.files[0].offences.map((o: Json) => [o.code, o.severity]),
    [
      ["unknown-keyword", "warn"],
      ["unknown-key", "error"],
    ],
  );
  assert.deepEqual(report.summary, { files: 1, actions: 2, offences: 2, errors: 1, warnings: 1 });
});

test("sarif: a result's level is its severity; each rule's default level is its code's default", async () => {
  const { stdout } = await cli(["--format", "sarif", "mixed"], { cwd: DIR });
  const [run] = JSON.parse(stdout).runs;
  assert.deepEqual(
    run.results.map((r: Json) => [r.ruleId, r.level]),
    [
      ["unknown-keyword", "warning"],
      ["unknown-key", "error"],
    ],
  );
  const levels = Object.fromEntries(run.tool.driver.rules.map((r: Json) => [r.id, r.defaultConfiguration.level]));
  assert.equal(levels["unknown-keyword"], "warning");
  assert.equal(levels["duplicate-key"], "error");
  assert.equal(levels["unknown-key"], "error");
});

test("github: a warning is a ::warning command, an error an ::error command", async () => {
  const { stdout } = await cli(["--format", "github", "mixed"], { cwd: DIR });
  const commands = stdout.split("\n").filter((l) => l.startsWith("::"));
  assert.deepEqual(
    commands.map((l) => l.slice(0, l.indexOf(" "))),
    ["::warning", "::error"],
  );
  assert.match(commands[0] as string, /title=wymcp-lint\(unknown-keyword\)::/);
});

test("colour: a warning's label and code are painted with the palette's warning colour", async () => {
  const mark = (tag: string) => (s: string) => `<${tag}>${s}</${tag}>`;
  const palette: Palette = { ...PLAIN, warning: mark("w"), code: mark("c") };
  const result = await lintFound((await discover(["mixed"], DIR)).files, { timeoutMs: 20_000 });
  const output = text.format(result, { maxOffences: 10, palette, version: "0", cwd: DIR });
  assert.match(output, /<w>warning unknown-keyword<\/w>/);
  assert.match(output, /<c>unknown-key<\/c>/);
});

test("SeverityRules: a rule set off drops the offence, a rule may raise a warning or lower an error, per file", async () => {
  const { files: found } = await discover(["mixed", "warnings"], DIR);
  const plain = await lintFound(found, { timeoutMs: 20_000 });
  const byDefault = await lintFound(found, { timeoutMs: 20_000, rules: DEFAULT_RULES });
  assert.deepEqual(byDefault.files, plain.files);
  const rules: SeverityRules = {
    severityOf: (code, file) => {
      if (code === "unknown-key") return "warn";
      if (code === "unknown-related") return "off";
      if (code === "undeclared-example-key" && file.startsWith("warnings/")) return "error";
      return defaultSeverity(code);
    },
  };
  const ruled = await lintFound(found, { timeoutMs: 20_000, rules });
  assert.deepEqual(
    ruled.files.map((f) => f.offences.map((o) => [o.code, o.severity])),
    [
      [
        ["unknown-keyword", "warn"],
        ["unknown-key", "warn"],
      ],
      [["undeclared-example-key", "error"]],
    ],
  );
  assert.deepEqual(ruled.summary, { files: 2, actions: 4, offences: 3, errors: 1, warnings: 2 });
  for (const file of ruled.files) for (const offence of file.offences) assert.ok(Object.isFrozen(offence));
});

test("formats: a value-mismatch that one reading of format alone makes is kept when the config's reading, or else its dialect's, is that one", () => {
  const mismatch = (formats?: FormatsCondition): Offence =>
    finalizeOffence(
      { code: "value-mismatch", path: ["defaults"], target: { path: ["defaults", "when"], part: "value" }, message: "m", fix: "f", ...(formats === undefined ? {} : { formats }) },
      "a",
    );
  const offences = [
    mismatch(),
    mismatch({ holds: "assert", dialect: "assert" }),
    mismatch({ holds: "assert", dialect: "annotate" }),
    mismatch({ holds: "annotate", dialect: "assert" }),
  ];
  const file = { file: "a.actions.json", tool: "a", actions: 1, offences };
  // At their default severities the offences kept are the same objects.
  const kept = (rules: SeverityRules): number[] => resolveSeverities(file, rules).offences.map((o) => offences.indexOf(o));
  assert.deepEqual(kept(DEFAULT_RULES), [0, 1]);
  assert.deepEqual(kept({ severityOf: defaultSeverity, formats: "assert" }), [0, 1, 2]);
  assert.deepEqual(kept({ severityOf: defaultSeverity, formats: "annotate" }), [0, 3]);
  assert.deepEqual(kept({ severityOf: defaultSeverity }), [0, 1]);
});
