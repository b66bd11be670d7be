// Where a starter finds its built entry (src/modules/entry-url.ts): beside itself when built;
// from the source, in dist/, and only while dist/ is the build of src/ as it is now (the stamp
// the build records): a source file changed, added or removed since, or no stamp at all, and
// the start fails naming what changed and saying to build. Checked on a checkout made for the
// test, so the real build is never touched.

import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { builtEntryUrl, SOURCE_STAMP, sourceStamp } from "../../src/modules/entry-url.js";

/** A checkout with two source files and, unless told otherwise, the stamp of a build of them. */
function checkout(stamped = true): { root: URL; starter: string } {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-entry-url-"));
  mkdirSync(join(dir, "src", "modules", "child"), { recursive: true });
  mkdirSync(join(dir, "dist"));
  writeFileSync(join(dir, "src", "modules", "spawn.ts"), "export const a = 1;\n");
  writeFileSync(join(dir, "src", "modules", "child", "main.ts"), "export const b = 2;\n");
  const root = pathToFileURL(`${dir}/`);
  if (stamped) writeFileSync(join(dir, SOURCE_STAMP), JSON.stringify(sourceStamp(root)));
  return { root, starter: new URL("src/modules/spawn.ts", root).href };
}

test("a built starter's entry is beside it, and nothing is checked", () => {
  assert.equal(builtEntryUrl("child/main", "file:///nowhere/dist/bundle/early.cjs").href, "file:///nowhere/dist/bundle/child/main.js");
  assert.equal(builtEntryUrl("action-worker", "file:///nowhere/dist/inputs/lint-worker.js").href, "file:///nowhere/dist/inputs/action-worker.js");
});

test("from the source, the entry is the build's while the stamp matches src/", (t) => {
  const { root, starter } = checkout();
  t.after(() => rmSync(root, { recursive: true }));
  assert.equal(builtEntryUrl("child/main", starter).href, new URL("dist/modules/child/main.js", root).href);
  assert.deepEqual(Object.keys(sourceStamp(root)), ["src/modules/child/main.ts", "src/modules/spawn.ts"]);
});

test("from the source, a file changed, added or removed since the build fails the start, naming it", (t) => {
  const cases: [string, (dir: URL) => void, RegExp][] = [
    ["changed", (dir) => writeFileSync(new URL("src/modules/child/main.ts", dir), "export const b = 3;\n"), /changed since the build: src\/modules\/child\/main\.ts\)/],
    ["added", (dir) => writeFileSync(new URL("src/modules/new.ts", dir), ""), /changed since the build: src\/modules\/new\.ts\)/],
    ["removed", (dir) => rmSync(new URL("src/modules/spawn.ts", dir)), /changed since the build: src\/modules\/spawn\.ts\)/],
  ];
  for (const [what, edit, named] of cases) {
    const { root, starter } = checkout();
    t.after(() => rmSync(root, { recursive: true }));
    edit(root);
    assert.throws(
      () => builtEntryUrl("child/main", starter),
      (error: Error) => {
        assert.match(error.message, /^dist\/ is not the build of src\/ as it is now /, what);
        assert.match(error.message, named, what);
        assert.match(error.message, /run `npm run build`/);
        return true;
      },
    );
  }
});

test("from the source, a build without a stamp fails the start", (t) => {
  const { root, starter } = checkout(false);
  t.after(() => rmSync(root, { recursive: true }));
  assert.throws(() => builtEntryUrl("child/main", starter), /^Error: dist\/source-stamp\.json is missing or unreadable, so dist\/ may be older than src\/: run `npm run build`/);
});
