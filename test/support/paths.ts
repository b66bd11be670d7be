// Where the repository's files are: the root is two folders above this file.
import { fileURLToPath } from "node:url";
import { assertBuiltFromSource } from "../../src/modules/entry-url.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export function repoPath(relative: string): string {
  return fileURLToPath(new URL(`../../${relative}`, import.meta.url));
}

/**
 * A file of the build (under dist/), for a test that runs built modules itself, as a lint
 * worker's or a module process's starter does from the source: only while dist/ is the build
 * of src/ as it is now, else it throws saying to build (src/modules/entry-url.ts).
 */
export function builtPath(relative: string): string {
  assertBuiltFromSource(new URL("../../", import.meta.url));
  return repoPath(relative);
}
