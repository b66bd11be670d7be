// The output formats. One report (the real pipeline over test/fixtures/golden/input/)
// rendered in every format and compared byte for byte with test/fixtures/golden/
// (UPDATE_GOLDEN=1 rewrites them; sarif's rules, which follow the code records, apart); the json output validated against
// schemas/report.schema.json and the sarif output against the official SARIF 2.1.0 schema;
// fingerprints that ignore lines; hostile names and messages that must not forge a GitHub
// command, split a line or put a raw control character on stdout.

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { codeDoc, codeDocMarkdown, codeDocText } from "../../src/code-docs/code-docs.js";
import { escapeText } from "../../src/text/escape.js";
import { safeJson } from "../../src/cli/formatters/machine.js";
import { lintActionFile } from "../../src/core/lint-tool.js";
import { toolOffence, withPosition, type Offence } from "../../src/core/offence.js";
import { defaultSeverity, OFFENCE_CODES } from "../../src/core/codes.js";
import { PLAIN } from "../../src/core/report.js";
import type { FormatOptions } from "../../src/cli/formatters/types.js";
import * as github from "../../src/cli/formatters/github.js";
import * as json from "../../src/cli/formatters/json.js";
import * as sarif from "../../src/cli/formatters/sarif.js";
import * as text from "../../src/cli/formatters/text.js";
import { discover } from "../../src/lint/discover.js";
import { lintFound } from "../support/lint.js";
import type { FileResult, LintResult } from "../../src/lint/result.js";
import { parseGithubCommand } from "../support/reports.js";

const ROOT = new URL("../../", import.meta.url);
const GOLDEN = new URL("test/fixtures/golden/", ROOT);
const UPDATE = process.env["UPDATE_GOLDEN"] === "1";

// A fixed cwd and version, so the outputs do not depend on the machine.
const OPTIONS: FormatOptions = { maxOffences: 10, palette: PLAIN, version: "0.1.0", cwd: "/work/project" };

const FORMATS = { json, sarif, github, text } as const;
const GOLDEN_FILES: { readonly [F in keyof typeof FORMATS]: string } = {
  json: "report.json",
  sarif: "report.sarif.json",
  github: "report.github.txt",
  text: "report.text.txt",
};

// Parsed output: its shape is what the schemas check.
// biome-ignore lint/suspicious/noExplicitAny: the tests read reports of every format through one loose type
type Json = any;

let goldenResult: Promise<LintResult> | undefined;
/** The golden report: every file under golden/input, linted by the real pipeline; time fixed. */
function goldenReport(): Promise<LintResult> {
  goldenResult ??= (async () => {
    const { files } = await discover(["input"], fileURLToPath(GOLDEN));
    const result = await lintFound(files, { timeoutMs: 20_000 });
    return { ...result, durationMs: 42 };
  })();
  return goldenResult;
}

/** A one-file result, by hand. */
function resultOf(file: string, tool: string | null, offences: readonly Offence[], actions = 1): LintResult {
  const files: FileResult[] = [{ file, tool, actions, offences }];
  const warnings = offences.filter((o) => o.severity === "warn").length;
  return { files, summary: { files: 1, actions, offences: offences.length, errors: offences.length - warnings, warnings }, durationMs: 5 };
}

const sarifValidator = (() => {
  // The official schema is draft-04, whose "id" Ajv 8 spells "$id"; nothing else differs.
  const { id, $schema: _draft04, ...schema } = JSON.parse(readFileSync(new URL("test/fixtures/sarif/sarif-schema-2.1.0.json", ROOT), "utf8"));
  return new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile({ $id: id, ...schema });
})();

const reportSchema = JSON.parse(readFileSync(new URL("schemas/report.schema.json", ROOT), "utf8"));
const reportValidator = new Ajv({ strict: true, allErrors: true }).compile(reportSchema);

function assertValid(validate: typeof sarifValidator, document: unknown, what: string): void {
  const ok = validate(document);
  assert.ok(ok, `${what} is not valid: ${JSON.stringify(validate.errors, null, 2)}`);
}

// ---------------------------------------------------------------------------------------
// Golden files

/**
 * The sarif output without what follows the code records and pages rather than the report:
 * the rules (one per code, checked against the records and the docs below) and each result's
 * index into them. A new code or a reworded page then leaves the golden file as it is.
 */
function withoutRules(output: string): string {
  const log = JSON.parse(output);
  for (const run of log.runs) {
    run.tool.driver.rules = "one per offence code, in the code table's order (see the sarif tests)";
    for (const result of run.results) delete result.ruleIndex;
  }
  return `${safeJson(log)}\n`;
}

for (const [name, formatter] of Object.entries(FORMATS) as [keyof typeof FORMATS, { format: (r: LintResult, o: FormatOptions) => string }][]) {
  test(`golden: the report in the ${name} format`, async () => {
    const formatted = formatter.format(await goldenReport(), OPTIONS);
    const output = name === "sarif" ? withoutRules(formatted) : formatted;
    const goldenFile = new URL(GOLDEN_FILES[name], GOLDEN);
    if (UPDATE) writeFileSync(goldenFile, output);
    assert.equal(output, readFileSync(goldenFile, "utf8"), `${GOLDEN_FILES[name]} differs; rerun with UPDATE_GOLDEN=1 if the change is intended`);
  });
}

test("golden: the report covers file-level, tool-level and action offences, positions and a clean file", async () => {
  const result = await goldenReport();
  const codes = new Set(result.files.flatMap((f) => f.offences.map((o) => o.code)));
  for (const code of ["unknown-key", "undeclared", "superset-group", "undeclared-default", "newline", "missing-key", "reserved-name", "duplicate-tool", "load-error"]) {
    assert.ok(codes.has(code as never), `golden report lacks ${code}`);
  }
  assert.ok(
    result.files.some((f) => f.offences.length === 0),
    "a clean file",
  );
  assert.ok(
    result.files.some((f) => f.offences.some((o) => o.line === undefined)),
    "an offence without a position",
  );
});

// ---------------------------------------------------------------------------------------
// json

test("json: valid against schemas/report.schema.json, every offence with exactly its fields", async () => {
  const result = await goldenReport();
  const document = JSON.parse(json.format(result, OPTIONS));
  assertValid(reportValidator, document, "the json report");
  assert.deepEqual(Object.keys(document), ["version", "files", "summary"]);
  assert.equal(document.version, 1);
  assert.deepEqual(document.summary, result.summary);
  assert.equal(document.files.length, result.files.length);
  document.files.forEach((file: Json, i: number) => {
    const expected = result.files[i] as FileResult;
    assert.deepEqual(Object.keys(file), ["file", "tool", "offences"]);
    assert.equal(file.file, expected.file);
    assert.equal(file.tool, expected.tool);
    file.offences.forEach((offence: Json, j: number) => {
      const o = expected.offences[j] as Offence;
      assert.deepEqual(Object.keys(offence), ["action", "code", "severity", "path", "location", "message", "fix", "line", "column", "exact", "edits"]);
      assert.deepEqual(offence, {
        action: o.action,
        code: o.code,
        severity: o.severity,
        path: [...o.path],
        location: o.location,
        message: o.message,
        fix: o.fix,
        line: o.line ?? null,
        column: o.column ?? null,
        exact: o.line === undefined ? null : o.exact !== false,
        edits: o.edits ? o.edits.map((edit) => ({ ...edit })) : null,
      });
    });
  });
  assert.ok(
    document.files.some((file: Json) => file.offences.some((offence: Json) => offence.edits !== null)),
    "the golden report has fixes as data",
  );
});

test("json: carries every offence, whatever the text cap", () => {
  const lint = lintActionFile({ a: { description: "x", properties: {}, required: Array.from({ length: 30 }, (_, i) => `p${i}`) } }, "t");
  assert.equal(lint.offences.length, 30);
  const document = JSON.parse(json.format(resultOf("t.actions.json", "t", lint.offences), { ...OPTIONS, maxOffences: 1 }));
  assert.equal(document.files[0].offences.length, 30);
});

test("json: the report schema's code list is OFFENCE_CODES", () => {
  assert.deepEqual(reportSchema.definitions.offence.properties.code.enum, [...OFFENCE_CODES]);
});

test("json: the report schema rejects a wrong document", () => {
  assert.equal(reportValidator({ version: 2, files: [], summary: { files: 0, actions: 0, offences: 0, errors: 0, warnings: 0 } }), false);
  const offence = { action: null, code: "parse-error", severity: "error", path: [], location: "", message: "m", fix: "f", line: null, column: null, exact: null, edits: null };
  const document = (o: object) => ({ version: 1, files: [{ file: "f", tool: null, offences: [o] }], summary: { files: 1, actions: 0, offences: 1, errors: 1, warnings: 0 } });
  assert.equal(reportValidator(document(offence)), true, "the control document is valid");
  assert.equal(reportValidator(document({ ...offence, code: "nope" })), false);
  assert.equal(reportValidator(document({ ...offence, severity: "off" })), false, "an offence set off is never reported");
  const edit = { start: 0, end: 1, text: "", startLine: 1, startColumn: 1, endLine: 1, endColumn: 2 };
  assert.equal(reportValidator(document({ ...offence, edits: [edit] })), true, "an offence with its fix as data");
  assert.equal(reportValidator(document({ ...offence, edits: [{ ...edit, startLine: 0 }] })), false);
});

// ---------------------------------------------------------------------------------------
// sarif

test("sarif: valid against the official SARIF 2.1.0 schema", async () => {
  const log = JSON.parse(sarif.format(await goldenReport(), OPTIONS));
  assertValid(sarifValidator, log, "the sarif log");
  // The validator is live: a wrong level is refused.
  const broken = structuredClone(log);
  broken.runs[0].results[0].level = "fatal";
  assert.equal(sarifValidator(broken), false);
});

test("sarif: an offence with edits carries them as a fix, one replacement per edit", async () => {
  const result = await goldenReport();
  const log = JSON.parse(sarif.format(result, OPTIONS));
  const offences = result.files.flatMap((file) => file.offences);
  const results = log.runs[0].results as Json[];
  assert.equal(results.length, offences.length);
  let fixes = 0;
  offences.forEach((offence, i) => {
    const entry = results[i] as Json;
    if (!offence.edits) return assert.equal(entry.fixes, undefined);
    fixes++;
    const [fix] = entry.fixes;
    assert.equal(fix.description.text, offence.fix);
    assert.deepEqual(fix.artifactChanges[0].artifactLocation, entry.locations[0].physicalLocation.artifactLocation);
    assert.deepEqual(
      fix.artifactChanges[0].replacements,
      offence.edits.map((e) => ({
        deletedRegion: { startLine: e.startLine, startColumn: e.startColumn, endLine: e.endLine, endColumn: e.endColumn },
        ...(e.text === "" ? {} : { insertedContent: { text: e.text } }),
      })),
    );
  });
  assert.ok(fixes > 0, "the golden report has fixes");
});

test("sarif: one run, the driver, one rule per code with help from the code docs", async () => {
  const log = JSON.parse(sarif.format(await goldenReport(), OPTIONS));
  assert.equal(log.$schema, "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json");
  assert.equal(log.version, "2.1.0");
  assert.equal(log.runs.length, 1);
  const [run] = log.runs;
  assert.equal(run.columnKind, "utf16CodeUnits");
  const { driver } = run.tool;
  assert.equal(driver.name, "wymcp-lint");
  assert.equal(driver.version, "0.1.0");
  // No informationUri while the package has no public page: a 404 address is worse than none.
  assert.equal(driver.informationUri, undefined);
  assert.deepEqual(
    driver.rules.map((r: Json) => r.id),
    [...OFFENCE_CODES],
  );
  for (const rule of driver.rules) {
    const doc = codeDoc(rule.id);
    assert.equal(rule.shortDescription.text, doc.title);
    assert.equal(rule.fullDescription.text, doc.meaning);
    assert.notEqual(rule.name, rule.id);
    // GitHub limits both descriptions to 1024 characters.
    assert.ok(rule.fullDescription.text.length <= 1024, `${rule.id}: fullDescription too long for GitHub`);
    assert.equal(rule.help.text, codeDocText(rule.id));
    assert.equal(rule.help.markdown, codeDocMarkdown(rule.id));
    assert.ok(rule.helpUri.startsWith("file:///") && rule.helpUri.endsWith(`/docs/codes/${rule.id}.md`), `${rule.id}: helpUri ${rule.helpUri}`);
    assert.match(readFileSync(new URL(rule.helpUri), "utf8"), new RegExp(`^# ${rule.id}\n`), `${rule.id}: helpUri names its doc`);
    for (const part of [doc.bad, doc.good, doc.fix]) assert.ok(rule.help.markdown.includes(part), `${rule.id}: help.markdown lacks part of the docs`);
    assert.equal(rule.defaultConfiguration.level, defaultSeverity(rule.id) === "warn" ? "warning" : "error");
  }
});

test("sarif: every result points at its rule, its file (a relative URI) and, where known, its region", async () => {
  const result = await goldenReport();
  const log = JSON.parse(sarif.format(result, OPTIONS));
  const [run] = log.runs;
  const offences = result.files.flatMap((f) => f.offences.map((o) => ({ file: f, offence: o })));
  assert.equal(run.results.length, offences.length);
  assert.equal(run.originalUriBaseIds["%SRCROOT%"].uri, "file:///work/project/");
  run.results.forEach((r: Json, i: number) => {
    const { file, offence } = offences[i] as { file: FileResult; offence: Offence };
    assert.equal(r.ruleId, offence.code);
    assert.equal(run.tool.driver.rules[r.ruleIndex].id, r.ruleId);
    assert.equal(r.level, offence.severity === "warn" ? "warning" : "error");
    assert.ok(r.message.text.includes(offence.message) && r.message.text.includes(offence.fix));
    const [location] = r.locations;
    const artifact = location.physicalLocation.artifactLocation;
    assert.equal(artifact.uriBaseId, "%SRCROOT%");
    // A relative reference of unreserved characters, sub-delimiters and percent escapes only.
    assert.match(artifact.uri, /^(?:[A-Za-z0-9\-._~!$&'()*+,;=@/]|%[0-9A-F]{2})+$/);
    assert.equal(decodeURIComponent(artifact.uri), file.file);
    if (offence.line === undefined) assert.equal(location.physicalLocation.region, undefined);
    else assert.deepEqual(location.physicalLocation.region, { startLine: offence.line, startColumn: offence.column });
    const [logical] = location.logicalLocations ?? [];
    if (file.tool !== null || offence.action !== null) {
      assert.ok(["module", "member", "object"].includes(logical.kind));
      if (offence.action !== null && file.tool !== null) assert.ok(logical.fullyQualifiedName.startsWith(`${file.tool}/`));
    }
  });
  assert.ok(run.results.some((r: Json) => r.locations[0].physicalLocation.artifactLocation.uri === "input/my%20tools/help.actions.json"));
});

test("sarif: fingerprints are unique per result and ignore lines and columns", async () => {
  const result = await goldenReport();
  const fingerprints = (r: LintResult): string[] => JSON.parse(sarif.format(r, OPTIONS)).runs[0].results.map((x: Json) => x.partialFingerprints["wymcpLint/v1"]);
  const before = fingerprints(result);
  assert.equal(new Set(before).size, before.length);
  for (const f of before) assert.match(f, /^[0-9a-f]{64}$/);
  // The same offences, moved (a reformatted file): the same identities.
  const moved: LintResult = {
    ...result,
    files: result.files.map((f) => ({ ...f, offences: f.offences.map((o) => (o.line === undefined ? o : withPosition(o, o.line + 7, (o.column ?? 1) + 2))) })),
  };
  assert.deepEqual(fingerprints(moved), before);
  // Another file: other identities.
  const renamed: LintResult = { ...result, files: result.files.map((f) => ({ ...f, file: `moved/${f.file}` })) };
  assert.equal(fingerprints(renamed).filter((f) => before.includes(f)).length, 0);
});

test("sarif: two offences that look alike keep distinct fingerprints", () => {
  const a = toolOffence("load-error", "m", "f");
  const log = JSON.parse(sarif.format(resultOf("x.tool.mjs", null, [a, a], 0), OPTIONS));
  const [first, second] = log.runs[0].results.map((r: Json) => r.partialFingerprints["wymcpLint/v1"]);
  assert.notEqual(first, second);
  assertValid(sarifValidator, log, "a log with a tool-less file");
});

test("sarif: file URIs are encoded; files outside cwd stay relative", () => {
  const offence = toolOffence("load-error", "m", "f");
  const uri = (file: string): string => JSON.parse(sarif.format(resultOf(file, null, [offence], 0), OPTIONS)).runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri;
  assert.equal(uri("a b/c#d?e%f.tool.mjs"), "a%20b/c%23d%3Fe%25f.tool.mjs");
  assert.equal(uri("./tools/x:y.tool.mjs"), "tools/x%3Ay.tool.mjs");
  assert.equal(uri("/work/project/tools/x.tool.mjs"), "tools/x.tool.mjs");
  assert.equal(uri("../elsewhere/x.tool.mjs"), "../elsewhere/x.tool.mjs");
  assert.equal(uri("t\u00e9st/\ud800.tool.mjs"), "t%C3%A9st/%EF%BF%BD.tool.mjs");
});

// ---------------------------------------------------------------------------------------
// Hostile input: nothing reaches a terminal raw, nothing forges an annotation

const HOSTILE_ACTION = "\u001b[2J::error::x\n";
const HOSTILE_TOOL = "t\u001b[31m,line=1:\u202e";
const HOSTILE_FILE = "tools/evil,line=1::warning::x\r%0A\u2028.actions.json";
const HOSTILE_MESSAGE = "bad\r\n::error file=forged.json::forged%0A,line=1\u009b2J";

/** Offences with hostile action names, a hostile raw message and fix (as if a check forgot to escape). */
function hostileResult(): LintResult {
  const lint = lintActionFile({ [HOSTILE_ACTION]: { description: "d", properties: {} }, "\u2066ok\u2069": { description: "a\nb", properties: {} } }, "t");
  const raw: Offence = { ...(lint.offences[0] as Offence), message: HOSTILE_MESSAGE, fix: `${HOSTILE_MESSAGE} fix` };
  const offences = [...lint.offences.map((o, i) => withPosition(o, i + 2, 3)), raw];
  const files: FileResult[] = [
    { file: HOSTILE_FILE, tool: HOSTILE_TOOL, actions: 2, offences },
    { file: "plain.actions.json", tool: null, actions: 0, offences: [toolOffence("parse-error", HOSTILE_MESSAGE, "f")] },
  ];
  return { files, summary: { files: 2, actions: 2, offences: offences.length + 1, errors: offences.length + 1, warnings: 0 }, durationMs: 1 };
}

// What may not appear raw on stdout: C0 controls but "\n", DEL, C1, line/paragraph separators, bidi controls.
const RAW_UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

test("json and sarif: no raw control or bidi character on stdout, and the values survive", () => {
  const result = hostileResult();
  const jsonOut = json.format(result, OPTIONS);
  const sarifOut = sarif.format(result, OPTIONS);
  assert.doesNotMatch(jsonOut, RAW_UNSAFE);
  assert.doesNotMatch(sarifOut, RAW_UNSAFE);
  const document = JSON.parse(jsonOut);
  assertValid(reportValidator, document, "the hostile json report");
  assert.equal(document.files[0].file, HOSTILE_FILE);
  assert.equal(document.files[0].tool, HOSTILE_TOOL);
  assert.ok(document.files[0].offences.some((o: Json) => o.action === HOSTILE_ACTION));
  assertValid(sarifValidator, JSON.parse(sarifOut), "the hostile sarif log");
});

test("github: one annotation line per offence and nothing can forge another", () => {
  const result = hostileResult();
  const output = github.format(result, OPTIONS);
  assert.ok(output.endsWith("\n"));
  assert.doesNotMatch(output, /\r/);
  assert.doesNotMatch(output, RAW_UNSAFE);
  const lines = output.slice(0, -1).split("\n");
  const offences = result.files.flatMap((f) => f.offences.map((o) => ({ file: f, offence: o })));
  assert.equal(lines.length, offences.length + 1, "one line per offence, then the summary");
  offences.forEach(({ file, offence }, i) => {
    const parsed = parseGithubCommand(lines[i] as string);
    assert.ok(parsed, `line ${i} is a command`);
    assert.equal(parsed.command, "error");
    assert.deepEqual(Object.keys(parsed.properties), offence.line === undefined ? ["file", "title"] : ["file", "line", "col", "title"]);
    assert.equal(parsed.properties["file"], escapeText(file.file));
    assert.equal(parsed.properties["title"], `wymcp-lint(${offence.code})`);
    if (offence.line !== undefined) {
      assert.equal(parsed.properties["line"], String(offence.line));
      assert.equal(parsed.properties["col"], String(offence.column));
    }
    // The message decodes to one line: no newline, nothing GitHub would read as a command.
    assert.doesNotMatch(parsed.data, /[\r\n]/);
    assert.ok(parsed.data.includes(escapeText(offence.message)));
  });
  // The hostile message arrives as its escaped text, "%0A" as the three characters it was.
  const raw = parseGithubCommand(lines[offences.length - 2] as string);
  assert.ok(raw?.data.includes("%0A,line=1"));
  assert.ok(raw?.data.includes("\\r\\n::error file=forged.json::forged"));
  // The last line is the summary, not a command.
  assert.equal(parseGithubCommand(lines.at(-1) as string), null);
  assert.match(lines.at(-1) as string, /^wymcp-lint: 2 files, 2 actions: 4 offences/);
});

test("github: GitHub's escaping, property and data", () => {
  assert.equal(github.escapeData("100% a\r\nb:c,d"), "100%25 a%0D%0Ab:c,d");
  assert.equal(github.escapeProperty("100% a\r\nb:c,d"), "100%25 a%0D%0Ab%3Ac%2Cd");
  assert.equal(github.escapeData("%0A"), "%250A");
  assert.equal(
    github.annotation(
      [
        ["file", "a,b:c"],
        ["line", undefined],
        ["title", "t"],
      ],
      "m\n::error::x",
    ),
    "::error file=a%2Cb%3Ac,title=t::m\\n::error::x",
  );
});

test("github: no offences, only the summary", () => {
  const output = github.format(
    { files: [{ file: "a.actions.json", tool: "a", actions: 1, offences: [] }], summary: { files: 1, actions: 1, offences: 0, errors: 0, warnings: 0 }, durationMs: 3 },
    OPTIONS,
  );
  assert.equal(output, "wymcp-lint: 1 file, 1 action: no offences (0.00 s)\n");
});

test("machine formats carry no colour, whatever the palette", async () => {
  const red = (s: string): string => `\u001b[31m${s}\u001b[39m`;
  const painted: FormatOptions = { ...OPTIONS, palette: { file: red, code: red, name: red, location: red, fix: red, dim: red, warning: red } };
  const result = await goldenReport();
  for (const formatter of [json, sarif, github]) {
    assert.equal(formatter.format(result, painted), formatter.format(result, OPTIONS));
  }
});

// ---------------------------------------------------------------------------------------
// A running server's report (--server, --server-url): its label stands where a file would

/** A server run's result by hand: two tools of one server, named by its command line. */
function serverResult(label: string): LintResult {
  const catalogue = lintActionFile({ search: { description: "Search", properties: { q: true }, required: ["q", "page"] } }, "catalogue").offences;
  const orders = [toolOffence("surface-drift", 'tools/list\'s action enum lists "refund", but help declares no such action', "Build both surfaces from one declaration.")];
  const files: FileResult[] = [
    { file: label, tool: "catalogue", actions: 1, offences: catalogue },
    { file: label, tool: "orders", actions: 2, offences: orders },
  ];
  const offences = catalogue.length + orders.length;
  return { files, summary: { files: 2, actions: 3, offences, errors: offences, warnings: 0 }, durationMs: 5, server: label };
}

const SERVER_LABEL = "node srv.js --root '/srv/my tools' \u001b[2J";

test("sarif: a server's results are valid, with a logical location and no physical location", () => {
  const result = serverResult(SERVER_LABEL);
  const log = JSON.parse(sarif.format(result, OPTIONS));
  assertValid(sarifValidator, log, "the sarif log of a server");
  const results = log.runs[0].results;
  assert.equal(results.length, result.summary.offences);
  for (const r of results) {
    const [location] = r.locations;
    assert.deepEqual(Object.keys(location), ["logicalLocations"]);
    assert.match(location.logicalLocations[0].fullyQualifiedName, /^(catalogue\/search:|orders)/);
  }
  // The server's label is part of each result's identity: another server, other fingerprints.
  const other = JSON.parse(sarif.format(serverResult("node other.js"), OPTIONS)).runs[0].results;
  assert.notEqual(other[0].partialFingerprints["wymcpLint/v1"], results[0].partialFingerprints["wymcpLint/v1"]);
});

test("github and text: a server's label is escaped, and is no file to annotate", () => {
  const result = serverResult(SERVER_LABEL);
  const lines = github.format(result, OPTIONS).trimEnd().split("\n");
  for (const line of lines.slice(0, -1)) {
    const command = parseGithubCommand(line);
    assert.ok(command !== null && command.properties["file"] === undefined, line);
  }
  assert.doesNotMatch(github.format(result, OPTIONS), /\u001b/);
  const report = text.format(result, OPTIONS);
  assert.doesNotMatch(report, /\u001b/);
  assert.ok(report.startsWith(`${escapeText(SERVER_LABEL)}  wrong-type  tool catalogue action search at :properties:`), report);
  assert.match(report, /\nserver node srv\.js --root '\/srv\/my tools' \\u\{1B\}\[2J: 2 tools, 3 actions: 3 offences \(0\.01 s\)\n$/);
  const json = JSON.parse(FORMATS.json.format(result, OPTIONS));
  assertValid(reportValidator, json, "the json report of a server");
  assert.equal(json.files[0].file, SERVER_LABEL);
});

// ---------------------------------------------------------------------------------------
// Long lists: nothing the input makes long is spread into a call (test/spread-calls.test.ts)

test("text: a diff of 300,000 lines and 300,000 stale baseline entries are reported, not a stack overflow", () => {
  const diff = `--- big.actions.json\n+++ big.actions.json\n@@ -1,300000 +0,0 @@\n${"-x\n".repeat(300_000)}`;
  const stale = Array.from({ length: 300_000 }, (_, i) => ({
    file: "big.actions.json",
    code: "duplicate",
    tool: "big",
    action: "act",
    location: `:required[${i}]`,
    count: 1,
    fingerprint: `f${i}`,
  }));
  const one = resultOf("big.actions.json", "big", []);
  const result: LintResult = { ...one, files: [{ ...(one.files[0] as FileResult), diff }], baseline: { file: "baseline.json", baselined: 0, stale } };
  const lines = text.format(result, OPTIONS).split("\n");
  assert.equal(lines.filter((line) => line === "-x").length, 300_000);
  assert.equal(lines.filter((line) => line.startsWith("  stale  ")).length, 300_000);
  assert.equal(lines[300_003], "", "a blank line between the diffs and the report");
});

test("an offence placed in another file than its tool's: every format names that file at its line and column, with the call that reads the value; one in the tool's own file does not", () => {
  const elsewhere: Offence = Object.freeze({
    ...withPosition(toolOffence("tool-shape", "name/0 must return a string (read through the call in tool.ex at line 3, column 5)", "Return a string."), 8, 23),
    file: "lib/schemas.ex",
    via: { line: 3, column: 5 },
  });
  const here = withPosition(toolOffence("tool-shape", "description/0 must return a string", "Return a string."), 4, 7);
  const result = resultOf("lib/tool.ex", "shop", [elsewhere, here]);
  const lines = text.format(result, OPTIONS).split("\n");
  assert.ok(
    lines.some((line) => line.startsWith("lib/schemas.ex:8:23  tool-shape")),
    lines.join("\n"),
  );
  assert.ok(
    lines.some((line) => line.startsWith("lib/tool.ex:4:7  tool-shape")),
    lines.join("\n"),
  );
  const document = JSON.parse(json.format(result, OPTIONS));
  assertValid(reportValidator, document, "the json report");
  assert.deepEqual(
    document.files[0].offences.map((o: Json) => [o.file, o.via, o.line, o.column]),
    [
      ["lib/schemas.ex", { line: 3, column: 5 }, 8, 23],
      [undefined, undefined, 4, 7],
    ],
  );
  const commands = github
    .format(result, OPTIONS)
    .split("\n")
    .filter((line) => line.startsWith("::"));
  assert.deepEqual(
    commands.map((line) => [parseGithubCommand(line)?.properties["file"], parseGithubCommand(line)?.properties["line"]]),
    [
      ["lib/schemas.ex", "8"],
      ["lib/tool.ex", "4"],
    ],
  );
  const log = JSON.parse(sarif.format(result, OPTIONS));
  assertValid(sarifValidator, log, "the sarif log");
  const [first, second] = log.runs[0].results as Json[];
  assert.equal(first.locations[0].physicalLocation.artifactLocation.uri, "lib/schemas.ex");
  assert.deepEqual(first.relatedLocations[0].physicalLocation, { artifactLocation: { uri: "lib/tool.ex", uriBaseId: "%SRCROOT%" }, region: { startLine: 3, startColumn: 5 } });
  assert.equal(second.locations[0].physicalLocation.artifactLocation.uri, "lib/tool.ex");
  assert.equal(second.relatedLocations, undefined);
});
