// Renders what --fix changed (or would change) in one file as a unified diff: "--- name",
// "+++ name", then hunks with three lines of context, lines compared with their line
// endings (Myers' algorithm on the lines between the common head and tail). Raw text,
// exactly what `patch -p0` applies; the text format escapes it for the terminal. Pure.

const CONTEXT = 3;

type Op = { readonly kind: " " | "-" | "+"; readonly line: string };

/** The text's lines, each with its line ending ("\n" or "\r\n"); the last may have none. */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

// Beyond this many differing lines the script is not searched for: the changed block is
// shown as all its old lines removed and all its new lines added (still a correct diff),
// so that time and memory stay bounded on a file where thousands of entries were removed.
const MAX_SEARCHED_EDITS = 1000;

/** The shortest edit script from a to b (Myers, "An O(ND) difference algorithm"), or the whole block replaced. */
function editScript(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_SEARCHED_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] keeps, for k in [-d, d], the furthest x reached with d - 1 edits (at index k + d),
  // so memory grows with the square of the number of edits, not with the file.
  const trace: Int32Array[] = [];
  let found = false;
  search: for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number)) ? (v[offset + k + 1] as number) : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break search;
      }
    }
  }
  if (!found) return [...a.map((line): Op => ({ kind: "-", line })), ...b.map((line): Op => ({ kind: "+", line }))];
  // Walk the trace back from the end, collecting the script in reverse.
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const w = trace[d] as Int32Array;
    const at = (k: number): number => w[k + d] as number;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      ops.push({ kind: " ", line: a[x] as string });
    }
    if (d > 0) ops.push(down ? { kind: "+", line: b[prevY] as string } : { kind: "-", line: a[prevX] as string });
    x = prevX;
    y = prevY;
  }
  return ops.reverse();
}

function range(start: number, count: number): string {
  // A hunk that holds no line of one side names the line before it (diff's convention).
  const first = count === 0 ? start - 1 : start;
  return count === 1 ? `${first}` : `${first},${count}`;
}

function shown(op: Op): string {
  if (op.line.endsWith("\n")) return `${op.kind}${op.line}`;
  return `${op.kind}${op.line}\n\\ No newline at end of file\n`;
}

/** The unified diff from `before` to `after`, both named `name`; "" when they are equal. */
export function unifiedDiff(name: string, before: string, after: string): string {
  if (before === after) return "";
  const a = linesOf(before);
  const b = linesOf(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const ops: Op[] = [
    ...a.slice(0, head).map((line): Op => ({ kind: " ", line })),
    ...editScript(a.slice(head, a.length - tail), b.slice(head, b.length - tail)),
    ...a.slice(a.length - tail).map((line): Op => ({ kind: " ", line })),
  ];
  const out = [`--- ${name}\n`, `+++ ${name}\n`];
  let i = 0;
  let oldLine = 1;
  let newLine = 1;
  while (i < ops.length) {
    // The next change, with CONTEXT lines before it; the hunk grows while changes come
    // within twice CONTEXT lines of each other.
    let change = i;
    while (change < ops.length && (ops[change] as Op).kind === " ") change++;
    if (change === ops.length) break;
    const start = Math.max(i, change - CONTEXT);
    for (let k = i; k < start; k++) {
      oldLine++;
      newLine++;
    }
    let end = change;
    for (;;) {
      while (end < ops.length && (ops[end] as Op).kind !== " ") end++;
      let next = end;
      while (next < ops.length && (ops[next] as Op).kind === " ") next++;
      if (next < ops.length && next - end <= 2 * CONTEXT) end = next;
      else {
        end = Math.min(end + CONTEXT, ops.length);
        break;
      }
    }
    const hunk = ops.slice(start, end);
    const oldCount = hunk.filter((op) => op.kind !== "+").length;
    const newCount = hunk.filter((op) => op.kind !== "-").length;
    out.push(`@@ -${range(oldLine, oldCount)} +${range(newLine, newCount)} @@\n`);
    for (const op of hunk) out.push(shown(op));
    oldLine += oldCount;
    newLine += newCount;
    i = end;
  }
  return out.join("");
}
