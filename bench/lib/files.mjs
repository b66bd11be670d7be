// Lists the files under the given paths the way a linter discovers its input: directories
// are searched recursively, skipping node_modules and dot-folders (docs/inputs.md); a file
// argument is taken as is. Shared by the floors, the ajv contender and the generator.

import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Paths of the files under `paths` whose name ends with one of `suffixes` (all when empty). */
export function listFiles(paths, suffixes = []) {
  const out = [];
  const wanted = (name) => suffixes.length === 0 || suffixes.some((s) => name.endsWith(s));
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(join(dir, entry.name));
      } else if (entry.isFile() && wanted(entry.name)) {
        out.push(join(dir, entry.name));
      }
    }
  };
  for (const p of paths) {
    if (statSync(p).isDirectory()) walk(p);
    else out.push(p);
  }
  return out;
}
