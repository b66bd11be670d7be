// --print-declaration FILE (src/cli/print-declaration.ts, docs/cli.md "Print a declaration"):
// for each kind of input, the document printed is the fixture's expected one (the declaration
// as read, where its values are, its offences); a file that cannot be read gives its offence,
// a null declaration and exit 1; the flags it cannot take are usage errors (exit 2).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { FIXTURES, cli } from "../support/cli.js";

const DIR = "print-declaration";

/** The expected document of a fixture: print-declaration/expected/NAME.json. */
function expected(name: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURES, DIR, "expected", `${name}.json`), "utf8"));
}

for (const name of ["catalogue.actions.json", "saved.tools.json", "wrapped.tools.json5", "weather.tool.mjs", "orders.ex", "several.ex"]) {
  test(`--print-declaration ${name}: exit 0, the declaration read, its places and offences`, async () => {
    const { code, stdout, stderr } = await cli(["--print-declaration", `${DIR}/${name}`]);
    assert.equal(stderr, "");
    assert.equal(code, 0);
    assert.deepEqual(JSON.parse(stdout), expected(name));
  });
}

test("near miss: a file that does not parse prints its parse-error and a null declaration, exit 1", async () => {
  const { code, stdout, stderr } = await cli(["--print-declaration", `${DIR}/broken.actions.json`]);
  assert.equal(stderr, "");
  assert.equal(code, 1);
  const [read, ...more] = JSON.parse(stdout).read;
  assert.deepEqual(more, []);
  assert.equal(read.declaration, null);
  assert.equal(read.places, null);
  assert.deepEqual(
    read.offences.map((o: { code: string; line: number }) => [o.code, o.line]),
    [["parse-error", 4]],
  );
});

test("a module whose value is built beyond what is read: null declaration, exit 1 (Elixir, dynamic-declaration)", async () => {
  const { code, stdout } = await cli(["--print-declaration", `${DIR}/dynamic.ex`]);
  assert.equal(code, 1);
  const [read] = JSON.parse(stdout).read;
  assert.equal(read.declaration, null);
  assert.ok(read.offences.some((o: { code: string }) => o.code === "dynamic-declaration"));
});

const MISTAKES: readonly (readonly [readonly string[], RegExp])[] = [
  [["--print-declaration", `${DIR}/missing.actions.json`], /missing\.actions\.json/],
  [["--print-declaration", DIR], /--print-declaration must name an action file/],
  [["--print-declaration", `${DIR}/catalogue.actions.json`, `${DIR}/saved.tools.json`], /give the file to it alone/],
  [["--print-declaration", `${DIR}/catalogue.actions.json`, "--format", "json"], /it takes no --format/],
  [["--print-declaration", `${DIR}/catalogue.actions.json`, "--fix"], /it takes no --fix/],
  [["--print-declaration", `${DIR}/catalogue.actions.json`, "--watch"], /it takes no --watch/],
  [["--print-declaration", `${DIR}/catalogue.actions.json`, "--update-pins"], /it takes no --update-pins/],
  [["--print-declaration", ""], /--print-declaration needs a file name/],
];

for (const [argv, message] of MISTAKES) {
  test(`usage error, exit 2, nothing on stdout: ${argv.slice(1).join(" ")}`, async () => {
    const { code, stdout, stderr } = await cli(argv);
    assert.equal(code, 2);
    assert.equal(stdout, "");
    assert.match(stderr, message);
  });
}
