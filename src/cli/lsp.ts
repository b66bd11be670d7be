// `wymcp-lint --lsp` from the command line: the language server (src/lsp/) on this
// process's standard input and output, with the code docs the CLI renders for --explain
// (hover, and each diagnostic's link). The server ends the process itself (on `exit`, when
// its input closes, when the editor's process dies); every module process is stopped then.

import { codeTitle, isOffenceCode } from "../core/codes.js";
import { inMemoryLinter } from "../lsp/linter.js";
import { serveLsp } from "../lsp/server.js";
import { codeDocMarkdown, codeDocUrl } from "../code-docs/code-docs.js";
import { packageVersion } from "../engine/version.js";

function explainMarkdown(code: string): string | null {
  return isOffenceCode(code) ? `**${code}**: ${codeTitle(code)}\n\n${codeDocMarkdown(code)}` : null;
}

/** Serves until the process ends; the promise never settles, as run() has nothing to return. */
export function serveLanguageServer(loadTimeoutMs: number): Promise<number> {
  const linter = inMemoryLinter(loadTimeoutMs);
  process.on("exit", () => linter.stop());
  serveLsp({
    explain: explainMarkdown,
    codeHref: (code) => (isOffenceCode(code) ? codeDocUrl(code) : ""),
    version: packageVersion(),
    linter,
    input: process.stdin,
    output: process.stdout,
  });
  return new Promise<number>(() => undefined);
}
