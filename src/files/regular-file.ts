// Whether a path the user or a config names is a regular file, for the inputs that are read
// whole (a config file, package.json, a baseline): a FIFO would hang the read and a device
// never end it, so each is refused by name rather than opened.

import { statSync, type Stats } from "node:fs";

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
