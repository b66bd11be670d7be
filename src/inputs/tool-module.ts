// The tool-module kind (docs/inputs.md, "Tool modules"): `*.tool.{js,mjs,cjs,ts,mts,cts}`,
// and any such file named on the command line. Its code runs, in module processes
// (src/modules/), which send back its declaration as data; the chain judges it here. Its
// offences are then placed in its text by one parse of it (src/locate/tool-module.ts), which
// a later offence of the same file (duplicate-tool) reuses. Files the cache keeps are not
// loaded; a module's result depends on every file it loaded.

import type { Offence } from "../core/offence.js";
import type { ToolLint } from "../core/tool-lint.js";
import { offencesToPlace, withPlaced } from "../core/tool-lint.js";
import { textOf } from "../files/text.js";
import type { ParsedModule } from "../locate/module-source.js";
import { placesOfDeclaration } from "../locate/declaration-places.js";
import { locateToolModule } from "../locate/tool-module.js";
import { directivesOf, type Directive } from "../suppress/directives.js";
import type { Input, InputKind, ReadContext, Source } from "./input-kind.js";
import { textOnce } from "./input-text.js";
import { SCRIPT_COMMENTS } from "./json-source.js";

/**
 * A module's Source: its lint placed (a clean one pays nothing), its text parsed at most once
 * for every offence placed in it and, with `places`, for where its declaration's values are.
 */
async function moduleSource(input: Input, lint: ToolLint, dependencies: readonly string[] | null, placed: boolean, places: boolean): Promise<Source> {
  const text = textOnce(input);
  const path = input.found.path;
  let parsed: ParsedModule | null | undefined;
  const parse = async (source: string): Promise<ParsedModule | null> => {
    if (parsed === undefined) parsed = await (await import("../locate/module-source.js")).parseModule(source, path);
    return parsed;
  };
  const place = async (offences: readonly Offence[]): Promise<readonly Offence[]> => {
    const source = offences.length === 0 ? null : text();
    if (source === null) return offences;
    return locateToolModule(path, source, offences, await parse(source));
  };
  const located = placed || lint.offences.length === 0 ? lint : withPlaced(lint, await place(offencesToPlace(lint)));
  const source = places && located.declaration !== undefined ? text() : null;
  const module = source === null ? null : await parse(source);
  const own =
    source === null || located.declaration === undefined
      ? located
      : { ...located, places: placesOfDeclaration(source, located.declaration, (paths) => module?.entries(paths) ?? paths.map(() => null)) };
  let directives: readonly Directive[] | undefined;
  return {
    tools: [own],
    place: (_index, offences) => place(offences),
    directives: async () => {
      if (directives !== undefined) return directives;
      const source = text();
      return (directives = source === null ? [] : directivesOf(source, "module"));
    },
    ownerOf: () => 0,
    dependencies,
  };
}

type Loader = typeof import("../modules/index.js");

/** The module loader, loaded by the first run that has a tool module (prepare). */
let loader: Loader | null = null;

async function prepare(): Promise<void> {
  loader ??= await import("../modules/index.js");
}

/** Loads the modules not kept by the cache, in processes of the run's pool, and the texts given, one at a time. */
async function readModules(inputs: readonly Input[], context: ReadContext): Promise<Source[]> {
  const { cache } = context;
  const places = context.declarations === "placed";
  const track = context.dependencies === true || cache !== undefined;
  const sources: (Source | undefined)[] = new Array(inputs.length);
  const kept = inputs.map((input) => (input.text === undefined ? (cache?.lookup(input.found) ?? null) : null));
  const onDisk = inputs.flatMap((input, i) => (input.text === undefined && kept[i] === null ? [i] : []));
  if (loader === null) await prepare();
  const { lintToolModules, lintToolModuleSource } = loader as Loader;
  const load = { timeoutMs: context.timeoutMs, ...(context.pool === undefined ? {} : { pool: context.pool }), ...(context.signal === undefined ? {} : { signal: context.signal }) };
  const loaded = new Map<string, readonly string[]>();
  // Started before anything here waits, so the module processes load while this thread reads the run's other files.
  const loading =
    onDisk.length === 0
      ? null
      : lintToolModules(
          onDisk.map((i) => (inputs[i] as Input).found.path),
          { ...load, concurrency: context.concurrency, ...(track ? { onLoaded: (file: string, files: readonly string[]) => void loaded.set(file, files.slice(1)) } : {}) },
        );
  for (const [i, lint] of kept.entries()) {
    const input = inputs[i] as Input;
    if (lint !== null) sources[i] = await moduleSource(input, lint, cache?.dependenciesOf(input.found) ?? null, true, places);
  }
  if (loading !== null) {
    const lints = await loading;
    for (const [j, i] of onDisk.entries()) {
      const input = inputs[i] as Input;
      const dependencies = loaded.get(input.found.path) ?? null;
      const source = await moduleSource(input, lints[j] as ToolLint, dependencies, false, places);
      if (dependencies !== null) {
        // The places are this run's answer (--print-declaration), not the module's lint: the cache keeps none.
        const { places: _, ...lint } = source.tools[0] as ToolLint;
        cache?.store(input.found, lint, dependencies);
      }
      sources[i] = source;
    }
  }
  for (const [i, input] of inputs.entries()) {
    if (input.text === undefined) continue;
    let dependencies: readonly string[] | null = null;
    const text = typeof input.text === "string" ? input.text : textOf(input.text).text;
    const lint = await lintToolModuleSource(input.found.path, text, {
      ...load,
      ...(track ? { onLoaded: (files: readonly string[]) => void (dependencies = files.slice(1)) } : {}),
    });
    sources[i] = await moduleSource(input, lint, dependencies, false, places);
  }
  return sources as Source[];
}

/** The name a module's source writes as a string literal without escapes; null when its name cannot be read without running it. */
async function writtenName(path: string, read: () => string | null): Promise<readonly string[] | null> {
  const text = read();
  if (text === null) return null;
  const { parseModule } = await import("../locate/module-source.js");
  const entry = (await parseModule(text, path))?.entries([["name"]])[0];
  if (entry === null || entry === undefined || !entry.exact) return null;
  const literal = /^(["'`])([^\\\n"'`$]*)\1$/.exec(text.slice(entry.value.start, entry.value.end));
  return literal === null ? null : [literal[2] as string];
}

export const TOOL_MODULE: InputKind = {
  id: "tool-module",
  unreadCode: "load-error",
  prepare,
  read: readModules,
  directivesOf: async (text) => directivesOf(text, "module"),
  commentSyntax: () => SCRIPT_COMMENTS,
  toolNames: writtenName,
};
