// What is generated from the code records (src/code-docs/generated.ts, scripts/gen-docs.mjs):
// every generated file and region is current (the script's --check, as a contributor runs it),
// the regions are filled between their markers and nowhere else, a stale one is found, and
// the tables say what the records say.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { codeDoc, codeDocText, DOC_SPANS } from "../../src/code-docs/code-docs.js";
import { explain } from "../../src/code-docs/explain.js";
import { codesMatrix, gatesTable, offenceCodesPage, originsTable, reportSchemaWithCodes, withRegion, withRegionsFilled } from "../../src/code-docs/generated.js";
import { CODE_ORIGINS, codeFacts, OFFENCE_CODES } from "../../src/core/codes.js";
import { actionSchemaKeys } from "../../src/vocabulary.js";
import { repoPath } from "../support/paths.js";

const GEN = repoPath("scripts/gen-docs.mjs");

test("every generated file and region is current (scripts/gen-docs.mjs --check; `npm run gen` writes them)", () => {
  const check = spawnSync(process.execPath, ["--import", "tsx", GEN, "--check"], { cwd: repoPath("."), encoding: "utf8" });
  assert.equal(check.stderr, "");
  assert.equal(check.status, 0);
});

test("the hand-written pages hold the generated tables, and docs/offence-codes.md is the generated page", () => {
  const checks = readFileSync(repoPath("docs/checks.md"), "utf8");
  assert.ok(checks.includes(`<!-- codes-matrix:start -->\n${codesMatrix()}\n<!-- codes-matrix:end -->`));
  assert.ok(checks.includes(`<!-- code-origins:start -->\n${originsTable()}\n<!-- code-origins:end -->`));
  assert.ok(checks.includes(`<!-- held-back-checks:start -->\n${gatesTable()}\n<!-- held-back-checks:end -->`));
  const page = readFileSync(repoPath("docs/offence-codes.md"), "utf8");
  assert.equal(page, offenceCodesPage());
  for (const code of OFFENCE_CODES) assert.ok(page.includes(`\n## ${code}\n`), code);
});

test("withRegion: a block region's lines, an inline span's text, and nothing outside the markers", () => {
  assert.equal(withRegion("a\n<!-- t:start -->\nold\n<!-- t:end -->\nb", "t", "new"), "a\n<!-- t:start -->\nnew\n<!-- t:end -->\nb");
  assert.equal(withRegion("may carry <!-- t:start -->old<!-- t:end -->.", "t", "new"), "may carry <!-- t:start -->new<!-- t:end -->.");
  for (const broken of ["no markers", "<!-- t:end --> <!-- t:start -->", "<!-- t:start --><!-- t:start --><!-- t:end -->", "<!-- t:start --><!-- t:end --><!-- t:end -->"]) {
    assert.throws(() => withRegion(broken, "t", "x"), /the region t needs one/, broken);
  }
});

test("withRegionsFilled: a stale region is written again; another generator's region is left as it is", () => {
  const stale = "x\n<!-- held-back-checks:start -->\n| stale |\n<!-- held-back-checks:end -->\n<!-- sample-report:start -->\nkept\n<!-- sample-report:end -->\n";
  const filled = withRegionsFilled(stale);
  assert.notEqual(filled, stale);
  assert.equal(filled, `x\n<!-- held-back-checks:start -->\n${gatesTable()}\n<!-- held-back-checks:end -->\n<!-- sample-report:start -->\nkept\n<!-- sample-report:end -->\n`);
  assert.equal(withRegionsFilled(filled), filled);
});

test("the code pages' spans hold the vocabulary, and --explain shows it without their markers", () => {
  const unknownKey = readFileSync(repoPath("docs/codes/unknown-key.md"), "utf8");
  assert.ok(unknownKey.includes(`<!-- vocabulary:start -->${DOC_SPANS["vocabulary"]?.()}<!-- vocabulary:end -->`));
  const quoted = actionSchemaKeys()
    .map((k) => `"${k}"`)
    .join(", ");
  assert.ok(codeDoc("unknown-key").meaning.includes(`may carry only ${quoted}.`));
  assert.doesNotMatch(codeDocText("unknown-key"), /<!--|\{\{/);
  assert.doesNotMatch(explain("missing-key") ?? "", /<!--|\{\{/);
  for (const code of OFFENCE_CODES) assert.doesNotMatch(readFileSync(repoPath(`docs/codes/${code}.md`), "utf8"), /\{\{\w+\}\}/, `${code}: a placeholder a reader cannot read`);
});

test("reportSchemaWithCodes: the code enum is OFFENCE_CODES, the rest of the schema's text untouched", () => {
  const text = readFileSync(repoPath("schemas/report.schema.json"), "utf8");
  const emptied = text.replace(/("enum": \[\n)(\s+"unknown-key",\n)/, "$1");
  assert.notEqual(emptied, text);
  assert.equal(reportSchemaWithCodes(emptied), text);
  assert.deepEqual(JSON.parse(reportSchemaWithCodes(text)).definitions.offence.properties.code.enum, [...OFFENCE_CODES]);
  assert.throws(() => reportSchemaWithCodes("{}"), /not where it was/);
});

test("the tables say what the records say", () => {
  const matrix = codesMatrix().split("\n");
  assert.equal(matrix.length, OFFENCE_CODES.length + 2);
  const kinds = matrix[0]?.split(" | ").slice(3, 8);
  assert.deepEqual(kinds, ["action file", "tools file", "tool module", "Elixir module", "server"]);
  OFFENCE_CODES.forEach((code, i) => {
    const cells = (matrix[i + 2] as string).split("|").map((cell) => cell.trim());
    const facts = codeFacts(code);
    assert.deepEqual(cells.slice(2, 4), [facts.severity, facts.origin], code);
    assert.deepEqual(
      cells.slice(4, 9).map((cell) => cell === "yes"),
      ["action-file", "tools-file", "tool-module", "elixir-module", "server"].map((kind) => (facts.appliesTo as readonly string[]).includes(kind)),
      code,
    );
    assert.equal(cells[9], facts.fixable === "never" ? "" : facts.fixable.map((kind) => `\`${kind}\``).join(", "), code);
  });
  const origins = originsTable();
  for (const origin of Object.keys(CODE_ORIGINS)) assert.match(origins, new RegExp(`^\\| ${origin} \\|`, "m"));
  const gated = OFFENCE_CODES.filter((code) => codeFacts(code).gate !== undefined);
  assert.equal(gatesTable().split("\n").length, gated.length + 2);
});

test("docs/fixing.md names exactly the codes whose record says --fix repairs them", () => {
  const page = readFileSync(repoPath("docs/fixing.md"), "utf8");
  const section = page.slice(page.indexOf("# Fixing\n"), page.indexOf("\nEverything else in the file stays byte for byte"));
  const bullets = section.split("\n").filter((line, i, lines) => line.startsWith("- ") || (line.startsWith("  ") && lines.slice(0, i).some((l) => l.startsWith("- "))));
  const named = new Set([...bullets.join("\n").matchAll(/`([a-z-]+)`/g)].map((m) => m[1] as string).filter((name) => (OFFENCE_CODES as readonly string[]).includes(name)));
  assert.deepEqual([...named].sort(), OFFENCE_CODES.filter((code) => codeFacts(code).fixable !== "never").sort());
});
