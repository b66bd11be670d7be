// The VS Code extension: a thin client of `wymcp-lint --lsp` (docs/editors.md), which does
// all the work. It starts the linter the settings name, else the workspace's own
// (node_modules/wymcp-lint), else the one it bundles, else `wymcp-lint` on PATH; passes
// the run setting; and adds three commands: fix all, restart the server, show its output.

const { existsSync } = require("node:fs");
const { join } = require("node:path");
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

const SECTION = "wymcp-lint";
let client = null;
let output = null;

/** The files the server lints: action files and tool modules on disk. */
const DOCUMENTS = ["**/*.actions.json", "**/*.actions.json5", "**/*.tool.{js,mjs,cjs,ts,mts,cts}"].map((pattern) => ({ scheme: "file", pattern }));

/** Where the linter is: a path to its bin (run with Node), or a command on PATH. */
function linter(context) {
  const setting = vscode.workspace.getConfiguration(SECTION).get("path");
  if (typeof setting === "string" && setting !== "") return setting;
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const own = join(folder.uri.fsPath, "node_modules", "wymcp-lint", "bin", "wymcp-lint.js");
    if (existsSync(own)) return own;
  }
  const bundled = context.asAbsolutePath(join("server", "node_modules", "wymcp-lint", "bin", "wymcp-lint.js"));
  return existsSync(bundled) ? bundled : "wymcp-lint";
}

function serverOptions(context) {
  const found = linter(context);
  // A .js file runs under the Node that runs VS Code's extensions; a command runs as it is.
  if (found.endsWith(".js")) return { module: found, transport: TransportKind.stdio, args: ["--lsp"] };
  return { command: found, transport: TransportKind.stdio, args: ["--lsp"] };
}

async function start(context) {
  if (!vscode.workspace.getConfiguration(SECTION).get("enable", true)) return;
  const run = vscode.workspace.getConfiguration(SECTION).get("run", "onType");
  client = new LanguageClient(SECTION, "wymcp-lint", serverOptions(context), {
    documentSelector: DOCUMENTS,
    outputChannel: output,
    initializationOptions: { run },
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*") },
  });
  await client.start();
}

async function stop() {
  const running = client;
  client = null;
  if (running !== null) await running.stop();
}

async function fixAll() {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || client === null) return;
  const actions = await vscode.commands.executeCommand(
    "vscode.executeCodeActionProvider",
    editor.document.uri,
    new vscode.Range(0, 0, editor.document.lineCount, 0),
    "source.fixAll.wymcp-lint",
  );
  for (const action of actions ?? []) if (action.edit !== undefined) await vscode.workspace.applyEdit(action.edit);
}

async function activate(context) {
  output = vscode.window.createOutputChannel("wymcp-lint");
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand("wymcp-lint.fixAll", fixAll),
    vscode.commands.registerCommand("wymcp-lint.restart", async () => {
      await stop();
      await start(context);
    }),
    vscode.commands.registerCommand("wymcp-lint.showOutput", () => output.show()),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration(SECTION)) return;
      await stop();
      await start(context);
    }),
  );
  await start(context);
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
