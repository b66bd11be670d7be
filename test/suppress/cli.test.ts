// Inline suppressions through the CLI, one fixture folder per file kind under
// test/fixtures/suppress/ (JSON5, TypeScript, JavaScript), each beside its exact text
// report (expected.txt; UPDATE_GOLDEN=1 rewrites it). Between them: a directive that
// suppresses (next-line and file), one that suppresses nothing, one naming a code that
// does not exist (with the close match), and directive text inside strings, templates and
// regular expressions, which is no directive.

import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { cli, summary, untimed } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const SUPPRESS = repoPath("test/fixtures/suppress");
const UPDATE = process.env["UPDATE_GOLDEN"] === "1";

for (const kind of readdirSync(SUPPRESS).sort()) {
  test(`suppressions in ${kind}: used, unused and wrong-code directives`, { timeout: 120_000 }, async () => {
    const dir = join(SUPPRESS, kind);
    const { code, stdout, stderr } = await cli(["--no-config"], { cwd: dir });
    assert.equal(stderr, "");
    assert.equal(code, 1);
    const expected = join(dir, "expected.txt");
    if (UPDATE) writeFileSync(expected, untimed(stdout));
    assert.equal(untimed(stdout), readFileSync(expected, "utf8"));
  });
}

test("unused-disable follows the config like any code: off hides it", async () => {
  const dir = join(SUPPRESS, "json5");
  const { stdout } = await cli(["--format", "json", "--config", repoPath("test/fixtures/config/unused-disable-off.json")], { cwd: dir });
  const codes = JSON.parse(stdout).files[0].offences.map((o: { code: string }) => o.code);
  assert.deepEqual(codes, ["unknown-key", "unknown-key"]);
});

test("a suppressed offence is gone from every total; the directive's own warning counts as a warning", async () => {
  const { stdout } = await cli(["--format", "json", "--no-config"], { cwd: join(SUPPRESS, "json5") });
  assert.deepEqual(JSON.parse(stdout).summary, { files: 1, actions: 3, offences: 4, errors: 2, warnings: 2 });
});

test("directives apply to a JSON5 buffer read with --stdin too", async () => {
  const buffer = '{\n  search: {\n    description: "Search",\n    properties: {},\n    // wymcp-lint-disable-next-line unknown-key -- kept\n    extra: 1,\n  },\n}\n';
  const { code, stdout } = await cli(["--stdin", "--stdin-filename", "search.actions.json5", "--no-config"], { stdin: buffer });
  assert.equal(code, 0);
  assert.equal(summary(stdout), "1 file, 1 action: no offences (T s)");
  const unused = await cli(["--stdin", "--stdin-filename", "search.actions.json5", "--no-config"], { stdin: buffer.replace("extra: 1", 'notes: "n"') });
  assert.match(unused.stdout, /^search\.actions\.json5:5:5 {2}warning unused-disable {2}/m);
});

test("wymcp-lint-disable-line removes the offences of its own line, as ESLint's does; a slip of it suggests it", async () => {
  const { stdout } = await cli(["--format", "json", "--no-config"], { cwd: join(SUPPRESS, "disable-line") });
  const found = JSON.parse(stdout).files.flatMap((f: { offences: { code: string; line: number; message: string }[] }) => f.offences.map((o) => `${o.line} ${o.code}`));
  assert.deepEqual(found, ["6 unused-disable", "11 unused-disable", "11 unknown-key"]);
  assert.match(stdout, /did you mean \\"wymcp-lint-disable-line\\"/);
  assert.doesNotMatch(stdout, /wymcp-lint-disable-file/);
});
