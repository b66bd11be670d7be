// The library entry as module processes serve it to the tool modules they import
// (modules/child/ts-hooks.ts resolves "wymcp-lint" to this file when it names the linter's
// own entry). A tool module imports the entry on the module process's critical path, most
// often for defineTool alone, and the whole entry brings the chain and its meta-schemas
// (bench/README.md): here every export of index.ts is exported, the ones that need none of
// the chain as the same bindings, and the others load the whole entry at their first call,
// synchronously (they are synchronous), so they behave as index.ts's own. Its types are
// index.ts's (package.json's "types").

import { createRequire } from "node:module";
import type * as Library from "./index.js";

export * from "./light-exports.js";

let library: typeof Library | undefined;

/** The whole entry (index.ts), loaded at the first call that needs it: the same module instance every importer of index.js shares. */
function whole(): typeof Library {
  library ??= createRequire(import.meta.url)("./index.js") as typeof Library;
  return library;
}

export const checkTool: typeof Library.checkTool = (tool) => whole().checkTool(tool);
export const validateTool: typeof Library.validateTool = (tool) => whole().validateTool(tool);
export const checkActions: typeof Library.checkActions = (actions, options = {}) => whole().checkActions(actions, options);
export const actionNames: typeof Library.actionNames = (tool) => whole().actionNames(tool);
export const fetchSchema: typeof Library.fetchSchema = (tool, name) => whole().fetchSchema(tool, name);
export const fetchSchemas: typeof Library.fetchSchemas = (tool) => whole().fetchSchemas(tool);
export const createEngine: typeof Library.createEngine = (options) => whole().createEngine(options);
