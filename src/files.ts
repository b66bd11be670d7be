// What kind of file a name is, by its extension: an action file in JSON or JSON5, or a tool
// module. Its own small module because the command line is read with it before the rest of
// the linter is loaded (src/cli/early.ts).

import { extname } from "node:path";

/** How a file is read: an action file in JSON or JSON5, or a tool module that is imported. */
export type FileKind = "json" | "json5" | "module";

const KIND_BY_EXTENSION: Readonly<Record<string, FileKind>> = {
  ".json": "json",
  ".json5": "json5",
  ".js": "module",
  ".mjs": "module",
  ".cjs": "module",
  ".ts": "module",
  ".mts": "module",
  ".cts": "module",
};

/** A file's kind by its extension, null when the linter does not read that kind. */
export function kindOf(fileName: string): FileKind | null {
  return KIND_BY_EXTENSION[extname(fileName)] ?? null;
}
