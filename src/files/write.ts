// Writes a file the only way the linter writes anything (--fix's fixed files, the baseline
// --update-baseline writes): atomically. The new bytes go to a temporary file beside the real
// one (same directory, so the rename cannot cross devices), with the original's mode, are
// flushed to disk, and replace it by rename; a symlink is followed, so the link stays a link.
// writeAtomically leaves a file alone if it changed since it was read.

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
  replace(real, mode & 0o7777, bytes);
}

/**
 * Writes `bytes` to `path` whatever it held: through a symlink to its target, keeping an
 * existing file's mode; a new file gets the mode the umask allows (0666 narrowed).
 */
export function writeFileAtomically(path: string, bytes: Uint8Array): void {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    real = path; // a new file (or a link to none yet): written where the name is
  }
  const existing = statSync(real, { throwIfNoEntry: false });
  replace(real, existing === undefined ? null : existing.mode & 0o7777, bytes);
}

/** The temporary file, flushed, renamed over `real`, then the rename flushed. `mode` null: a new file, as the umask allows. */
function replace(real: string, mode: number | null, bytes: Uint8Array): void {
  const temporary = join(dirname(real), `.${basename(real)}.wymcp-lint-${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  const fd = openSync(temporary, "wx", mode ?? 0o666);
  try {
    try {
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
      if (mode !== null) fchmodSync(fd, mode); // the umask may have narrowed the mode openSync gave
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
