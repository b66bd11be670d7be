// Writes a fixed file the only way --fix writes anything: atomically. The new bytes go to a
// temporary file beside the real one (same directory, so the rename cannot cross devices),
// with the original's mode, are flushed to disk, and replace it by rename; a symlink is
// followed, so the link stays a link. If the file changed since it was read, it is left alone.

import { closeSync, fsyncSync, fchmodSync, openSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { randomBytes } from "node:crypto";

/** Why a fixed file was not written. */
export class WriteSkipped extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WriteSkipped";
  }
}

/** Replaces the file at `path`, which must still hold `original`, with `bytes`. */
export function writeAtomically(path: string, original: Uint8Array, bytes: Uint8Array): void {
  const real = realpathSync(path);
  const { mode } = statSync(real);
  if (!readFileSync(real).equals(original)) throw new WriteSkipped("it changed while it was being linted");
  const temporary = join(dirname(real), `.${basename(real)}.wymcp-lint-${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  const fd = openSync(temporary, "wx", mode & 0o7777);
  try {
    try {
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
      fchmodSync(fd, mode & 0o7777); // the umask may have narrowed the mode openSync gave
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, real);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // already renamed or never created: nothing to clean up
    }
    throw error;
  }
  syncDirectory(dirname(real));
}

// Makes the rename itself durable; some platforms cannot open a directory, which only costs durability.
function syncDirectory(directory: string): void {
  let fd: number;
  try {
    fd = openSync(directory, "r");
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // not supported here (e.g. Windows)
  } finally {
    closeSync(fd);
  }
}
