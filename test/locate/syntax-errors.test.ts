// A module that a syntax error stops from loading: its load-error carries the error's place
// as data (the TypeScript transformers give one; node's parser does not, so the module's text
// is parsed for it), and the report points at that line and column. The message is never
// read for a place: a module that throws text shaped like one gets no position from it.

import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { lintToolModule } from "../../src/modules/index.js";
import { cli } from "../support/cli.js";
import type { JsonReport } from "../support/reports.js";

const options = { timeoutMs: 10_000 };

/** The 1-based column where `token` first appears on the 1-based line of `text`. */
function columnOf(text: string, line: number, token: string): number {
  return (text.split("\n")[line - 1] ?? "").indexOf(token) + 1;
}

function dirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-syntax-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const FILES = {
  // The column counts UTF-16 units: "Zoë" and "😀" are 4 and 4 bytes but 3 and 2 units.
  "esm.tool.ts": '// TypeScript, an ES module: oxc-transform\nexport const name: string = "Zoë😀" +;\n',
  "cjs.tool.cts": '// TypeScript, CommonJS: esbuild\nexport const name: string = "Zoë😀";\nexport const description = {;\n',
  "plain.tool.mjs": 'export default {\n  name: "Zoë😀",\n  description: "d" actions: {},\n};\n',
  // The transformer's place is in the file it imports, not in this one.
  "imports.tool.ts": 'import { name } from "./esm.tool.ts";\nexport default { name, description: "d", actions: {} };\n',
  // Text shaped like a transformer's place, thrown by a module that parses.
  "forged.tool.mjs": 'const e = new Error(`${new URL(import.meta.url).pathname}:1:1: ERROR: not a syntax error`);\ne.name = "TransformError";\nthrow e;\n',
};

test("the load-error of a module a syntax error stopped carries the error's place as data", async () => {
  const dir = dirWith(FILES);
  const [esm, cjs, plain] = await Promise.all(["esm.tool.ts", "cjs.tool.cts", "plain.tool.mjs"].map((file) => lintToolModule(join(dir, file), options)));
  assert.deepEqual(esm?.offences[0]?.syntaxError, { at: { file: join(dir, "esm.tool.ts"), position: { line: 2, column: columnOf(FILES["esm.tool.ts"], 2, ";") } } });
  assert.deepEqual(cjs?.offences[0]?.syntaxError, { at: { file: join(dir, "cjs.tool.cts"), position: { line: 3, column: columnOf(FILES["cjs.tool.cts"], 3, ";") } } });
  // Node's own parser gives no place: the linter parses the text for it.
  assert.deepEqual(plain?.offences[0]?.syntaxError, { at: null });
  const forged = await lintToolModule(join(dir, "forged.tool.mjs"), options);
  assert.equal(forged.offences[0]?.syntaxError, undefined);
});

test("a syntax error in a TypeScript or JavaScript module is reported at its exact line and column", async () => {
  const dir = dirWith(FILES);
  const outcome = await cli(["--format", "json", "."], { cwd: dir });
  const report = JSON.parse(outcome.stdout) as JsonReport;
  const places = Object.fromEntries(report.files.map((f) => [f.file.replace(/^\.\//, ""), f.offences.map((o) => [o.code, o.line, o.column])]));
  assert.deepEqual(places, {
    "cjs.tool.cts": [["load-error", 3, columnOf(FILES["cjs.tool.cts"], 3, ";")]],
    "esm.tool.ts": [["load-error", 2, columnOf(FILES["esm.tool.ts"], 2, ";")]],
    "forged.tool.mjs": [["load-error", null, null]],
    "imports.tool.ts": [["load-error", null, null]],
    "plain.tool.mjs": [["load-error", 3, columnOf(FILES["plain.tool.mjs"], 3, "actions")]],
  });
});
