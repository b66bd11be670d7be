// A tools file's one pass (a saved tools/list that parsed, docs/plain-tools.md): as for an
// action file (action-file.ts), one scan of the text answers every path at once. The
// layout differs: each tool is an entry of the file's list (of its "tools", for a saved
// result object), found by its label; offence paths start at that entry.

import type { Offence, Target } from "../core/offence.js";
import type { Path } from "../core/path.js";
import { lookup, type FileLayout, type Lookup } from "./locate-offences.js";

/** What a tools file's offences ask of its text, as actionFileLookup (action-file.ts) says: the scan's paths, by each tool label's entry (`places`, lintToolList); null when they ask nothing. */
export function toolsFileLookup(offences: readonly Offence[], places: ReadonlyMap<string, Path>): Lookup | null {
  const layout: FileLayout = {
    target(offence: Offence): Target | null {
      if (offence.action === null) return offence.target;
      const entry = places.get(offence.action);
      return entry === undefined ? null : { path: [...entry, ...offence.target.path], part: offence.target.part };
    },
    actionPath: (action) => places.get(action) ?? [],
  };
  return lookup(offences, layout);
}
