// The JSON-family kinds (an action file, a tools file) read alike, from one text in hand:
// decoded (src/action-file/decode.ts), parsed and linted by the kind's lint, the offences
// placed by the kind's locator, and, for JSON5, the inline directives read. One file's read
// is plain data (JsonRead), the same on this thread and on a lint worker (scheduler.ts), so a
// large run reads on several threads. Every failure of the file is its own parse-error; only
// our own bugs throw, naming the file.

import { describeThrown } from "../core/escape.js";
import type { Offence } from "../core/offence.js";
import { offencesToPlace, withPlaced, type ToolLint } from "../core/tool-lint.js";
import { decode, readText } from "../action-file/decode.js";
import { actionFileName, lintActionText, lintToolsText } from "../action-file/lint.js";
import type { JsonSyntax } from "../action-file/parse.js";
import { isJson5, openablePath, toolNameOf, type FoundFile } from "../files/kind.js";
import { locateActionFile } from "../locate/action-file.js";
import { locateToolsFile } from "../locate/tools-file.js";
import { directivesOf, type Directive } from "../suppress/directives.js";
import { inspectString } from "../text/escape.js";

/** One JSON-family file read, as plain data: its lint, its offences placed, and its directives. */
export interface JsonRead {
  readonly lint: ToolLint;
  readonly directives: readonly Directive[];
}

/** What reading asks beyond the text: whether the lint carries the declaration read whole (core/declaration.ts). */
export interface JsonReadOptions {
  readonly declaration?: boolean;
}

const syntaxOf = (file: string): JsonSyntax => (isJson5(file) ? "json5" : "json");

/** An action file's lint from its text, placed; a tools file's (a saved tools/list, docs/plain-tools.md), whose entries are placed by their labels. */
function lintPlaced(text: string, found: FoundFile, options: JsonReadOptions): ToolLint {
  const syntax = syntaxOf(found.path);
  if (found.kind === "tools-file") {
    const { lint, places } = lintToolsText(text, syntax, options);
    const offences = locateToolsFile(text, lint.offences, places);
    return offences === lint.offences ? lint : { ...lint, offences };
  }
  const lint = lintActionText(text, syntax, actionFileName(found.path), options);
  return withPlaced(lint, locateActionFile(text, offencesToPlace(lint)));
}

/** A JSON5 file's directives, read with its text in hand; JSON has no comments, and the comments of a text that did not parse cannot be trusted. */
function directivesIn(text: string, found: FoundFile, lint: ToolLint): readonly Directive[] {
  if (syntaxOf(found.path) === "json" || lint.offences.some((o) => o.code === "parse-error")) return [];
  return directivesOf(text, "json5");
}

/** The tool a file's name gives it, for a file that could not be read (a tools file has none of its own). */
const toolOf = (found: FoundFile): string | null => (found.kind === "tools-file" ? null : toolNameOf(found.path) || null);

/** One file read from its decoded text. */
export function readJsonText(text: string, found: FoundFile, options: JsonReadOptions = {}): JsonRead {
  const lint = lintPlaced(text, found, options);
  return { lint, directives: directivesIn(text, found, lint) };
}

/** One file read from bytes (a file's content, standard input, an editor's buffer), decoded as a file's are. */
export function readJsonBytes(bytes: Uint8Array, found: FoundFile, options: JsonReadOptions = {}): JsonRead {
  const decoded = decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return "offence" in decoded ? unread(found, decoded.offence) : readJsonText(decoded.text, found, options);
}

function unread(found: FoundFile, offence: Offence): JsonRead {
  return { lint: { tool: toolOf(found), actions: 0, offences: [offence] }, directives: [] };
}

/** One file on disk read: the per-file step of every thread that reads JSON-family files. */
export function readJsonPath(found: FoundFile, options: JsonReadOptions = {}): JsonRead {
  try {
    // The bytes are a temporary: once decoded, only the text (kept for positions) and the
    // parsed value stay alive, which matters on a 50 MB file.
    const decoded = readText(openablePath(found));
    return "offence" in decoded ? unread(found, decoded.offence) : readJsonText(decoded.text, found, options);
  } catch (error) {
    throw new Error(`linting ${inspectString(found.file)} failed internally: ${describeThrown(error)}`, { cause: error });
  }
}
