// Positions in tool modules (src/locate/tool-module.ts, module-source.ts): each fixture in test/fixtures/module-positions/ is
// written in one of the forms people declare tools in, with offences at known places. The
// expected file gives, for every offence, its line, column and exactness, and the source
// text found there (checked by eye when written; the test checks it against the file too).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { locateToolModule } from "../../src/locate/tool-module.js";
import { toolOffence } from "../../src/core/offence.js";
import { locateInModule, type PlacedEntry } from "../support/located.js";
import { cli } from "../support/cli.js";
import { repoPath, ROOT } from "../support/paths.js";
import type { JsonReport } from "../support/reports.js";

type Expected = [code: string, action: string | null, location: string, line: number, column: number, exact: boolean, text: string];

const DIR = "test/fixtures/module-positions";

test("every offence of the module fixtures carries the line and column of its key, value or entry", async () => {
  const expected = JSON.parse(readFileSync(repoPath(`${DIR}/expected.json`), "utf8")) as Record<string, Expected[]>;
  const outcome = await cli(["--format", "json", DIR], { cwd: ROOT });
  assert.equal(outcome.code, 1, outcome.stderr);
  const report = JSON.parse(outcome.stdout) as JsonReport;
  const actual = Object.fromEntries(report.files.map((f) => [f.file.split("/").pop(), f.offences.map((o) => [o.code, o.action, o.location, o.line, o.column, o.exact])]));
  assert.deepEqual(actual, Object.fromEntries(Object.entries(expected).map(([file, offences]) => [file, offences.map((e) => e.slice(0, 6))])));
  // The expected text is really what sits at each position.
  for (const [file, offences] of Object.entries(expected)) {
    const lines = readFileSync(repoPath(`${DIR}/${file}`), "utf8").split("\n");
    for (const [code, , location, line, column, , text] of offences) {
      assert.ok((lines[line - 1] ?? "").slice(column - 1).startsWith(text), `${file} ${code} ${location}: ${text} at ${line}:${column}`);
    }
  }
});

test("the fixtures cover exact and inexact positions and both syntax errors", () => {
  const expected = JSON.parse(readFileSync(repoPath(`${DIR}/expected.json`), "utf8")) as Record<string, Expected[]>;
  const all = Object.values(expected).flat();
  assert.ok(all.some((e) => e[5] === false) && all.some((e) => e[5] === true));
  assert.deepEqual(
    Object.entries(expected)
      .filter(([, offences]) => offences.some((e) => e[0] === "load-error" && /\d/.test(String(e[3]))))
      .map(([file]) => file)
      .sort(),
    ["syntax-error-js.tool.mjs", "syntax-error-ts.tool.ts", "throws.tool.mjs"],
  );
});

// ---------------------------------------------------------------------------------------
// The locator's answer in detail: the spans --fix edits.

const SOURCE = `import { defineTool } from "wymcp-lint";
const limit = { type: "integer" };
export default defineTool({
  name: "spans",
  description: "😀 Search",
  actions: {
    search: {
      description: "Find\\nthings",
      properties: { limit, q: { type: "string" } },
      required: ["q", "q"],
    },
  },
});
`;

function text(span: { start: number; end: number } | undefined): string | undefined {
  return span === undefined ? undefined : SOURCE.slice(span.start, span.end);
}

async function one(path: (string | number)[], part: "key" | "value" = "value", source = SOURCE, file = "spans.tool.ts"): Promise<PlacedEntry | null> {
  const [node] = await locateInModule(source, file, [{ path, part }]);
  return node ?? null;
}

test("a description's key and value are spans of their own tokens", async () => {
  const node = await one(["actions", "search", "description"]);
  assert.equal(node?.exact, true);
  assert.equal(text(node?.key), "description");
  assert.equal(text(node?.value), '"Find\\nthings"');
  assert.deepEqual([node?.key?.line, node?.key?.column, node?.value?.line, node?.value?.column], [8, 7, 8, 20]);
});

test("a list entry's value is the entry itself, and it has no key", async () => {
  const node = await one(["actions", "search", "required", 1]);
  assert.equal(node?.exact, true);
  assert.equal(node?.key, undefined);
  assert.equal(text(node?.value), '"q"');
  assert.equal(node?.value?.column, 23);
});

test("an action's and a property's key; a shorthand property says so and its value is the bound literal", async () => {
  assert.equal(text((await one(["actions", "search"], "key"))?.key), "search");
  const limit = await one(["actions", "search", "properties", "limit"], "key");
  assert.equal(limit?.shorthand, true);
  assert.equal(text(limit?.key), "limit");
  assert.equal(text(limit?.value), '{ type: "integer" }');
  const q = await one(["actions", "search", "properties", "q"], "key");
  assert.equal(q?.shorthand, undefined);
  assert.equal(text(q?.key), "q");
});

test("columns count UTF-16 code units", async () => {
  const source = 'export default { description: "😀", name: 5 };\n';
  const node = await one(["name"], "value", source, "a.tool.mjs");
  assert.equal(node?.value?.column, source.indexOf("5") + 1);
  assert.equal(node?.value?.column, 43); // the emoji counts twice
});

test("what the walk cannot follow gives the nearest enclosing entry, inexact", async () => {
  const source = `import { base } from "../base.js";
let reassigned = { description: "x", properties: {} };
reassigned = base;
export default {
  name: "t",
  actions: {
    a: reassigned,
    b: { description: "b", properties: base },
    c(x) { return x; },
  },
};
`;
  const a = await one(["actions", "a", "description"], "value", source, "t.tool.mjs");
  assert.deepEqual([a?.exact, source.slice(a?.value?.start, a?.value?.end)], [false, "reassigned"]);
  const b = await one(["actions", "b", "properties", "q"], "key", source, "t.tool.mjs");
  assert.deepEqual([b?.exact, source.slice(b?.key?.start, b?.key?.end)], [false, "properties"]);
  const missing = await one(["actions", "z"], "key", source, "t.tool.mjs");
  assert.deepEqual([missing?.exact, source.slice(missing?.key?.start, missing?.key?.end)], [false, "actions"]);
});

test("a parameter shadowing a binding is not followed", async () => {
  const source = `const props = { q: { type: "string" } };
export default { name: "t", description: "d", actions: (props) => ({ a: { description: "a", properties: props } }) };
`;
  const node = await one(["actions", "a", "properties", "q"], "key", source, "t.tool.mjs");
  assert.equal(node?.exact, false);
  assert.equal(source.slice(node?.value?.start, node?.value?.end), "props");
});

test("no declaration, or text that does not parse, gives null", async () => {
  assert.deepEqual(await locateInModule("export const other = 1;\n", "t.tool.mjs", [{ path: ["name"], part: "value" }]), [null]);
  assert.deepEqual(await locateInModule("export default {\n", "t.tool.mjs", [{ path: ["name"], part: "value" }]), [null]);
});

test("a module whose offences ask for nothing is given back untouched", async () => {
  const text = "export default {";
  const lint = { tool: null, actions: 0, offences: [toolOffence("load-error", "loading the module threw Error: no", "Fix it.")] };
  assert.equal(await locateToolModule(repoPath(`${DIR}/no-such-file.tool.mjs`), text, lint.offences), lint.offences);
  const clean = { tool: "t", actions: 1, offences: [] };
  assert.equal(await locateToolModule(repoPath(`${DIR}/no-such-file.tool.mjs`), text, clean.offences), clean.offences);
});

test("SARIF marks an inexact region; GitHub annotations carry line and col", async () => {
  const sarif = await cli(["--format", "sarif", `${DIR}/dynamic.tool.mjs`], { cwd: ROOT });
  const results =
    (JSON.parse(sarif.stdout) as { runs: { results: { ruleId: string; properties?: { exact?: boolean }; locations: { physicalLocation: { region?: unknown } }[] }[] }[] }).runs[0]
      ?.results ?? [];
  assert.deepEqual(
    results.map((r) => [r.ruleId, r.properties?.exact, r.locations[0]?.physicalLocation.region]),
    [
      ["tool-shape", undefined, { startLine: 11, startColumn: 12 }],
      ["wrong-type", false, { startLine: 15, startColumn: 69 }],
      ["wrong-type", false, { startLine: 14, startColumn: 65 }],
      ["unknown-key", undefined, { startLine: 16, startColumn: 59 }],
    ],
  );
  const github = await cli(["--format", "github", `${DIR}/syntax-error-ts.tool.ts`], { cwd: ROOT });
  assert.match(github.stdout, /^::error file=test\/fixtures\/module-positions\/syntax-error-ts\.tool\.ts,line=2,col=36,title=wymcp-lint\(load-error\)::/);
});

test("a module read from standard input gets the same positions as the file, from the text given", async () => {
  const file = `${DIR}/bindings.tool.ts`;
  const text = readFileSync(repoPath(file), "utf8");
  const positions = (report: JsonReport) => report.files.flatMap((f) => f.offences.map((o) => [o.code, o.location, o.line, o.column, o.exact]));
  const fromDisk = await cli(["--format", "json", file], { cwd: ROOT });
  // Named as a file that does not exist beside the real one: the positions can only come from the text.
  const fromStdin = await cli(["--format", "json", "--stdin", "--stdin-filename", `${DIR}/bindings-from-editor.tool.ts`], { cwd: ROOT, stdin: text });
  assert.equal(fromStdin.code, 1, fromStdin.stderr);
  const expected = positions(JSON.parse(fromDisk.stdout) as JsonReport);
  assert.ok(expected.length > 0 && expected.every(([, , line]) => typeof line === "number"));
  assert.deepEqual(positions(JSON.parse(fromStdin.stdout) as JsonReport), expected);
});
