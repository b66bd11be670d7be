// The library entry point, `import { ... } from "wymcp-lint"`. It exposes the vocabulary,
// the published types, validating (checkTool / validateTool / checkActions), obtaining
// (actionNames / fetchSchema / fetchSchemas) and the engine (createEngine, docs/library.md).
// Nothing here imports a dependency: every tool module imports this entry in its module
// process, so the engine, which reaches the rest of the linter, loads only when created.

import type { Engine, EngineOptions } from "./engine/engine.js";

export * from "./light-exports.js";
export { checkTool, validateTool } from "./validate.js";
export { checkActions } from "./core/chain.js";
export { actionNames, fetchSchema, fetchSchemas } from "./core/obtain.js";
export type { Across, AcrossOf, Engine, EngineOptions, FileResult, FixedDocument, LintResult, Policy, RunOutcome, RunRequest, Summary, Target } from "./engine/engine.js";

/** An engine for `options` (docs/library.md, "The engine"): the config read and checked now; dispose() it when done. */
export async function createEngine(options: EngineOptions): Promise<Engine> {
  const { Engine } = await import("./engine/engine.js");
  return Engine.create(options);
}
