// defineTool's common mistakes, each expected to fail to compile with a short error at the
// tool's `name` that names the action and the mistake (test/tool-authoring.test.ts reads
// tsc's output for this file; it is outside test/types/tsconfig.json, which must compile).

import { defineTool } from "../../../dist/index.js";

export const misspeltInMethod = defineTool({
  name: "misspelt_in_method",
  description: "d",
  actions() {
    return { query: { description: "Search", properties: { q: { type: "string" } }, requried: ["q"] }, other: { description: "Other", properties: {} } };
  },
});

export const misspeltInArrow = defineTool({
  name: "misspelt_in_arrow",
  description: "d",
  actions: () => ({ query: { description: "Search", properties: {}, exmples: [] } }),
});

export const wrongType = defineTool({
  name: "wrong_type",
  description: "d",
  actions() {
    return { query: { description: "Search", properties: {}, required: "q" } };
  },
});

export const missingKey = defineTool({
  name: "missing_key",
  description: "d",
  actions: () => ({ query: { description: "Search" } }),
});
