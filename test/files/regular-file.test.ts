// Reading a file whose presence counts but that nobody named (src/files/regular-file.ts): only
// a regular file, whole, up to a bound; a FIFO is never waited for, a device never read, a
// file past the bound refused.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { readRegularFile } from "../../src/files/regular-file.js";

test("a regular file is read whole up to the bound; a FIFO, a link to a device, a missing or larger file give null", () => {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-lint-regular-"));
  try {
    writeFileSync(join(dir, "rules"), "drafts/\n");
    assert.equal(readRegularFile(join(dir, "rules"), 100)?.toString(), "drafts/\n");
    assert.equal(readRegularFile(join(dir, "rules"), 8)?.toString(), "drafts/\n");
    assert.equal(readRegularFile(join(dir, "rules"), 7), null);
    writeFileSync(join(dir, "empty"), "");
    assert.equal(readRegularFile(join(dir, "empty"), 10)?.length, 0);
    // A FIFO with no writer: opening it to read would wait for one.
    execFileSync("mkfifo", [join(dir, "fifo")]);
    assert.equal(readRegularFile(join(dir, "fifo"), 100), null);
    // A device that never ends.
    symlinkSync("/dev/zero", join(dir, "zero"));
    assert.equal(readRegularFile(join(dir, "zero"), 100), null);
    assert.equal(readRegularFile(join(dir, "absent"), 100), null);
    assert.equal(readRegularFile(dir, 100), null);
    // Larger than the first read's guess, within the bound.
    appendFileSync(join(dir, "rules"), "x".repeat(5000));
    assert.equal(readRegularFile(join(dir, "rules"), 10_000)?.length, 5008);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
