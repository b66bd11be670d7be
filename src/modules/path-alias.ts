// Recognizes a tsconfig `paths` alias that Node could not resolve (docs/inputs.md, "Supported
// TypeScript"): the module processes load modules as Node does, and Node reads no tsconfig,
// so `import "@shared/common.js"` mapped by `paths` fails as a package that is not installed.
// The load-error then names the alias and the workaround instead of a missing package.

import { inspectString } from "../text/escape.js";
import { matchingAlias, tsconfigFor } from "./tsconfig.js";

// Node's message for a bare specifier it cannot find: the package's name and the importing file.
const NOT_FOUND = /^Cannot find package '([^']+)' imported from (\/.+)$/;

/** The sentence a load-error adds when `thrown` is Node's missing package and that name is a `paths` alias of the importer's tsconfig; null otherwise. */
export function unresolvedAlias(thrown: unknown): string | null {
  if (typeof thrown !== "object" || thrown === null) return null;
  try {
    const { code, message } = thrown as { code?: unknown; message?: unknown };
    if (code !== "ERR_MODULE_NOT_FOUND" || typeof message !== "string") return null;
    const found = NOT_FOUND.exec(message);
    if (found === null) return null;
    const [, name, importer] = found as unknown as [string, string, string];
    const options = tsconfigFor(importer);
    const alias = matchingAlias(options, name);
    if (alias === null || options.file === null) return null;
    return `${inspectString(name)} is the tsconfig "paths" alias ${inspectString(alias)} (${inspectString(options.file)}), which the linter does not resolve: tool modules load as Node loads them, and Node reads no tsconfig`;
  } catch {
    return null;
  }
}

export const ALIAS_FIX =
  'Import it by a relative path, or declare the alias in package.json "imports" (e.g. "#shared/*": "./src/shared/*") and import "#shared/…", which Node and TypeScript both resolve (docs/inputs.md, "Supported TypeScript").';
