// The edits of a tool module's repairable offences: its entries are found by the module
// locator (src/locate/module-source.ts, which parses the source lazily). Only exact nodes
// are edited; a shorthand key (`{ exmples }`) is also a reference, so it is never renamed.
// Called for modules with such offences, by the lint (for the edits as data, through
// withModuleFileEdits) and by --fix.

import { readFileSync } from "node:fs";
import type { ToolLint } from "../core/lint-tool.js";
import type { Offence, Target } from "../core/offence.js";
import { attachEdits, repairPaths } from "./attach.js";
import type { Found } from "./repair-edits.js";

export async function withModuleEdits(text: string, fileName: string, offences: readonly Offence[]): Promise<readonly Offence[]> {
  const asked = repairPaths(offences);
  const targets = asked.flatMap((relative, i) => {
    const offence = offences[i] as Offence;
    const part = offence.repair?.kind === "rename-key" ? "key" : "value";
    return relative.map((path): Target => ({ path: ["actions", offence.action as string, ...path], part }));
  });
  if (targets.length === 0) return offences;
  const { locateInModule } = await import("./module-source.js");
  const nodes = await locateInModule(text, fileName, targets);
  let next = 0;
  const found = asked.map((relative) =>
    relative.map((): Found | null => {
      const node = nodes[next++];
      if (!node || node.value === undefined) return null;
      return { key: node.key ?? null, value: node.value, exact: node.exact && node.shorthand !== true };
    }),
  );
  return attachEdits(text, offences, found);
}

/** A module's lint with the edits of its repairable offences (only such modules have their source read again). */
export async function withModuleFileEdits(path: string, lint: ToolLint): Promise<ToolLint> {
  if (!lint.offences.some((offence) => offence.repair !== undefined)) return lint;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return lint; // gone since it was loaded: no edits, the offences stand
  }
  return { ...lint, offences: await withModuleEdits(text, path, lint.offences) };
}
