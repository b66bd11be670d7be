// Where a worker thread's (or a module process's) entry module is. Built (dist/, or the bundle), it sits beside the
// module that starts it. Run from the TypeScript source (the tests, under tsx's loader), the
// starter is src/<folder>/<starter>.ts and the worker runs the built entry,
// dist/<folder>/<name>.js: on Node 20 a worker inherits neither tsx's loader nor `--import`,
// and a module worker run under a loader no user has would not test what users run.

/** The URL of the worker entry `name` for the module at `starterUrl` (its import.meta.url). */
export function workerEntryUrl(name: string, starterUrl: string): URL {
  const entry = new URL(`./${name}.js`, starterUrl);
  if (!new URL(starterUrl).pathname.endsWith(".ts")) return entry;
  const at = entry.href.lastIndexOf("/src/");
  return new URL(`${entry.href.slice(0, at)}/dist/${entry.href.slice(at + "/src/".length)}`);
}
