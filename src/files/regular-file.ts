// Whether a path the user or a config names is a regular file, for the inputs that are read
// whole (a config file, package.json, a baseline): a FIFO would hang the read and a device
// never end it, so each is refused by name rather than opened. And the read of a file nobody
// named but whose presence counts (an ignore file, a neighbour an editor's lint reads for its
// names): only a regular file, opened without waiting (a FIFO's open blocks until a writer
// comes), and only up to a bound, whatever a link there points at.

import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from "node:fs";

/** What a file that is not a regular file is, for a message ("a FIFO"); null for a regular file. */
export function notRegularFile(stats: Stats): string | null {
  if (stats.isFile()) return null;
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isSocket()) return "a socket";
  return "a special file";
}

/** The path's kind when it exists: "file", "absent", or what else it is ("a FIFO"). */
export function fileState(path: string): "file" | "absent" | string {
  let stats: Stats | undefined;
  try {
    stats = statSync(path, { throwIfNoEntry: false });
  } catch {
    return "absent"; // a dangling or looping link, a parent that is no directory: nothing there to read
  }
  return stats === undefined ? "absent" : (notRegularFile(stats) ?? "file");
}

/**
 * The bytes of the regular file at `path` when it holds at most `maxBytes`; null when there is
 * none, it cannot be read, it is no regular file (a FIFO, a device: never waited for) or it is
 * larger. Never blocks on what sits at the path.
 */
export function readRegularFile(path: string, maxBytes: number): Buffer | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > maxBytes) return null;
    // Read to its end, which may have moved since the stat; one byte past the bound is enough to refuse it.
    let bytes = Buffer.allocUnsafe(Math.min(maxBytes + 1, stats.size + 1));
    let length = 0;
    for (;;) {
      if (length === bytes.length) {
        if (length > maxBytes) return null;
        const larger = Buffer.allocUnsafe(Math.min(maxBytes + 1, length * 2));
        bytes.copy(larger, 0, 0, length);
        bytes = larger;
      }
      const n = readSync(fd, bytes, length, bytes.length - length, null);
      if (n === 0) return bytes.subarray(0, length);
      length += n;
    }
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
