// The one call of a tool's actions(), in a module of its own: obtaining (obtain.ts) makes
// it, and so does the module process (src/modules/child/main.ts), which records the
// outcome as data and must not load the chain to do so.

/** Calls the tool's actions() once: what it returned, or what it threw. */
export function callActions(tool: { actions(): unknown }): { readonly returned: unknown } | { readonly threw: unknown } {
  try {
    return { returned: tool.actions() };
  } catch (error) {
    return { threw: error };
  }
}
