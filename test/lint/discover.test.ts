// Discovery (docs/inputs.md) and reading, one level below run(): the exact files discover()
// returns and the names they are reported by, path order segment by segment, kinds by
// extension, and the read failures the pipeline confines to their file.

import assert from "node:assert/strict";
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { compareFiles, discover } from "../../src/lint/discover.js";
import { comparePaths } from "../../src/core/path.js";
import { lintFound } from "../support/lint.js";
import { kindOf, toolNameOf } from "../../src/files/kind.js";
import { UsageError } from "../../src/usage-error.js";
import { FIXTURES, tempDir } from "../support/cli.js";

const reported = async (args: string[], cwd = FIXTURES): Promise<string[]> => (await discover(args, cwd)).files.map((f) => f.file);

test("a directory search finds action files and tool modules only, skipping node_modules and dot-folders", async () => {
  const { files } = await discover(["discovery/tools"], FIXTURES);
  assert.deepEqual(
    files.map((f) => [f.file, f.kind, f.path]),
    [
      ["discovery/tools/a.actions.json", "action-file", join(FIXTURES, "discovery/tools/a.actions.json")],
      ["discovery/tools/c.tool.mjs", "tool-module", join(FIXTURES, "discovery/tools/c.tool.mjs")],
      ["discovery/tools/nested/deeper/b.actions.json5", "action-file", join(FIXTURES, "discovery/tools/nested/deeper/b.actions.json5")],
    ],
  );
});

test("reported names: the argument as given, joined with the path found under it", async () => {
  assert.deepEqual(await reported(["./discovery/tools/nested"]), ["./discovery/tools/nested/deeper/b.actions.json5"]);
  assert.deepEqual(await reported(["discovery/tools/nested/"]), ["discovery/tools/nested/deeper/b.actions.json5"]);
  assert.deepEqual(await reported([join(FIXTURES, "discovery/tools/nested")]), [join(FIXTURES, "discovery/tools/nested/deeper/b.actions.json5")]);
  assert.deepEqual(await reported([], join(FIXTURES, "discovery/tools/nested")), ["deeper/b.actions.json5"]);
  assert.deepEqual(await reported(["discovery/tools/*.tool.mjs"]), ["discovery/tools/c.tool.mjs"]);
});

test("files come in path order, segment by segment, by UTF-16 code units", async () => {
  const dir = tempDir();
  for (const sub of ["a", "a-b", "B", "ä"]) {
    mkdirSync(join(dir, sub));
    writeFileSync(join(dir, sub, "x.actions.json"), "{}");
  }
  writeFileSync(join(dir, "a", "Z.tool.mjs"), "");
  // As strings "a-b/…" sorts before "a/…" ("-" < "/"); by segments "a" is a prefix of nothing and sorts first.
  assert.deepEqual(await reported([], dir), ["B/x.actions.json", "a/Z.tool.mjs", "a/x.actions.json", "a-b/x.actions.json", "ä/x.actions.json"]);
  // Whatever order the arguments come in.
  assert.deepEqual(await reported(["ä", "a-b", "a", "B"], dir), ["B/x.actions.json", "a/Z.tool.mjs", "a/x.actions.json", "a-b/x.actions.json", "ä/x.actions.json"]);
});

test('compareFiles orders two paths as comparing their segments does, over every mix of separators and the units around "/"', () => {
  // Units below, at and above "/" (0x2f), and one beyond the BMP, so a plain string comparison would disagree.
  const units = ["/", "-", ".", "0", "a", "é", "\u{1F600}"];
  let seed = 7;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const path = (): string => Array.from({ length: 1 + next(6) }, () => units[next(units.length)]).join("");
  const sign = (n: number): number => Math.sign(n);
  let disagreeing = 0;
  for (let i = 0; i < 5000; i++) {
    const [a, b] = [path(), path()];
    if (sign(compareFiles(a, b)) !== sign(comparePaths(a.split("/"), b.split("/")))) disagreeing++;
    if (sign(compareFiles(a, b)) !== -sign(compareFiles(b, a))) disagreeing++;
  }
  assert.equal(disagreeing, 0);
  assert.ok(compareFiles("x/a", "x-b") < 0, "a shorter first segment sorts first though '-' is below '/'");
  assert.equal(compareFiles("a/b", "a/b"), 0);
});

test("symlinks: a symlinked file is followed; a symlinked directory found in a search is not entered, a named one is", async () => {
  const dir = tempDir();
  mkdirSync(join(dir, "real"));
  writeFileSync(join(dir, "real", "t.actions.json"), "{}");
  symlinkSync("real", join(dir, "alias"));
  symlinkSync("..", join(dir, "real", "up"));
  symlinkSync(join(dir, "real", "t.actions.json"), join(dir, "real", "link.actions.json"));
  symlinkSync("missing.actions.json", join(dir, "real", "dangling.actions.json"));
  // alias/ and real/up are not entered (as git and ripgrep do not); link.actions.json names
  // the same file as t.actions.json: the file is kept once, under its first name in path order.
  assert.deepEqual(await reported([], dir), ["real/link.actions.json"]);
  assert.deepEqual(await reported(["real"], dir), ["real/link.actions.json"]);
  assert.deepEqual(await reported(["alias"], dir), ["alias/link.actions.json"]);
});

test("within a directory, a symlinked file found by a search or a glob that leads out of it is skipped; one that stays inside is kept", async () => {
  const outside = realpathSync(tempDir());
  const dir = join(realpathSync(tempDir()), "root");
  mkdirSync(join(dir, "tools"), { recursive: true });
  writeFileSync(join(outside, "far.actions.json"), "{}");
  writeFileSync(join(dir, "tools", "near.actions.json"), "{}");
  symlinkSync(join(outside, "far.actions.json"), join(dir, "tools", "far.actions.json"));
  symlinkSync("near.actions.json", join(dir, "tools", "twin.actions.json"));
  const within = async (args: string[]): Promise<string[]> => (await discover(args, dir, { within: dir })).files.map((f) => f.file);
  assert.deepEqual(await within(["tools"]), ["tools/near.actions.json"]);
  assert.deepEqual(await within(["tools/*.json"]), ["tools/near.actions.json"]);
  await assert.rejects(within(["tools/far*"]), /1 symlink leads outside the root/);
  // Without it, the link is followed, as the CLI follows it.
  assert.deepEqual(await reported(["tools"], dir), ["tools/far.actions.json", "tools/near.actions.json"]);
});

test("of two named ways to one directory, the first argument's is kept", async () => {
  const dir = tempDir();
  mkdirSync(join(dir, "a"));
  mkdirSync(join(dir, "z"));
  writeFileSync(join(dir, "z", "t.actions.json"), "{}");
  symlinkSync(join("..", "z"), join(dir, "a", "link"));
  assert.deepEqual(await reported(["a/link", "z"], dir), ["a/link/t.actions.json"]);
  assert.deepEqual(await reported(["z", "a/link"], dir), ["z/t.actions.json"]);
  await assert.rejects(discover(["a"], dir), /holds no action file/);
});

test("a glob keeps the matches named as a directory search names files (not data.json); a named file of a kind we do not read is a usage error", async () => {
  assert.deepEqual(await reported(["discovery/tools/*"]), ["discovery/tools/a.actions.json", "discovery/tools/c.tool.mjs", "discovery/tools/nested/deeper/b.actions.json5"]);
  await assert.rejects(discover(["discovery/tools/readme.md"], FIXTURES), UsageError);
  await assert.rejects(discover(["discovery/*.md"], FIXTURES), UsageError);
});

test("kinds by extension, and the tool's name from the file name", () => {
  const kinds = ["a.json", "a.json5", "a.tools.json", "a.tools.json5", "a.js", "a.mjs", "a.cjs", "a.ts", "a.mts", "a.cts", "a.ex", "a.exs", "a.md", "a", "a.JSON", "a.d.ts"].map(
    kindOf,
  );
  const module = "tool-module";
  assert.deepEqual(kinds, [
    "action-file",
    "action-file",
    "tools-file",
    "tools-file",
    module,
    module,
    module,
    module,
    module,
    module,
    "elixir-module",
    "elixir-module",
    null,
    null,
    null,
    module,
  ]);
  assert.deepEqual(["dir/search.actions.json", "search.actions.json5", "a.b.actions.json", "schema.json", "x.actions.backup.json", ".actions.json", "noext"].map(toolNameOf), [
    "search",
    "search",
    "a.b",
    "schema",
    "x",
    "",
    "noext",
  ]);
});

test("a file that cannot be read is a parse-error of that file only", async () => {
  const dir = tempDir();
  mkdirSync(join(dir, "dir.actions.json"));
  writeFileSync(join(dir, "ok.actions.json"), '{"a": {"description": "A", "properties": {}}}');
  const result = await lintFound(
    [
      { file: "dir.actions.json", path: join(dir, "dir.actions.json"), kind: "action-file" },
      { file: "gone.actions.json", path: join(dir, "gone.actions.json"), kind: "action-file" },
      { file: "ok.actions.json", path: join(dir, "ok.actions.json"), kind: "action-file" },
    ],
    { timeoutMs: 1000 },
  );
  assert.deepEqual(
    result.files.map((f) => [f.file, f.tool, f.actions, f.offences.map((o) => `${o.code}: ${o.message}`)]),
    [
      ["dir.actions.json", "dir", 0, ["parse-error: the file cannot be read: it is a directory"]],
      ["gone.actions.json", "gone", 0, ["parse-error: the file cannot be read: it no longer exists"]],
      ["ok.actions.json", "ok", 1, []],
    ],
  );
  assert.deepEqual(result.summary, { files: 3, actions: 1, offences: 2, errors: 2, warnings: 0 });
});
