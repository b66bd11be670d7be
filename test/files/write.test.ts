// What --fix promises about the files it writes (docs/fixing.md): an edit made while the
// fix is being written is kept, not overwritten; a read-only file, a file with hard links and
// a file whose owner a new file could not keep are left alone with a note; the owner is kept;
// the temporary files of a run that was killed are swept by the next --fix beside them.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { appendFileSync, chmodSync, chownSync, copyFileSync, linkSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { WriteSkipped, writeAtomically } from "../../src/files/write.js";
import { cli } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const CASE = repoPath("test/fixtures/fix/json/catalogue.actions.json");
const FIXED = readFileSync(repoPath("test/fixtures/fix/json/fixed/catalogue.actions.json"));
const INPUT = readFileSync(CASE);
const ROOT = process.getuid?.() === 0;

/** A fresh directory holding a copy of the fixture, as catalogue.actions.json. */
function copy(): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-write-"));
  const path = join(dir, "catalogue.actions.json");
  copyFileSync(CASE, path);
  chmodSync(path, 0o644);
  return { dir, path };
}

test("an edit made while the fix is being written is kept, and no temporary file is left", () => {
  const { dir, path } = copy();
  const edit = (): void => appendFileSync(path, "\n");
  assert.throws(
    () => writeAtomically(path, INPUT, FIXED, edit),
    (e: unknown) => e instanceof WriteSkipped && /changed while the fix was being written/.test(e.message),
  );
  assert.deepEqual(readFileSync(path), Buffer.concat([INPUT, Buffer.from("\n")]));
  assert.deepEqual(readdirSync(dir), ["catalogue.actions.json"]);
  // The same bytes written again in place (inode and size kept, the time moved) count as an edit too.
  const again = copy();
  utimesSync(again.path, new Date("2001-02-03T04:05:06Z"), new Date("2001-02-03T04:05:06Z"));
  assert.throws(() => writeAtomically(again.path, INPUT, FIXED, () => writeFileSync(again.path, INPUT, { flag: "r+" })), WriteSkipped);
  assert.deepEqual(readdirSync(again.dir), ["catalogue.actions.json"]);
});

test("--fix leaves a read-only file alone, with a note, even as root", async () => {
  const { dir, path } = copy();
  chmodSync(path, 0o444);
  const { code, stderr } = await cli(["--fix", "catalogue.actions.json"], { cwd: dir });
  assert.equal(code, 1);
  assert.match(stderr, /"catalogue\.actions\.json" was not fixed: it is read-only/);
  assert.deepEqual(readFileSync(path), INPUT);
  assert.equal(statSync(path).mode & 0o777, 0o444);
});

test("--fix leaves a file with hard links alone, with a note: the links are not split", async () => {
  const { dir, path } = copy();
  linkSync(path, join(dir, "other.actions.json"));
  const { stderr } = await cli(["--fix", "catalogue.actions.json"], { cwd: dir });
  assert.match(stderr, /"catalogue\.actions\.json" was not fixed: it has 2 hard links/);
  assert.deepEqual(readFileSync(path), INPUT);
  assert.equal(statSync(path).nlink, 2);
});

test("--fix keeps the file's owner and group", { skip: ROOT ? false : "only root can give a file to another user" }, async () => {
  const { dir, path } = copy();
  chownSync(path, 1234, 1234);
  await cli(["--fix", "catalogue.actions.json"], { cwd: dir });
  assert.deepEqual(readFileSync(path), FIXED);
  const { uid, gid } = statSync(path);
  assert.deepEqual([uid, gid], [1234, 1234]);
});

test("--fix sweeps the temporary files a killed run left beside the files, and keeps a running one's", async () => {
  const { dir, path } = copy();
  const ended = spawnSync(process.execPath, ["-e", ""]).pid as number;
  const dead = `.catalogue.actions.json.wymcp-lint-${ended}-0123abcd.tmp`;
  const alive = ".catalogue.actions.json.wymcp-lint-1-0123abcd.tmp"; // init never ends
  const unrelated = ".catalogue.actions.json.wymcp-lint-x.tmp";
  for (const name of [dead, alive, unrelated]) writeFileSync(join(dir, name), "half");
  await cli(["--fix", "catalogue.actions.json"], { cwd: dir });
  assert.deepEqual(readFileSync(path), FIXED);
  assert.deepEqual(readdirSync(dir).sort(), [alive, unrelated, "catalogue.actions.json"].sort());
});
