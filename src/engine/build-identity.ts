// What the running linter is built from, keying the result cache (cache.ts) beside its version:
// a rebuild at the same version, a patched install or another version of a dependency changes
// results without changing the version, and must not be served the old build's findings
// (docs/cli.md, "Cache"). It is a checksum of the linter's own code as it runs (the bundle,
// dist/bundle/, but for its code cache, which the build makes from the chunks; the
// folder above this one when it runs unbundled: dist/ or src/), the size and mtime of the
// vendored grammar (vendor/, large, changed only with a new version), and the installed
// version of each dependency package.json names. Computed once per engine that opens a cache;
// a file that cannot be read is part of it as such.
//
// The checksum is checksum.ts's, the chunk loader's, not a cryptographic hash: it guards against
// an accident, a changed build, never an adversary, and loading node:crypto to hash costs every
// warm run (bench/README.md).

import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { checksum } from "./checksum.js";
import { CODE_CACHE_DIR } from "./code-cache-folder.js";

const HERE = fileURLToPath(new URL(".", import.meta.url));
/** The package root: two levels below it, as in version.ts, whether bundled or not. */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The folder of the code that runs: the bundle when this is a chunk of it, else the tree this folder is part of. */
function codeRoot(): string {
  return basename(HERE) === "bundle" ? HERE : join(HERE, "..");
}

/** A running checksum of what it is fed. */
class Checksum {
  #sum = checksum(new Uint8Array());

  update(data: string | Uint8Array): this {
    this.#sum = checksum(typeof data === "string" ? Buffer.from(data) : data, this.#sum);
    return this;
  }

  digest(): string {
    return this.#sum.toString(16).padStart(8, "0");
  }
}

/** Every file under `dir` (but `skipped`), in a stable order, each fed to `sum` by name and by what `describe` says of it. */
function sumTree(sum: Checksum, dir: string, describe: (path: string) => string | Uint8Array, skipped?: string): void {
  let entries: { name: string; isDirectory(): boolean; isFile(): boolean }[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    sum.update(`unreadable ${dir}\n`);
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (path === skipped) continue;
    if (entry.isDirectory()) sumTree(sum, path, describe);
    else if (entry.isFile()) sum.update(`${path.slice(ROOT.length)}\n`).update(describe(path));
  }
}

function contentOf(path: string): string | Uint8Array {
  try {
    return readFileSync(path);
  } catch {
    return "unreadable";
  }
}

function metadataOf(path: string): string {
  try {
    const stat = statSync(path);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return "unreadable";
  }
}

/** The installed version of the package `name`, as Node would resolve it from the package root. */
function installedVersion(name: string): string {
  for (let dir = ROOT; ; dir = dirname(dir)) {
    try {
      const version = (JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8")) as { version?: unknown }).version;
      return typeof version === "string" ? version : "no version";
    } catch {
      if (dirname(dir) === dir) return "not installed";
    }
  }
}

/** The checksum of what the running linter is built from (see above). */
export function buildIdentity(): string {
  const sum = new Checksum();
  const code = codeRoot();
  sumTree(sum, code, contentOf, join(code, CODE_CACHE_DIR));
  sumTree(sum, join(ROOT, "vendor"), metadataOf);
  let dependencies: Record<string, unknown> = {};
  try {
    dependencies = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies?: Record<string, unknown> }).dependencies ?? {};
  } catch {
    // No manifest: version.ts says "unknown" too, and the code's checksum still holds.
  }
  for (const name of Object.keys(dependencies).sort()) sum.update(`${name}@${installedVersion(name)}\n`);
  return sum.digest();
}
