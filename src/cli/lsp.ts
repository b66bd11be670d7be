// `wymcp-lint --lsp` from the command line: the language server (src/lsp/) on this
// process's standard input and output, with the code docs the CLI renders for --explain
// (hover, and each diagnostic's link), loaded at their first use so initialize does not wait
// for them. The server ends the process itself (on `exit`, when its input closes, when the
// editor's process dies); every module process is stopped then.

import { serveLsp, type CodeDocs } from "../lsp/server.js";
import { packageVersion } from "../engine/version.js";

async function codeDocs(): Promise<CodeDocs> {
  const [{ codeTitle, isOffenceCode }, { codeDocMarkdown, codeDocUrl }] = await Promise.all([import("../core/codes.js"), import("../code-docs/code-docs.js")]);
  return {
    explain: (code) => (isOffenceCode(code) ? `**${code}**: ${codeTitle(code)}\n\n${codeDocMarkdown(code)}` : null),
    codeHref: (code) => (isOffenceCode(code) ? codeDocUrl(code) : ""),
  };
}

/** Serves until the process ends; the promise never settles, as run() has nothing to return. */
export function serveLanguageServer(loadTimeoutMs: number): Promise<number> {
  serveLsp({ docs: codeDocs, version: packageVersion(), loadTimeoutMs, input: process.stdin, output: process.stdout });
  return new Promise<number>(() => undefined);
}
