// Writes a file the only way the linter writes anything (--fix's fixed files, the baseline
// --update-baseline writes): atomically, and a fixed file only over the file as it was read
// (docs/fixing.md, says what this guarantees). The new bytes go to a
// temporary file beside the real one (same directory, so the rename cannot cross devices),
// with the original's mode and owner, are flushed to disk, and replace it by rename; a
// symlink is followed, so the link stays a link. Just before the rename the file is checked
// again (inode, size, modification time, bytes): an edit made while the fix was being
// written leaves the file alone. A read-only file to be fixed, one with hard links (a rename would split
// them) and one whose owner cannot be kept are left alone too, each with its reason. A write
// is synchronous from start to rename, so a signal the CLI handles (src/cli/signals.ts) waits
// for it to end and finds no temporary file; those a killed process left are swept by a
// later run (sweepTemporaryFiles).

import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fstatSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  type Stats,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { readRegularFile } from "./regular-file.js";

/** Why a fixed file was not written. */
export class WriteSkipped extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WriteSkipped";
  }
}

/** The temporary file's name for `file` (".NAME.wymcp-lint-PID-HEX.tmp"), matched by TEMPORARY_NAME. */
function temporaryName(file: string): string {
  return `.${basename(file)}.wymcp-lint-${process.pid}-${process.getBuiltinModule("node:crypto").randomBytes(4).toString("hex")}.tmp`;
}

const TEMPORARY_NAME = /^\..+\.wymcp-lint-(\d+)-[0-9a-f]{8}\.tmp$/;

/** Why the file cannot be replaced as it stands, or null. */
function refusal(stats: Stats, real: string): string | null {
  // Root may write anything: the mode bits say what the owner meant.
  if ((stats.mode & 0o222) === 0 || !writable(real)) return "it is read-only (make it writable to have it fixed)";
  if (stats.nlink > 1) return `it has ${stats.nlink} hard links, which replacing it would split (fix it by hand, or give it one link)`;
  return null;
}

/** Gives the temporary file the original's owner and group, or says why it cannot be. */
function keepOwner(fd: number, read: Stats): void {
  const made = fstatSync(fd);
  if (made.uid === read.uid && made.gid === read.gid) return;
  try {
    fchownSync(fd, read.uid, read.gid);
  } catch {
    throw new WriteSkipped("it belongs to another user or group, which a new file could not keep");
  }
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether the file is still the one read: same inode, size and modification time, and the same bytes. */
function unchanged(real: string, read: Stats, original: Uint8Array): boolean {
  const now = statSync(real);
  if (now.ino !== read.ino || now.dev !== read.dev || now.size !== read.size || now.mtimeMs !== read.mtimeMs) return false;
  return readFileSync(real).equals(original);
}

/**
 * Replaces the file at `path`, which must still hold `original`, with `bytes`; throws
 * WriteSkipped when it must be left alone. `beforeRename` runs just before the last check
 * (tests use it to edit the file at the worst moment).
 */
export function writeAtomically(path: string, original: Uint8Array, bytes: Uint8Array, beforeRename?: () => void): void {
  const real = realpathSync(path);
  const read = statSync(real);
  const refused = refusal(read, real);
  if (refused !== null) throw new WriteSkipped(refused);
  if (!readFileSync(real).equals(original)) throw new WriteSkipped("it changed while it was being linted");
  replace(real, read, bytes, () => {
    beforeRename?.();
    if (!unchanged(real, read, original)) throw new WriteSkipped("it changed while the fix was being written");
  });
}

/**
 * Writes `bytes` to `path` whatever it held (the baseline): through a symlink to its target,
 * keeping an existing file's mode and owner; a new file gets the mode the umask allows (0666 narrowed).
 */
export function writeFileAtomically(path: string, bytes: Uint8Array): void {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    real = path; // a new file (or a link to none yet): written where the name is
  }
  replace(real, statSync(real, { throwIfNoEntry: false }) ?? null, bytes, () => undefined);
}

/**
 * Writes `bytes` to `path` as writeFileAtomically does, unless the file holds those bytes
 * already: then it is left as it is, times and all, so a run that changes nothing makes no
 * change a watch would see (the pins, the baseline). Whether it wrote.
 */
export function writeFileIfChanged(path: string, bytes: Uint8Array): boolean {
  if (readRegularFile(path, bytes.length)?.equals(bytes) === true) return false;
  writeFileAtomically(path, bytes);
  return true;
}

/**
 * The temporary file, with `existing`'s mode and owner, flushed, checked (`check` throws to
 * keep the file as it is), renamed over `real`, then the rename flushed. `existing` null: a
 * new file, as the umask allows.
 */
function replace(real: string, existing: Stats | null, bytes: Uint8Array, check: () => void): void {
  const temporary = join(dirname(real), temporaryName(real));
  let fd: number;
  try {
    fd = openSync(temporary, "wx", existing === null ? 0o666 : existing.mode & 0o7777);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "EROFS") throw new WriteSkipped("its folder is read-only, so no new version can be written beside it");
    throw error;
  }
  try {
    try {
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
      if (existing !== null) {
        fchmodSync(fd, existing.mode & 0o7777); // the umask may have narrowed the mode openSync gave
        keepOwner(fd, existing); // a new file is the writer's (root's, under sudo)
      }
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    check();
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

/**
 * Removes the temporary files in `directory` that a wymcp-lint process no longer running
 * left behind (killed while it wrote). Those of a running process are its own.
 */
export function sweepTemporaryFiles(directory: string): void {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = TEMPORARY_NAME.exec(name)?.[1];
    if (pid === undefined || Number(pid) === process.pid || running(Number(pid))) continue;
    try {
      unlinkSync(join(directory, name));
    } catch {
      // gone already, or not ours to remove
    }
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
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
