// The VS Code extension: a thin client of `wymcp-lint --lsp` (docs/editors.md), which does
// all the work. It finds the linter where the README says, in that order (the wymcp-lint.path
// setting, the workspace's own node_modules/wymcp-lint, the one it bundles, `wymcp-lint` on
// PATH), says in its log which it runs and why, and says plainly when there is none; passes
// the settings (when to lint, the debounce, the load timeout); and adds three commands: fix
// all, restart the server, show its log.

const { statSync } = require("node:fs");
const { delimiter, isAbsolute, join } = require("node:path");
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

const SECTION = "wymcp-lint";
const NAME = "wymcp-lint";
let client = null;
let output = null;

/** The files the server lints, on disk: action files, tools files, tool modules, and Elixir files (it lints those that use Wymcp.Tool). */
const DOCUMENTS = ["**/*.actions.json", "**/*.actions.json5", "**/*.tools.json", "**/*.tools.json5", "**/*.tool.{js,mjs,cjs,ts,mts,cts}", "**/*.{ex,exs}"].map((pattern) => ({
  scheme: "file",
  pattern,
}));

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A command's file on PATH (on Windows, with one of PATHEXT's extensions); null when there is none. */
function onPath(command) {
  const extensions = process.platform === "win32" ? (process.env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";") : [""];
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    for (const extension of extensions) {
      const candidate = join(dir, `${command}${extension}`);
      if (isFile(candidate)) return candidate;
    }
  }
  return null;
}

/**
 * The linter to run: `{ path, how }` (how it was found, for the log), or `{ missing }` saying
 * why there is none. A path ending in .js runs under the Node that runs VS Code's extensions.
 */
function findLinter(context) {
  const setting = vscode.workspace.getConfiguration(SECTION).get("path");
  if (typeof setting === "string" && setting !== "") {
    // A path is taken as it is; a bare name is looked up on PATH.
    const found = isAbsolute(setting) || /[/\\]/.test(setting) ? (isFile(setting) ? setting : null) : onPath(setting);
    if (found !== null) return { path: found, how: "the wymcp-lint.path setting" };
    return { missing: `the wymcp-lint.path setting names ${JSON.stringify(setting)}, which is no file${isAbsolute(setting) ? "" : " here nor on PATH"}` };
  }
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const own = join(folder.uri.fsPath, "node_modules", "wymcp-lint", "bin", "wymcp-lint.js");
    if (isFile(own)) return { path: own, how: `the workspace's node_modules (${folder.name})` };
  }
  const bundled = context.asAbsolutePath(join("server", "node_modules", "wymcp-lint", "bin", "wymcp-lint.js"));
  if (isFile(bundled)) return { path: bundled, how: "the linter bundled with this extension" };
  const command = onPath("wymcp-lint");
  if (command !== null) return { path: command, how: "PATH" };
  return {
    missing:
      "no wymcp-lint was found: not in the workspace's node_modules, not bundled with this extension, not on PATH. Install it in the workspace (npm install --save-dev wymcp-lint), put it on PATH, or set wymcp-lint.path",
  };
}

function serverOptions(linter, settings) {
  const args = ["--lsp", "--load-timeout", String(settings.get("loadTimeout", 10))];
  // The client adds --stdio, and for a Node module --clientProcessId, which the server takes.
  if (linter.path.endsWith(".js")) return { module: linter.path, transport: TransportKind.stdio, args };
  return { command: linter.path, transport: TransportKind.stdio, args, options: { shell: process.platform === "win32" } };
}

async function start(context) {
  const settings = vscode.workspace.getConfiguration(SECTION);
  if (!settings.get("enable", true)) return;
  const linter = findLinter(context);
  if (linter.missing !== undefined) {
    output.error(`wymcp-lint: ${linter.missing}.`);
    void vscode.window.showErrorMessage(`wymcp-lint: ${linter.missing}.`);
    return;
  }
  output.info(`wymcp-lint: running ${linter.path} (found through ${linter.how})`);
  const run = settings.get("run", "onType");
  client = new LanguageClient(SECTION, NAME, serverOptions(linter, settings), {
    documentSelector: DOCUMENTS,
    outputChannel: output,
    initializationOptions: { run, debounceMs: settings.get("debounceMs", 150) },
    // Pulled as the text changes, or only on open and save (the server answers the same way).
    diagnosticPullOptions: { onChange: run === "onType", onSave: run === "onSave" },
  });
  try {
    await client.start();
  } catch (error) {
    const message = `wymcp-lint: ${linter.path} could not start the language server: ${error instanceof Error ? error.message : String(error)}`;
    output.error(message);
    void vscode.window.showErrorMessage(message);
  }
}

async function stop() {
  const running = client;
  client = null;
  if (running?.isRunning()) await running.stop();
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
  // A log channel: the language client writes its own log through it (error, warn, info).
  output = vscode.window.createOutputChannel(NAME, { log: true });
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
