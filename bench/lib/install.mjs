// The install a user gets, measured and checked: the footprint of a node_modules folder, and
// the lock file that installs a packed wymcp-lint with the versions this repository's lock
// resolves, from npm's cache (npm ci --offline). bench/install.mjs measures installs with
// them; test/packaging.test.ts holds the default install to its budget.

import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The bytes of every file under `path` (a node_modules folder) and the packages in it: each folder holding a package.json directly under a node_modules or a scope. */
export function footprint(path) {
  let bytes = 0;
  let packages = 0;
  const walk = (folder, inNodeModules) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) {
        const scope = inNodeModules && entry.name.startsWith("@");
        if (inNodeModules && !scope && !entry.name.startsWith(".") && existsSync(join(full, "package.json"))) packages++;
        walk(full, entry.name === "node_modules" || scope);
      } else bytes += lstatSync(full).size;
    }
  };
  walk(path, true);
  return { bytes, packages };
}

/** The registry's address of a package's tarball, as npm writes it in a lock file. */
function tarballUrl(registry, name, version) {
  return new URL(`${name}/-/${name.split("/").pop()}-${version}.tgz`, registry.endsWith("/") ? registry : `${registry}/`).href;
}

/**
 * The lock file of a project whose one dependency is the packed tarball `tarball` (with its
 * `integrity`): the entries of `root`'s lock that a production install holds (no devDependency,
 * no optional peer left out), so `npm ci --offline` installs it from npm's cache (`registry`,
 * npm's, names the tarballs, which the cache finds by their integrity).
 */
export function consumerLock(root, tarball, integrity, registry = "https://registry.npmjs.org/") {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  const { "": self, ...entries } = lock.packages;
  const { devDependencies: _dev, name: _name, ...shipped } = self;
  // Each entry with its tarball's address, which the lock leaves out: npm finds the tarball in its cache by the integrity.
  const production = Object.entries(entries)
    .filter(([path, entry]) => path.startsWith("node_modules/") && !entry.dev && !entry.devOptional && !entry.peer && !entry.link)
    .map(([path, entry]) => [
      path,
      entry.resolved === undefined ? { ...entry, resolved: tarballUrl(registry, entry.name ?? path.slice(path.lastIndexOf("node_modules/") + 13), entry.version) } : entry,
    ]);
  return {
    name: "consumer",
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": { name: "consumer", dependencies: { "wymcp-lint": `file:${tarball}` } },
      "node_modules/wymcp-lint": { ...shipped, resolved: `file:${tarball}`, integrity },
      ...Object.fromEntries(production),
    },
  };
}
