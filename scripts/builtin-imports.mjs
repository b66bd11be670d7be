// A Rollup plugin for scripts/bundle.mjs: the CLI bundle takes Node's built-in modules from
// process.getBuiltinModule instead of importing them. An ES-module import of a built-in goes
// through a facade that copies every export of the module, running each lazy getter among them
// (node:fs loads its streams, node:util its argument parser and MIME types, node:crypto its web
// crypto), on every start-up (bench/README.md). Each import of a built-in in tsc's output (one
// line: `import a, { b, c as d } from "node:x";`) becomes a destructuring of the module object,
// in place, so no module is added to the bundle. `assertNoBuiltinImports` holds the bundle to it.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const IMPORT = /^import (?:([\w$]+)(?:, )?)?(?:\{([^}]*)\})? from "(node:[\w/]+)";$/gm;

/** The statements that take from the built-in `specifier` what the import took from its facade. */
function destructure(defaultName, named, specifier) {
  const builtin = `process.getBuiltinModule(${JSON.stringify(specifier)})`;
  const statements = [];
  if (defaultName !== undefined) statements.push(`const ${defaultName} = ${builtin};`);
  if (named !== undefined) statements.push(`const { ${named.replaceAll(" as ", ": ")} } = ${builtin};`);
  return statements.join(" ");
}

/** tsc's output with each import of a built-in made a destructuring of the built-in module. */
function rewrite(code) {
  return code.replace(IMPORT, (_, defaultName, named, specifier) => destructure(defaultName, named, specifier));
}

const BUILT = /\/dist\/.*\.js$/;

/** The Rollup plugin. */
export const builtinImports = {
  name: "builtin-imports",
  transform(code, id) {
    return BUILT.test(id) ? { code: rewrite(code), map: null } : null;
  },
};

/** Throws when a file of `dir` (not its subfolders) still imports a built-in: a form IMPORT does not read. */
export function assertNoBuiltinImports(dir) {
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".js") && !name.endsWith(".cjs")) continue;
    // An ES-module chunk's import, or a CommonJS chunk's require, of a built-in.
    const found = /^import[^;]*from "node:[^"]*";$|\brequire\('node:[^']*'\)/m.exec(readFileSync(join(dir, name), "utf8"));
    if (found !== null) throw new Error(`${name}: ${found[0]} was left an import (scripts/builtin-imports.mjs)`);
  }
}
