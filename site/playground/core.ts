// The playground's linter: the linter's own pipeline (src/lint/pipeline.ts) on one text, in the
// browser, under the default severities and the clients chosen; so its offences are the CLI's
// for the same file with no config. scripts/playground.mjs bundles it with the shims of the few
// Node built-ins the reading of action files and tools files touches.
import { CLIENT_IDS, type ClientId } from "../../src/core/client-limits/profiles.js";
import { defaultSeverity } from "../../src/core/codes.js";
import { kindOf } from "../../src/files/kind.js";
import type { FileResult } from "../../src/lint/result.js";
import { lintInputs } from "../../src/lint/pipeline.js";

export { CLIENT_IDS, type ClientId };

/** The file kinds the playground lints: those read without running code. */
export const NAMES = ["tool.actions.json", "tool.actions.json5", "server.tools.json", "server.tools.json5"] as const;

/** The results of linting `text` as the file `name`, with the limits of `clients`. */
export async function lintText(name: string, text: string, clients: readonly ClientId[]): Promise<readonly FileResult[]> {
  const kind = kindOf(name);
  if (kind !== "action-file" && kind !== "tools-file") throw new Error(`the playground lints action files and tools files; got ${name}`);
  const found = { file: name, path: `/playground/${name}`, kind };
  const rules = { severityOf: defaultSeverity, clients: new Set(clients) };
  const linted = await lintInputs([{ found, text }], { read: { timeoutMs: 0, workers: 0 }, rules, suppress: true });
  return linted.files;
}
