// Where the repository's files are, from a compiled test: build-test/ sits beside test/,
// at the same depth, so one relative URL works from both.
import { fileURLToPath } from "node:url";
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export function repoPath(relative) {
    return fileURLToPath(new URL(`../../${relative}`, import.meta.url));
}
