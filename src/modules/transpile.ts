// TypeScript for the module processes, transpiled here, once per text for the whole run
// (cached by file, format and content); the module processes cannot do it themselves, as they
// run without the right to start processes. An ES module only loses its types: oxc-transform
// does that in this process (a native addon, no service process to start). A CommonJS file's
// import and export statements must also become require() and exports, which oxc-transform
// does not do: esbuild does, loaded only when such a file comes. Both are well kept and
// both report a syntax error as `file:line:column: ERROR: text` (line 1-based, column
// 0-based in UTF-8 bytes), which module-positions.ts reads. Called by module-pool.ts when a
// module process asks.

import { createRequire } from "node:module";
import type { TranspileAnswer } from "./protocol.js";

const loadOxc = () => import("oxc-transform");
let oxc: ReturnType<typeof loadOxc> | null = null;
// esbuild is CommonJS: require() spares it the scan for named exports an import would cost.
let esbuild: typeof import("esbuild") | null = null;
const target = `node${process.versions.node.split(".")[0] ?? "20"}`;

/** An error as `file:line:column: ERROR: text`, its place given as a UTF-8 byte offset into `source`. */
function located(file: string, source: string, offset: number | undefined, text: string): string {
  if (offset === undefined) return `${file}: ERROR: ${text}`;
  const before = Buffer.from(source, "utf8").subarray(0, offset);
  const lineStart = before.lastIndexOf(10) + 1;
  let line = 1;
  for (let i = before.indexOf(10); i >= 0; i = before.indexOf(10, i + 1)) line++;
  return `${file}:${line}:${offset - lineStart}: ERROR: ${text}`;
}

async function stripTypes(file: string, source: string): Promise<TranspileAnswer> {
  oxc ??= loadOxc();
  const { transformSync } = await oxc;
  let result: ReturnType<typeof transformSync>;
  try {
    result = transformSync(file, source, { lang: "ts", sourceType: "module", target });
  } catch (error) {
    return { error: `${file}: ERROR: ${error instanceof Error ? error.message : String(error)}` };
  }
  const { code, errors } = result;
  const first = errors.find((error) => error.severity === "Error");
  if (first === undefined) return { code };
  return { error: located(file, source, first.labels[0]?.start, first.message) };
}

async function toCommonJs(file: string, source: string): Promise<TranspileAnswer> {
  esbuild ??= createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
  const { transform } = esbuild;
  try {
    const { code } = await transform(source, { loader: "ts", format: "cjs", sourcefile: file, target, logLevel: "silent" });
    return { code };
  } catch (error) {
    const first = (error as { errors?: { text?: string; location?: { file?: string; line?: number; column?: number } | null }[] }).errors?.[0];
    if (first?.text === undefined) return { error: error instanceof Error ? error.message : String(error) };
    const at = first.location ? `${first.location.file ?? file}:${first.location.line ?? 0}:${first.location.column ?? 0}: ` : `${file}: `;
    return { error: `${at}ERROR: ${first.text}` };
  }
}

export interface Transpile {
  /** The JavaScript for a TypeScript file's text, in the format asked for, or the transformer's error. */
  transpile(file: string, source: string, format: "esm" | "cjs"): Promise<TranspileAnswer>;
  /** Loads the ES module transformer ahead of the first request. */
  warmUp(): Promise<unknown>;
}

/** A transpiler for one run, each text transpiled once. */
export function createTranspiler(): Transpile {
  const cache = new Map<string, Promise<TranspileAnswer>>();
  return {
    transpile(file, source, format) {
      const key = `${format}\0${file}\0${source}`;
      let answer = cache.get(key);
      if (answer === undefined) {
        answer = format === "esm" ? stripTypes(file, source) : toCommonJs(file, source);
        cache.set(key, answer);
      }
      return answer;
    },
    warmUp: () => (oxc ??= loadOxc()),
  };
}
