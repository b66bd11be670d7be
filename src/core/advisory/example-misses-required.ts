// example-misses-required: every example supplies each "required" property (the gate
// would refuse it otherwise), and satisfies some "required_one_of" group. An example that
// supplies no property named by any group satisfies none, however groups are read, so
// only that is reported: a warning must not guess. A property with an entry in "defaults"
// counts as supplied, since defaults are merged into a call's arguments.

import { inspectString } from "../../text/escape.js";
import { isList } from "../map.js";
import type { Draft } from "../offence.js";
import type { AdvisoryCheck } from "./context.js";
import { appendAll } from "../append.js";

const strings = (value: unknown): string[] => (isList(value) ? value.filter((v): v is string => typeof v === "string") : []);
const showList = (names: readonly string[]): string => `[${names.map(inspectString).join(", ")}]`;

export const exampleMissesRequired: AdvisoryCheck = (schema, { read }) => {
  const examples = read.get(schema, "examples");
  if (!isList(examples)) return [];
  const required = strings(read.get(schema, "required"));
  const groups = read.get(schema, "required_one_of");
  if (required.length === 0 && !(isList(groups) && groups.length > 0)) return [];
  // Every property some group names: an example supplying none of them satisfies no group.
  const named = isList(groups) ? [...new Set(groups.flatMap(strings))] : [];
  const defaults = read.get(schema, "defaults");
  const defaulted = read.isMap(defaults) ? defaults : null;
  const drafts: Draft[] = [];
  examples.forEach((example, i) => {
    if (!read.isMap(example)) return;
    const supplied = (name: string): boolean => read.has(example, name) || (defaulted !== null && read.has(defaulted, name));
    appendAll(drafts, exampleDrafts(i, required, named, supplied));
  });
  return drafts;
};

function exampleDrafts(i: number, required: readonly string[], named: readonly string[], supplied: (name: string) => boolean): Draft[] {
  const drafts: Draft[] = [];
  const target = { path: ["examples", i], part: "value" } as const;
  const missing = required.filter((name) => !supplied(name));
  if (missing.length > 0) {
    const what = missing.length === 1 ? `the required property ${inspectString(missing[0] as string)}` : `the required properties ${showList(missing)}`;
    drafts.push({
      code: "example-misses-required",
      path: ["examples"],
      target,
      message: `"examples" entry ${i} lacks ${what}`,
      fix: `Add ${missing.map(inspectString).join(", ")} to example ${i}.`,
    });
  }
  if (named.length > 0 && !named.some(supplied)) {
    drafts.push({
      code: "example-misses-required",
      path: ["examples"],
      target,
      message: `"examples" entry ${i} satisfies no "required_one_of" group: it supplies none of ${showList(named)}`,
      fix: `Add to example ${i} the properties of the "required_one_of" group it is meant to show.`,
    });
  }
  return drafts;
}
