// The per-file step for action files and tools files (by name: files/kind.ts), the same on
// this thread and on every lint worker: read and decode the bytes
// (src/action-file/decode.ts), lint the text (src/action-file/lint.ts), then give the
// offences their positions and edits (src/locate/action-file.ts, tools-file.ts). Every failure of the file is its own parse-error; only our
// own bugs throw, naming the file. Called by the scheduler, the lint workers, --stdin and --fix.

import { describeThrown } from "../core/escape.js";
import { offencesToPlace, withPlaced, type ToolLint } from "../core/tool-lint.js";
import { decode, readText } from "../action-file/decode.js";
import { actionFileName, lintActionText, lintToolsText, type ActionFileName } from "../action-file/lint.js";
import { openablePath, type FoundFile } from "../files/kind.js";
import { locateActionFile } from "../locate/action-file.js";
import { locateToolsFile } from "../locate/tools-file.js";
import { inspectString } from "../text/escape.js";

/** One action or tools file's whole lint, from its text (decoded) and what its name says; also each --fix pass. */
export function lintText(text: string, kind: "json" | "json5", name: ActionFileName): ToolLint {
  if (name.tools === true) {
    const { lint, places } = lintToolsText(text, kind);
    const offences = locateToolsFile(text, lint.offences, places);
    return offences === lint.offences ? lint : { ...lint, offences };
  }
  const lint = lintActionText(text, kind, name);
  return withPlaced(lint, locateActionFile(text, offencesToPlace(lint)));
}

/** One action file's whole lint, from its bytes (a file's content, or stdin). */
export function lintActionBytes(bytes: Buffer, kind: "json" | "json5", name: ActionFileName): ToolLint {
  const decoded = decode(bytes);
  if ("offence" in decoded) return { tool: name.tool || null, actions: 0, offences: [decoded.offence] };
  return lintText(decoded.text, kind, name);
}

/** Reads, parses and lints one action file on disk. */
export function lintActionPath(found: FoundFile): ToolLint {
  const kind = found.kind as "json" | "json5";
  const name = actionFileName(found.path);
  const toolName = name.tool;
  try {
    // The bytes are a temporary: once decoded, only the text (kept for positions) and the
    // parsed value stay alive, which matters on a 50 MB file.
    const decoded = readText(openablePath(found));
    if ("offence" in decoded) return { tool: toolName || null, actions: 0, offences: [decoded.offence] };
    return lintText(decoded.text, kind, name);
  } catch (error) {
    throw new Error(`linting ${inspectString(found.file)} failed internally: ${describeThrown(error)}`, { cause: error });
  }
}
