// TypeScript for the module processes, transpiled here, once per text for the whole run
// (cached by file, format and content); the module processes cannot do it themselves, as they
// run without the right to start processes. An ES module only loses its types: oxc-transform
// does that in this process (a native addon, no service process to start). A CommonJS file's
// import and export statements must also become require() and exports, which oxc-transform
// does not do, and decorators must be lowered, which it does only for the legacy kind: esbuild
// does both, loaded only when such a file comes, reading experimentalDecorators from the
// module's tsconfig (tsconfig.ts). esbuild is an optional part of the install: without it, a
// CommonJS file has its types stripped by oxc-transform and its statements rewritten by
// Sucrase (toCommonJs), and only decorators need it. All are well kept; a syntax
// error comes back as the message `file:line:column: ERROR: text` (as both write it: column
// 0-based in UTF-8 bytes) and, as data, its place (1-based line and UTF-16 column), which the
// module's load-error carries to src/locate/. Called by the pool when a module process asks
// (protocol.ts's TranspileRequest).

import { createRequire } from "node:module";
import type { SyntaxErrorCause } from "../core/offence.js";
import { isMissingPart, missingPartMessage, OPTIONAL_PARTS } from "../optional-parts.js";
import type { ModuleFormat } from "./module-format.js";
import type { TranspileAnswer } from "./protocol.js";
import { tsconfigFor } from "./tsconfig.js";

const loadOxc = () => import("oxc-transform");
let oxc: ReturnType<typeof loadOxc> | null = null;
// esbuild is CommonJS: require() spares it the scan for named exports an import would cost. It
// is an optional part of the install (src/optional-parts.ts): when it is missing, a module with
// decorators fails to load, saying what to install, and the other files are linted.
let esbuild: typeof import("esbuild") | null = null;
// Sucrase is CommonJS too; loaded only for a CommonJS module in TypeScript when esbuild is not installed.
let sucrase: typeof import("sucrase") | null = null;
const target = `node${process.versions.node.split(".")[0] ?? "20"}`;

const transpiled = (code: string): TranspileAnswer => ({ kind: "transpiled", code });
const failed = (error: string, at?: NonNullable<SyntaxErrorCause["at"]>): TranspileAnswer =>
  at === undefined ? { kind: "transpile-failed", error } : { kind: "transpile-failed", error, at };

/**
 * A transformer's error at a 1-based line and a 0-based UTF-8 byte column of `source` (lines
 * counted at "\n", as both transformers count them): the message, and the place as data, its
 * column in UTF-16 code units as every position of the linter is.
 */
function syntaxError(file: string, source: string, line: number, byteColumn: number, text: string): TranspileAnswer {
  const lineText = source.split("\n")[line - 1];
  const error = `${file}:${line}:${byteColumn}: ERROR: ${text}`;
  if (lineText === undefined) return failed(error);
  const column = Buffer.from(lineText, "utf8").subarray(0, byteColumn).toString("utf8").length + 1;
  return failed(error, { file, position: { line, column } });
}

/** The error at a UTF-8 byte offset into `source`, as syntaxError places it. */
function syntaxErrorAt(file: string, source: string, offset: number, text: string): TranspileAnswer {
  const before = Buffer.from(source, "utf8").subarray(0, offset);
  let line = 1;
  for (let i = before.indexOf(10); i >= 0; i = before.indexOf(10, i + 1)) line++;
  return syntaxError(file, source, line, offset - (before.lastIndexOf(10) + 1), text);
}

// A decorator: "@" and a name where a statement, a class member or a parameter may start. A
// false match (an "@" in a comment) only sends the text to esbuild, which transpiles it as well.
const DECORATOR = /(?:^|[\s;{}(,])@[A-Za-z_$]/m;

/** esbuild's view of the module's tsconfig: legacy decorators when it enables experimentalDecorators, else the standard ones. */
function tsconfigRaw(file: string): { compilerOptions: { experimentalDecorators: boolean } } {
  return { compilerOptions: { experimentalDecorators: tsconfigFor(file).experimentalDecorators } };
}

async function stripTypes(file: string, source: string, sourceType: "module" | "unambiguous" = "module"): Promise<TranspileAnswer> {
  // Node runs no decorator, and oxc-transform lowers only the legacy ones, through a runtime
  // package the module may not have: esbuild lowers both kinds with helpers inlined.
  if (DECORATOR.test(source)) return withEsbuild(file, source, "esm");
  oxc ??= loadOxc();
  const { transformSync } = await oxc;
  let result: ReturnType<typeof transformSync>;
  try {
    result = transformSync(file, source, { lang: "ts", sourceType, target });
  } catch (error) {
    return failed(`${file}: ERROR: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { code, errors } = result;
  const first = errors.find((error) => error.severity === "Error");
  if (first === undefined) return transpiled(code);
  const offset = first.labels[0]?.start;
  return offset === undefined ? failed(`${file}: ERROR: ${first.message}`) : syntaxErrorAt(file, source, offset, first.message);
}

/**
 * A CommonJS module in TypeScript: by esbuild when it is installed (and always for decorators);
 * else its types stripped by oxc-transform, and its import and export statements made require()
 * and exports by Sucrase, which writes "use strict" first, as TypeScript does for a module.
 */
async function toCommonJs(file: string, source: string): Promise<TranspileAnswer> {
  if (DECORATOR.test(source) || loadEsbuild() !== null) return withEsbuild(file, source, "cjs");
  const stripped = await stripTypes(file, source, "unambiguous");
  if (stripped.kind !== "transpiled") return stripped;
  sucrase ??= createRequire(import.meta.url)("sucrase") as typeof import("sucrase");
  try {
    return transpiled(sucrase.transform(stripped.code, { transforms: ["imports"], filePath: file }).code);
  } catch (error) {
    return failed(`${file}: ERROR: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** esbuild, or null when it is not installed. */
function loadEsbuild(): typeof import("esbuild") | null {
  try {
    esbuild ??= createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
    return esbuild;
  } catch (error) {
    if (isMissingPart(error, OPTIONAL_PARTS.esbuild)) return null;
    throw error;
  }
}

async function withEsbuild(file: string, source: string, format: "cjs" | "esm"): Promise<TranspileAnswer> {
  const loaded = loadEsbuild();
  if (loaded === null) {
    return failed(`${file}: ${missingPartMessage(OPTIONAL_PARTS.esbuild, "A TypeScript module with decorators")}`);
  }
  const { transform } = loaded;
  try {
    const { code } = await transform(source, { loader: "ts", format, sourcefile: file, target, logLevel: "silent", tsconfigRaw: tsconfigRaw(file) });
    return transpiled(code);
  } catch (error) {
    const first = (error as { errors?: { text?: string; location?: { file?: string; line?: number; column?: number } | null }[] }).errors?.[0];
    if (first?.text === undefined) return failed(error instanceof Error ? error.message : String(error));
    const location = first.location;
    if (!location) return failed(`${file}: ERROR: ${first.text}`);
    return syntaxError(location.file ?? file, source, location.line ?? 0, location.column ?? 0, first.text);
  }
}

export interface Transpile {
  /** The JavaScript for a TypeScript file's text, in the format asked for, or the transformer's error. */
  transpile(file: string, source: string, format: ModuleFormat): Promise<TranspileAnswer>;
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
        answer = format === "module" ? stripTypes(file, source) : toCommonJs(file, source);
        cache.set(key, answer);
      }
      return answer;
    },
    warmUp: () => (oxc ??= loadOxc()),
  };
}
