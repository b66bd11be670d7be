// Where a built entry module is, for a starter that runs it apart: a lint worker thread's
// (src/inputs/lint-worker.ts) or a module process's (spawn.ts). Built (dist/, or the bundle),
// the entry sits beside the module that starts it. Run from the TypeScript source (the tests,
// under tsx's loader), the starter is src/<folder>/<starter>.ts and the entry is still the
// built one, dist/<folder>/<name>.js: on Node 20 neither a worker thread nor a module process
// inherits tsx's loader, and a module process running tsx would not load tool modules as a
// user's does (CONTRIBUTING.md, "Test"). So that such a test never runs an older build than
// the source, the build records a checksum of each source file (sourceStamp, written by
// scripts/source-stamp.mjs), and the built entry is given from the source only while src/
// matches it; otherwise the start fails, naming the files changed and saying to build.

import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** Where the build records the source it was built from, from the checkout's root. */
export const SOURCE_STAMP = "dist/source-stamp.json";

/** The URL of the built entry `name` for the module at `starterUrl` (its import.meta.url). */
export function builtEntryUrl(name: string, starterUrl: string): URL {
  const entry = new URL(`./${name}.js`, starterUrl);
  if (!new URL(starterUrl).pathname.endsWith(".ts")) return entry;
  const at = entry.href.lastIndexOf("/src/");
  const root = new URL(entry.href.slice(0, at + 1));
  assertBuiltFromSource(root);
  return new URL(`dist/${entry.href.slice(at + "/src/".length)}`, root);
}

/** Each file under src/ of the checkout at `root`, by its path from there, with the CRC-32 of its bytes, in path order. */
export function sourceStamp(root: URL): Record<string, string> {
  // Loaded here, not at start-up: only a run from the source or the build's last step computes it.
  const { crc32 } = process.getBuiltinModule("node:zlib");
  const top = fileURLToPath(root);
  const files = readdirSync(join(top, "src"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(top, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
  const stamp: Record<string, string> = {};
  for (const file of files) stamp[file] = crc32(readFileSync(join(top, file))).toString(16);
  return stamp;
}

// The checkouts whose build was found to match their source, in this process.
const current = new Set<string>();

/**
 * Throws unless dist/ in the checkout at `root` was built from its src/ as it is now: what the
 * starters check before running a built entry from the source, and the tests that run built
 * modules themselves. Checked once per process.
 */
export function assertBuiltFromSource(root: URL): void {
  if (current.has(root.href)) return;
  let recorded: Record<string, string>;
  try {
    recorded = JSON.parse(readFileSync(new URL(SOURCE_STAMP, root), "utf8")) as Record<string, string>;
  } catch {
    throw new Error(`${SOURCE_STAMP} is missing or unreadable, so dist/ may be older than src/: run \`npm run build\` (what runs from the build: CONTRIBUTING.md, "Test")`);
  }
  const now = sourceStamp(root);
  const changed = [...new Set([...Object.keys(now), ...Object.keys(recorded)])].filter((file) => now[file] !== recorded[file]).sort();
  if (changed.length > 0) {
    const named = changed.length > 3 ? `${changed.slice(0, 3).join(", ")} and ${changed.length - 3} more` : changed.join(", ");
    throw new Error(`dist/ is not the build of src/ as it is now (changed since the build: ${named}): run \`npm run build\` (what runs from the build: CONTRIBUTING.md, "Test")`);
  }
  current.add(root.href);
}
