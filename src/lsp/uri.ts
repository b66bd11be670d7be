// Which URIs the language server takes as files (docs/editors.md): a `file:` URI that names a
// local path. Anything else a client sends as a document's or a workspace folder's URI (another
// scheme, a host other than localhost, an escaped slash, a value that is no string) names no
// file here: its document gets no diagnostics and its folder is not opened, and nothing the
// client sends can end the server.

import { fileURLToPath } from "node:url";

/** The local path `uri` names; null when it names none. */
export function pathOfUri(uri: unknown): string | null {
  if (typeof uri !== "string" || !uri.startsWith("file:")) return null;
  try {
    return fileURLToPath(uri);
  } catch {
    return null;
  }
}

/** The local paths of `uris` that name one, in order. */
export function pathsOfUris(uris: Iterable<unknown>): string[] {
  const paths: string[] = [];
  for (const uri of uris) {
    const path = pathOfUri(uri);
    if (path !== null) paths.push(path);
  }
  return paths;
}
