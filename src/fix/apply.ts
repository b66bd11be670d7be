// Applies the edits of many offences to one text at once. Each offence's edits go together
// or not at all; an offence whose edits overlap one already taken (in the order given) is
// left for the next pass, when the text has been linted again. Pure.

import type { PlainEdit } from "./plan.js";

export interface Applied {
  readonly text: string;
  /** The indexes of the groups applied; the others overlapped one applied before them. */
  readonly applied: readonly number[];
}

// Two edits clash when their ranges overlap, or when both insert at one place (which goes first?).
function clash(a: PlainEdit, b: PlainEdit): boolean {
  return (a.start < b.end && b.start < a.end) || a.start === b.start;
}

export function applyEdits(text: string, groups: readonly (readonly PlainEdit[])[]): Applied {
  const taken: PlainEdit[] = [];
  const applied: number[] = [];
  groups.forEach((group, i) => {
    if (group.some((edit) => taken.some((other) => clash(edit, other)))) return;
    taken.push(...group);
    applied.push(i);
  });
  taken.sort((a, b) => a.start - b.start);
  let out = "";
  let from = 0;
  for (const edit of taken) {
    out += text.slice(from, edit.start) + edit.text;
    from = edit.end;
  }
  return { text: out + text.slice(from), applied };
}
