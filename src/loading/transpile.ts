// TypeScript for the module processes: one esbuild for the whole run (its service process,
// started on the first request), each text transpiled once (cached by file, format and
// content). The module processes cannot start esbuild themselves: they run without the
// right to start processes. Called by module-pool.ts when a module process asks.

import type { TranspileAnswer } from "./channel.js";

const loadEsbuild = () => import("esbuild");
let esbuild: ReturnType<typeof loadEsbuild> | null = null;
const target = `node${process.versions.node.split(".")[0] ?? "20"}`;

async function transform(file: string, source: string, format: "esm" | "cjs"): Promise<TranspileAnswer> {
  esbuild ??= loadEsbuild();
  const { transform: run } = await esbuild;
  try {
    const { code } = await run(source, { loader: "ts", format, sourcefile: file, target, logLevel: "silent" });
    return { code };
  } catch (error) {
    const first = (error as { errors?: { text?: string; location?: { file?: string; line?: number; column?: number } | null }[] }).errors?.[0];
    if (first?.text === undefined) return { error: error instanceof Error ? error.message : String(error) };
    const at = first.location ? `${first.location.file ?? file}:${first.location.line ?? 0}:${first.location.column ?? 0}: ` : "";
    return { error: `${at}ERROR: ${first.text}` };
  }
}

export interface Transpile {
  /** The JavaScript for a TypeScript file's text, in the format asked for, or esbuild's error. */
  transpile(file: string, source: string, format: "esm" | "cjs"): Promise<TranspileAnswer>;
  /** Starts esbuild's service ahead of the first request. */
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
        answer = transform(file, source, format);
        cache.set(key, answer);
      }
      return answer;
    },
    warmUp: () => transform("warm-up.ts", "", "esm"),
  };
}
