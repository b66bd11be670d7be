// Applies the edits of many offences to one text at once. Each offence's edits go together
// or not at all; an offence whose edits overlap one already taken (in the order given) is
// left for the next pass, when the text has been linted again. Pure.

import type { TextEdit } from "../core/offence.js";

/** What applying an edit reads of it: the range it replaces and the new text. */
type Edit = Pick<TextEdit, "start" | "end" | "text">;

export interface Applied {
  readonly text: string;
  /** The indexes of the groups applied; the others overlapped one applied before them. */
  readonly applied: readonly number[];
}

// Two edits clash when their ranges overlap, or when both insert at one place (which goes first?).
function clash(a: Edit, b: Edit): boolean {
  return (a.start < b.end && b.start < a.end) || a.start === b.start;
}

/** For each group, the groups it clashes with; found by one sweep over the edits in order of start. */
function clashes(groups: readonly (readonly Edit[])[]): Set<number>[] {
  const edits = groups.flatMap((group, g) => group.map((edit) => ({ edit, g }))).sort((x, y) => x.edit.start - y.edit.start || x.edit.end - y.edit.end);
  const found = groups.map(() => new Set<number>());
  // The edits that may still reach the current one; there are few at a time, so a list does.
  let open: { edit: Edit; g: number }[] = [];
  for (const current of edits) {
    open = open.filter(({ edit }) => edit.end > current.edit.start || edit.start === current.edit.start);
    for (const other of open) {
      if (other.g !== current.g && clash(other.edit, current.edit)) {
        found[other.g]?.add(current.g);
        found[current.g]?.add(other.g);
      }
    }
    open.push(current);
  }
  return found;
}

export function applyEdits(text: string, groups: readonly (readonly Edit[])[]): Applied {
  const clashing = clashes(groups);
  const taken = new Set<number>();
  groups.forEach((_, g) => {
    for (const other of clashing[g] ?? []) if (taken.has(other)) return;
    taken.add(g);
  });
  const edits = [...taken].flatMap((g) => groups[g] as readonly Edit[]).sort((a, b) => a.start - b.start);
  let out = "";
  let from = 0;
  for (const edit of edits) {
    out += text.slice(from, edit.start) + edit.text;
    from = edit.end;
  }
  return { text: out + text.slice(from), applied: [...taken] };
}
