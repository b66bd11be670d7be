// Checks shared by the list-valued keys: the list itself, and string entries that must be
// unique and declared in `properties`.

import { closeMatch } from "../close-match.js";
import { wrongType } from "../drafts.js";
import { inspectString } from "../../text/escape.js";
import { isList, mapHas, stringKeys, type MapLike } from "../map.js";
import type { OffenceCode } from "../codes.js";
import type { Draft } from "../offence.js";
import type { Path } from "../path.js";

/** Null when `value` is a list; otherwise the one wrong-type draft for the key. */
export function expectList(key: string, value: unknown, entries: string, example: string): Draft | null {
  if (isList(value)) return null;
  return wrongType([key], [key], `"${key}"`, `a list of ${entries}`, value, `Write "${key}" as a list, e.g. "${key}": ${example}.`);
}

/** Wrong-type drafts for the entries of `list` that are not strings. */
export function nonStringEntries(key: string, list: readonly unknown[], listName: string, entryPath: Path): Draft[] {
  const drafts: Draft[] = [];
  list.forEach((entry, i) => {
    if (typeof entry !== "string") {
      drafts.push(wrongType([key], [...entryPath, i], `${listName} entry ${i}`, "a string", entry, `Replace entry ${i} with a property name in double quotes.`));
    }
  });
  return drafts;
}

/** One duplicate draft per repeated string after its first occurrence; `path` is the offences' (the list's key). */
export function repeatedEntries(path: Path, list: readonly unknown[], listName: string, entryPath: Path, code: OffenceCode = "duplicate"): Draft[] {
  const seen = new Map<string, number>();
  const drafts: Draft[] = [];
  list.forEach((entry, i) => {
    if (typeof entry !== "string") return;
    const first = seen.get(entry);
    if (first === undefined) {
      seen.set(entry, i);
      return;
    }
    drafts.push({
      code,
      path,
      target: { path: [...entryPath, i], part: "value" },
      message: `${listName} lists ${inspectString(entry)} again at entry ${i} (first at entry ${first})`,
      fix: `Remove entry ${i}; ${inspectString(entry)} is already listed at entry ${first}.`,
      repair: { kind: "remove-entry" },
    });
  });
  return drafts;
}

/** One undeclared draft per string entry not declared in `properties`; `path` is the offences' (the list's key). */
export function undeclaredEntries(path: Path, list: readonly unknown[], listName: string, entryPath: Path, declared: MapLike, code: OffenceCode = "undeclared"): Draft[] {
  const drafts: Draft[] = [];
  list.forEach((entry, i) => {
    if (typeof entry !== "string" || mapHas(declared, entry)) return;
    const match = closeMatch(entry, stringKeys(declared));
    drafts.push({
      code,
      path,
      target: { path: [...entryPath, i], part: "value" },
      message: `${listName} entry ${i} names ${inspectString(entry)}, which "properties" does not declare`,
      fix: match
        ? `Did you mean ${inspectString(match)}? Otherwise declare ${inspectString(entry)} in "properties" or remove it from ${listName}.`
        : `Declare ${inspectString(entry)} in "properties", or remove it from ${listName}.`,
    });
  });
  return drafts;
}
