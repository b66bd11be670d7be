// Gives a tool module's offences their line and column (SPEC section 9, positions): after
// the module was linted at run time, its text is read once, only when it has offences, and
// each offence is located in it statically (src/locate/module-source.ts). An offence about
// an entry of the tool points at that entry, or, marked exact: false, at the nearest
// enclosing node found; a load-error from a syntax error points at the error. Offences
// about the module as a whole (no-tool, a throw at import) keep no position.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ToolLint } from "../core/lint-tool.js";
import { withPosition, type Offence, type SyntaxErrorCause, type Target } from "../core/offence.js";

/** Where an offence points, as a path from the tool's top level; null for the module as a whole. */
function moduleTarget(offence: Offence): Target | null {
  if (offence.action !== null) return { path: ["actions", offence.action, ...offence.target.path], part: offence.target.part };
  return offence.target.path.length > 0 ? offence.target : null;
}

/**
 * Where a syntax error that stopped the module sits: the loader's own place for it when that
 * is in this file (the transformer's), else the first one oxc-parser finds in the text.
 */
async function syntaxErrorPosition(cause: SyntaxErrorCause, file: string, text: string): Promise<{ line: number; column: number } | null> {
  const at = cause.at;
  if (at !== null && at.file === resolve(file) && at.position.line <= text.split("\n").length) return at.position;
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
  const wanted = lint.offences.map((offence) => (offence.line !== undefined ? null : offence.syntaxError !== undefined ? "syntax" : moduleTarget(offence)));
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
        const position = await syntaxErrorPosition(offence.syntaxError as SyntaxErrorCause, file, text);
        return position === null ? offence : withPosition(offence, position.line, position.column);
      }
      const node = nodes[next++];
      const span = node ? (want.part === "key" ? (node.key ?? node.value) : node.value) : undefined;
      return node && span ? withPosition(offence, span.line, span.column, node.exact) : offence;
    }),
  );
  return Object.freeze({ ...lint, offences: Object.freeze(offences) });
}
