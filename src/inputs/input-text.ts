// An input's text when a step after its read needs it again (a kept file's directives, the
// place of an offence across files, a module's parse): the text given in place of the file,
// or the file read once, when first asked; null when it cannot be read.

import { readFileSync } from "node:fs";
import { openablePath } from "../files/kind.js";
import { textOf } from "../files/text.js";
import type { Input } from "./input-kind.js";

/** The input's text, without its byte order mark, read once when first asked for. */
export function textOnce(input: Input): () => string | null {
  let text: string | null | undefined;
  return () => {
    if (text !== undefined) return text;
    if (input.text !== undefined) return (text = typeof input.text === "string" ? input.text : textOf(input.text).text);
    try {
      return (text = textOf(readFileSync(openablePath(input.found))).text);
    } catch {
      return (text = null);
    }
  };
}
