// `required_one_of`: optional list of groups; a call must supply at least one property of
// each group. Groups compare as sets. Only well-typed, non-empty groups are compared with
// each other, and each is reported at most once: `duplicate` when it equals an earlier
// group, otherwise `superset-group` when it strictly contains another (it can never be the
// group that decides, since the smaller one is satisfied first).

import { wrongType } from "../drafts.js";
import { inspectString } from "../../text/escape.js";
import { isList } from "../map.js";
import type { Draft } from "../offence.js";
import type { Validator } from "./context.js";
import { expectList, nonStringEntries, repeatedEntries, undeclaredEntries } from "./lists.js";
import { appendAll } from "../append.js";

const KEY = "required_one_of";

function showGroup(group: ReadonlySet<string>): string {
  return `[${[...group].map(inspectString).join(", ")}]`;
}

function isSubset(small: ReadonlySet<string>, large: ReadonlySet<string>): boolean {
  for (const name of small) if (!large.has(name)) return false;
  return true;
}

function groupDrafts(groups: ReadonlyMap<number, ReadonlySet<string>>): Draft[] {
  const drafts: Draft[] = [];
  const entries = [...groups];
  for (const [i, group] of entries) {
    const target = { path: [KEY, i], part: "value" as const };
    const equal = entries.find(([j, other]) => j < i && other.size === group.size && isSubset(other, group));
    if (equal) {
      drafts.push({
        code: "duplicate",
        path: [KEY],
        target,
        message: `group ${i} ${showGroup(group)} repeats group ${equal[0]}`,
        fix: `Remove group ${i}; group ${equal[0]} already states it.`,
        repair: { kind: "remove-entry" },
      });
      continue;
    }
    const contained = entries.find(([j, other]) => j !== i && other.size < group.size && isSubset(other, group));
    if (contained) {
      drafts.push({
        code: "superset-group",
        path: [KEY],
        target,
        message: `group ${i} ${showGroup(group)} contains group ${contained[0]} ${showGroup(contained[1])}, so it never decides anything`,
        fix: `Remove group ${i}: any call that satisfies group ${contained[0]} already satisfies it.`,
        repair: { kind: "remove-entry" },
      });
    }
  }
  return drafts;
}

export const validateRequiredOneOf: Validator = (value, context) => {
  const notList = expectList(KEY, value, "groups, each a list of property names", `[["id", "email"]]`);
  if (notList) return [notList];
  const drafts: Draft[] = [];
  const comparable = new Map<number, ReadonlySet<string>>();
  (value as readonly unknown[]).forEach((group, i) => {
    const name = `"${KEY}" group ${i}`;
    if (!isList(group)) {
      drafts.push(wrongType([KEY], [KEY, i], name, "a list of property names", group, `Write group ${i} as a list, e.g. ["id", "email"].`));
      return;
    }
    if (group.length === 0) {
      drafts.push({
        code: "empty-group",
        path: [KEY],
        target: { path: [KEY, i], part: "value" },
        message: `${name} is empty, so no call can satisfy it`,
        fix: `Remove group ${i}, or list the properties of which a call must supply one.`,
        repair: { kind: "remove-entry" },
      });
      return;
    }
    const badEntries = nonStringEntries(KEY, group, name, [KEY, i]);
    appendAll(drafts, badEntries);
    appendAll(drafts, repeatedEntries([KEY], group, name, [KEY, i]));
    const declared = context.declared();
    if (declared) appendAll(drafts, undeclaredEntries([KEY], group, name, [KEY, i], declared));
    if (badEntries.length === 0) comparable.set(i, new Set(group as readonly string[]));
  });
  return [...drafts, ...groupDrafts(comparable)];
};
