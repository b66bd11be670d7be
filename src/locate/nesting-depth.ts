// How deeply JavaScript or TypeScript source nests its brackets, measured before the text
// reaches oxc: its native parser recurses on the thread's stack, and source nested some
// thousands of levels deep (generated data, or a hostile file) crashes the whole process
// rather than throwing. Called by module-source.ts; a file too deep gets no positions.
//
// A lexical scan, not a parse: strings, comments and template literals are skipped, and a
// "/" is read as a regular expression where an operand may start. Where that guess is
// wrong the count errs towards deeper, except for a regular expression after a keyword
// (`return /}/`), whose closing brackets are counted: real source does not nest thousands
// of levels through such lines.

// After one of these (or at the start), a "/" starts a regular expression, not a division.
const BEFORE_REGEX = new Set("(,=:[!&|?{};+-*%<>~^");

/** Whether some bracket ((, [, {, ${) in `text` is nested more than `limit` deep. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  // The depths at which a template literal's `${` opened: its `}` resumes the template.
  const templates: number[] = [];
  let previous = ""; // the last character that was not white space or a comment
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      i = lineEnd(text, i);
      continue;
    }
    if (c === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      i = stringEnd(text, i, c);
      previous = c;
      continue;
    }
    if (c === "`" || (c === "}" && templates.length > 0 && templates[templates.length - 1] === depth)) {
      if (c === "}") {
        templates.pop();
        depth--;
      }
      const end = templateEnd(text, i + 1);
      i = end.at;
      if (end.opens) {
        if (++depth > limit) return true;
        templates.push(depth);
      }
      previous = "`";
      continue;
    }
    if (c === "/" && (previous === "" || BEFORE_REGEX.has(previous))) {
      i = regexEnd(text, i);
      previous = "/";
      continue;
    }
    if (c === "(" || c === "[" || c === "{") {
      if (++depth > limit) return true;
    } else if ((c === ")" || c === "]" || c === "}") && depth > 0) {
      depth--;
    }
    if (c !== " " && c !== "\t" && c !== "\n" && c !== "\r") previous = c;
    i++;
  }
  return false;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf("\n", from);
  return end < 0 ? text.length : end;
}

/** Past the string whose quote is at `from` (it ends at its quote, or at the line's end). */
function stringEnd(text: string, from: number, quote: string): number {
  for (let i = from + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === quote || c === "\n") return i + 1;
  }
  return text.length;
}

/** Scans template characters from `from`: past its closing backtick, or past a `${` that opens an expression. */
function templateEnd(text: string, from: number): { at: number; opens: boolean } {
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "`") return { at: i + 1, opens: false };
    else if (c === "$" && text[i + 1] === "{") return { at: i + 2, opens: true };
  }
  return { at: text.length, opens: false };
}

/** Past the regular expression whose slash is at `from` (classes may hold "/"; it ends at its line's end at most). */
function regexEnd(text: string, from: number): number {
  let inClass = false;
  for (let i = from + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "\n") return i;
    else if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    else if (c === "/" && !inClass) return i + 1;
  }
  return text.length;
}
