// The formatter registry: output format name → the module that renders it, imported only
// when that format is asked for. The one home for the list of formats: --format's choices
// and its help text are read from here. Called by src/cli/run.ts.

import type { Formatter, FormatterModule } from "./types.js";

// Each module exports `format` (types.ts); `satisfies` checks every one against Formatter.
const FORMATTERS = {
  text: () => import("./text.js"),
  json: () => import("./json.js"),
  sarif: () => import("./sarif.js"),
  github: () => import("./github.js"),
} as const satisfies Record<string, () => Promise<FormatterModule>>;

export type FormatName = keyof typeof FORMATTERS;

export const FORMAT_NAMES: readonly FormatName[] = Object.freeze(Object.keys(FORMATTERS) as FormatName[]);

export const DEFAULT_FORMAT: FormatName = "text";

export function isFormatName(name: string): name is FormatName {
  return Object.hasOwn(FORMATTERS, name);
}

/** The formatter for `name`. Rejects (an internal failure) if its module is missing from the build. */
export async function loadFormatter(name: FormatName): Promise<Formatter> {
  let module: FormatterModule;
  try {
    module = await FORMATTERS[name]();
  } catch (error) {
    throw new Error(`the ${name} format cannot be loaded`, { cause: error });
  }
  if (typeof module.format !== "function") throw new Error(`the ${name} format module exports no format function`);
  return module.format;
}
