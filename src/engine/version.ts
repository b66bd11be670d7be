// wymcp-lint's own version, read from its package.json: printed by --version, and given
// to the formatters (SARIF's tool version), to a server we lint (the client's version), and
// keying the result cache (cache.ts).
// The URL is relative to this module as built: dist/engine/version.js, or a chunk of the
// bundle in dist/bundle/ (scripts/bundle.mjs), both two levels below the package root.

import { readFileSync } from "node:fs";

/** wymcp-lint's own version, from its package.json. */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: unknown };
  return typeof manifest.version === "string" ? manifest.version : "unknown";
}
