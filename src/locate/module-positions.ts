// Gives a tool module's offences their line and column (SPEC section 9, positions): after
// the module was linted at run time, its text is read once, only when it has offences, and
// each offence is located in it statically (src/locate/module-source.ts). An offence about
// an entry of the tool points at that entry, or, marked exact: false, at the nearest
// enclosing node found; a load-error from a syntax error points at the error. Offences
// about the module as a whole (no-tool, a throw at import) keep no position.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ToolLint } from "../core/lint-tool.js";
import { withPosition, type Offence, type Target } from "../core/offence.js";

/** Where an offence points, as a path from the tool's top level; null for the module as a whole. */
function moduleTarget(offence: Offence): Target | null {
  if (offence.action !== null) return { path: ["actions", offence.action, ...offence.target.path], part: offence.target.part };
  return offence.target.path.length > 0 ? offence.target : null;
}

// A load-error message naming a syntax error: node's SyntaxError, or the TypeScript transformer's (transpile.ts).
const SYNTAX_ERROR = /\bthrew (?:SyntaxError|TransformError)\b/;

function isSyntaxError(offence: Offence): boolean {
  return offence.code === "load-error" && SYNTAX_ERROR.test(offence.message);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The position the transformer's message gives for this file (`/abs/file.ts:7:4: ERROR:`, its column
 * 0-based in UTF-8 bytes), as line and UTF-16 column; null when the error is another file's.
 */
function transformerPosition(message: string, file: string, text: string): { line: number; column: number } | null {
  const match = new RegExp(`${escapeRegExp(resolve(file))}:(\\d+):(\\d+): ERROR`).exec(message);
  if (match === null) return null;
  const line = Number(match[1]);
  const lineText = text.split("\n")[line - 1];
  if (lineText === undefined) return null;
  return { line, column: Buffer.from(lineText, "utf8").subarray(0, Number(match[2])).toString("utf8").length + 1 };
}

/** Where a syntax error sits: the transformer's own position when its message has one, else oxc-parser's. */
async function syntaxErrorPosition(offence: Offence, file: string, text: string): Promise<{ line: number; column: number } | null> {
  const fromMessage = transformerPosition(offence.message, file, text);
  if (fromMessage !== null) return fromMessage;
  const { findSyntaxError } = await import("./module-source.js");
  // A SyntaxError thrown at run time (JSON.parse, an imported file) leaves this file parsing: no position.
  return (await findSyntaxError(text, file))?.span ?? null;
}

/** The file's text, read now; null when it is gone or unreadable since it was loaded (the offences then stand without positions). */
function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/**
 * The module's lint with positions added where they can be found. The text is the module's
 * given text (--stdin), else the file is read, only when some offence needs a position.
 */
export async function withModulePositions(file: string, lint: ToolLint, given?: string): Promise<ToolLint> {
  const wanted = lint.offences.map((offence) => (offence.line !== undefined ? null : isSyntaxError(offence) ? "syntax" : moduleTarget(offence)));
  if (wanted.every((w) => w === null)) return lint;
  const text = given ?? readText(file);
  if (text === null) return lint;
  const targets = wanted.filter((w): w is Target => w !== null && w !== "syntax");
  const { locateInModule } = await import("./module-source.js");
  const nodes = await locateInModule(text, file, targets);
  let next = 0;
  const offences = await Promise.all(
    lint.offences.map(async (offence, i): Promise<Offence> => {
      const want = wanted[i];
      if (want === null || want === undefined) return offence;
      if (want === "syntax") {
        const position = await syntaxErrorPosition(offence, file, text);
        return position === null ? offence : withPosition(offence, position.line, position.column);
      }
      const node = nodes[next++];
      const span = node ? (want.part === "key" ? (node.key ?? node.value) : node.value) : undefined;
      return node && span ? withPosition(offence, span.line, span.column, node.exact) : offence;
    }),
  );
  return Object.freeze({ ...lint, offences: Object.freeze(offences) });
}
