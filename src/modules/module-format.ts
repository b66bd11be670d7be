// Whether a module file is an ES module or CommonJS, as Node decides it: by extension, and
// for .js and .ts by the "type" of the nearest package.json; ModuleFormat is the one name of
// the two, in the transpile requests too (protocol.ts). Used inside the module process
// (child/main.ts, child/ts-hooks.ts), where TypeScript is loaded without tsx, and on the
// linter's side to know a TypeScript file (pool-run.ts, src/cli/standby.ts).

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

export type ModuleFormat = "module" | "commonjs";

export const TYPESCRIPT = /\.[cm]?ts$/i;

const packageTypes = new Map<string, ModuleFormat>();

function packageType(dir: string): ModuleFormat {
  const known = packageTypes.get(dir);
  if (known !== undefined) return known;
  let format: ModuleFormat;
  let text: string | null = null;
  try {
    text = readFileSync(join(dir, "package.json"), "utf8");
  } catch {
    text = null;
  }
  if (text !== null) {
    let type: unknown;
    try {
      type = (JSON.parse(text) as { type?: unknown } | null)?.type;
    } catch {
      type = undefined;
    }
    format = type === "module" ? "module" : "commonjs";
  } else {
    const parent = dirname(dir);
    format = parent === dir ? "commonjs" : packageType(parent);
  }
  packageTypes.set(dir, format);
  return format;
}

export function moduleFormat(file: string): ModuleFormat {
  if (/\.m[jt]s$/i.test(file)) return "module";
  if (/\.c[jt]s$/i.test(file)) return "commonjs";
  return packageType(dirname(file));
}

/** The TypeScript files a missing import may mean: TypeScript lets `./x.js` name `./x.ts`. */
export function typescriptCandidates(specifier: string): string[] {
  const match = /\.([cm]?)js$/.exec(specifier);
  if (match) return [`${specifier.slice(0, -match[0].length)}.${match[1]}ts`];
  if (/\.[a-z]+$/i.test(specifier.split("/").pop() ?? "")) return [];
  return [`${specifier}.ts`, `${specifier}.mts`, `${specifier}.cts`, `${specifier}/index.ts`];
}
