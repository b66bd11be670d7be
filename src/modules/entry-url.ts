// Where a built entry module is, for a starter that runs it apart: a lint worker thread's
// (src/inputs/lint-worker.ts) or a module process's (spawn.ts). Built (dist/, or the bundle),
// the entry sits beside the module that starts it. Run from the TypeScript source (the tests,
// under tsx's loader), the starter is src/<folder>/<starter>.ts and the entry is still the
// built one, dist/<folder>/<name>.js: on Node 20 neither a worker thread nor a module process
// inherits tsx's loader, and one run under a loader no user has would not test what users run.

/** The URL of the built entry `name` for the module at `starterUrl` (its import.meta.url). */
export function builtEntryUrl(name: string, starterUrl: string): URL {
  const entry = new URL(`./${name}.js`, starterUrl);
  if (!new URL(starterUrl).pathname.endsWith(".ts")) return entry;
  const at = entry.href.lastIndexOf("/src/");
  return new URL(`${entry.href.slice(0, at)}/dist/${entry.href.slice(at + "/src/".length)}`);
}
