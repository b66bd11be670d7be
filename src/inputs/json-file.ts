// The JSON-family kinds (an action file, a tools file) read alike, from one text in hand:
// decoded (src/action-file/decode.ts), parsed and linted by the kind's lint, and one scan of
// the text for what the lint asks of it: its offences' places, its repeated keys and, for
// JSON5, its inline directives. One file's read
// is plain data (JsonRead), the same on this thread and on a lint worker (scheduler.ts), so a
// large run reads on several threads. Every failure of the file is its own parse-error; only
// our own bugs throw, naming the file.

import { describeThrown } from "../core/escape.js";
import type { Offence } from "../core/offence.js";
import { offencesToPlace, withPlaced, type ToolLint } from "../core/tool-lint.js";
import { decode, readText } from "../action-file/decode.js";
import { REPEATED_KEYS, repeatedKeysOf } from "../action-file/duplicate-keys.js";
import { actionFileName, lintActionText, lintToolsText, withRepeatedKeys } from "../action-file/lint.js";
import type { JsonSyntax } from "../action-file/parse.js";
import { isJson5, openablePath, toolNameOf, type FoundFile } from "../files/kind.js";
import { actionFileLookup } from "../locate/action-file.js";
import { declarationPlaces, declaredPaths, jsonDeclarationLookup } from "../locate/declaration-places.js";
import { locatedEntries } from "../locate/json-entries.js";
import { toolsFileLookup } from "../locate/tools-file.js";
import { scannedComments } from "../suppress/comments.js";
import { commentDirectives, mayHoldDirectives, type Directive } from "../suppress/directives.js";
import { scanJson } from "../text/json5-scan.js";
import { inspectString } from "../text/escape.js";

/** One JSON-family file read, as plain data: its lint, its offences placed, and its directives. */
export interface JsonRead {
  readonly lint: ToolLint;
  readonly directives: readonly Directive[];
}

/** What reading asks beyond the text: whether the lint carries the declaration read whole (core/declaration.ts), and where its values are written (ToolLint.places). */
export interface JsonReadOptions {
  readonly declaration?: boolean;
  readonly places?: boolean;
}

const syntaxOf = (file: string): JsonSyntax => (isJson5(file) ? "json5" : "json");

/** The tool a file's name gives it, for a file that could not be read (a tools file has none of its own). */
const toolOf = (found: FoundFile): string | null => (found.kind === "tools-file" ? null : toolNameOf(found.path) || null);

/**
 * One file read from its decoded text: parsed and linted (src/action-file/lint.ts), then, only
 * when something asks for it, one scan of the text (src/text/json5-scan.ts) for the places its
 * offences ask for, the keys it repeats and, in JSON5, its comments, which hold its directives
 * (none in a text that did not parse: its comments cannot be trusted).
 */
export function readJsonText(text: string, found: FoundFile, options: JsonReadOptions = {}): JsonRead {
  const syntax = syntaxOf(found.path);
  const { lint, repeatsKeys, places } = found.kind === "tools-file" ? lintToolsText(text, syntax, options) : lintActionText(text, syntax, actionFileName(found.path), options);
  const asked = places === undefined ? actionFileLookup(offencesToPlace(lint)) : toolsFileLookup(offencesToPlace(lint), places);
  const comments = syntax === "json5" && mayHoldDirectives(text) && !lint.offences.some((o) => o.code === "parse-error");
  // The declaration's places are asked of the same scan, after the offences' paths.
  const declared = options.places === true && lint.declaration !== undefined ? declaredPaths(lint.declaration) : null;
  const declaredLookup = declared === null ? null : jsonDeclarationLookup(found.kind === "tools-file" ? "tools-file" : "action-file", declared);
  if (asked === null && declaredLookup === null && !repeatsKeys && !comments) return { lint, directives: [] };
  const offencePaths = asked?.paths ?? [];
  const paths = declaredLookup === null ? offencePaths : [...offencePaths, ...declaredLookup.asked];
  const scan = scanJson(text, { ...(paths.length === 0 ? {} : { paths }), ...(repeatsKeys ? { repeats: REPEATED_KEYS } : {}), comments });
  const entries = paths.length === 0 ? [] : locatedEntries(scan);
  const placed = asked === null ? lint : withPlaced(lint, asked.located(text, entries.slice(0, offencePaths.length)));
  const withPlaces =
    declared === null || declaredLookup === null ? placed : { ...placed, places: declarationPlaces(text, declared, declaredLookup.entries(entries.slice(offencePaths.length))) };
  return {
    lint: repeatsKeys ? withRepeatedKeys(withPlaces, repeatedKeysOf(text, scan)) : withPlaces,
    directives: comments ? commentDirectives(text, scannedComments(text, scan)) : [],
  };
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
