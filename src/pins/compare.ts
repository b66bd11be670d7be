// A surface held to its pins (docs/pins.md): each field whose hash differs, each field or
// tool added or gone, and the server's instructions, as one change each, in a stable order
// (tools by name, then the fields of docs/pins.md's order). Pure; step.ts turns the changes
// into pinned-surface offences.

import { appendAll } from "../core/append.js";
import { LISTED_FIELDS, type FieldHashes, type SurfaceHashes } from "../core/surface.js";

/** One difference between the pinned surface and the current one. */
export interface Change {
  /** The tool (null: the server's instructions). */
  readonly tool: string | null;
  /** The field (null: the whole tool, added or gone). */
  readonly field: string | null;
  readonly kind: "changed" | "added" | "removed";
  readonly pinned?: string;
  readonly current?: string;
}

const ORDER: readonly string[] = LISTED_FIELDS;
const rank = (field: string): number => (ORDER.includes(field) ? ORDER.indexOf(field) : ORDER.length);
const byField = (a: string, b: string): number => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);

function fieldChanges(tool: string, pinned: FieldHashes, current: FieldHashes): Change[] {
  const fields = [...new Set([...Object.keys(pinned), ...Object.keys(current)])].sort(byField);
  return fields.flatMap((field): Change[] => {
    const was = Object.hasOwn(pinned, field) ? pinned[field] : undefined;
    const now = Object.hasOwn(current, field) ? current[field] : undefined;
    if (was === now) return [];
    if (was === undefined) return [{ tool, field, kind: "added", current: now as string }];
    if (now === undefined) return [{ tool, field, kind: "removed", pinned: was }];
    return [{ tool, field, kind: "changed", pinned: was, current: now }];
  });
}

/** Every change from `pinned` to `current`; none for the same surface however its JSON was ordered. */
export function compareSurfaces(pinned: SurfaceHashes, current: SurfaceHashes): Change[] {
  const changes: Change[] = [];
  if (pinned.instructions !== current.instructions) {
    const kind = pinned.instructions === undefined ? "added" : current.instructions === undefined ? "removed" : "changed";
    changes.push({
      tool: null,
      field: "instructions",
      kind,
      ...(pinned.instructions === undefined ? {} : { pinned: pinned.instructions }),
      ...(current.instructions === undefined ? {} : { current: current.instructions }),
    });
  }
  const tools = [...new Set([...Object.keys(pinned.tools), ...Object.keys(current.tools)])].sort();
  for (const tool of tools) {
    const was = Object.hasOwn(pinned.tools, tool) ? pinned.tools[tool] : undefined;
    const now = Object.hasOwn(current.tools, tool) ? current.tools[tool] : undefined;
    if (was === undefined) changes.push({ tool, field: null, kind: "added" });
    else if (now === undefined) changes.push({ tool, field: null, kind: "removed" });
    else appendAll(changes, fieldChanges(tool, was, now));
  }
  return changes;
}
