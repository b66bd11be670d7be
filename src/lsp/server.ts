// `wymcp-lint --lsp`: the language server on standard input and output (docs/editors.md),
// on vscode-languageserver. It lints each open action file and tool module from its
// unsaved text (documents.ts: debounced, one lint per document at a time, never a stale
// version) under its workspace folder's config (workspace.ts), and serves the results as
// diagnostics (diagnostics.ts; pulled where the client supports it, pushed otherwise),
// code actions (code-actions.ts) and hover (hover.ts). The library ends the process on
// `exit`, when standard input closes and when the client's process dies; the module
// processes are stopped on the way out.

import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { toolNameOf } from "../action-file/lint.js";
import {
  type CodeAction,
  type CodeActionParams,
  type Connection,
  createConnection,
  type Diagnostic,
  DidChangeWatchedFilesNotification,
  type DocumentDiagnosticReport,
  ShowMessageNotification,
  type InitializeParams,
  type InitializeResult,
  TextDocumentSyncKind,
  TextDocuments,
} from "./protocol.js";
import { TextDocument } from "./protocol.js";
import { kindOf, mayUseWymcpTool, type FileKind } from "../files/kind.js";
import { searchedName } from "../lint/discover.js";
import { FIX_ALL_KIND, fixAll, quickFixes } from "./code-actions.js";
import { findingsOf, SOURCE, type Finding } from "./diagnostics.js";
import { DocumentLints, type Linted } from "./documents.js";
import { duplicateToolOf } from "./duplicate-tools.js";
import { negotiateEncoding, PositionMap, type Encoding } from "./encoding.js";
import { hoverAt, type Explain } from "./hover.js";
import type { DocumentLinter } from "./linter.js";
import { fileNameIn, folderOf, isConfigName, openFolder, reloadFolder, type ConfigProblem, type Folder } from "./workspace.js";

export interface ServerOptions {
  /** A code's explanation as Markdown (the CLI's --explain). */
  readonly explain: Explain;
  /** The address of a code's doc. */
  readonly codeHref: (code: string) => string;
  readonly version: string;
  readonly linter: DocumentLinter;
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
}

/** What the client may set in initializationOptions. */
interface Settings {
  /** Milliseconds a change waits before the document is linted. */
  readonly debounceMs: number;
  /** Lint as the text changes, or only on open and save. */
  readonly run: "onType" | "onSave";
}

const DEFAULT_SETTINGS: Settings = { debounceMs: 150, run: "onType" };

function settingsOf(given: unknown): Settings {
  const options = typeof given === "object" && given !== null ? (given as Record<string, unknown>) : {};
  const debounce = options["debounceMs"];
  return {
    debounceMs: typeof debounce === "number" && debounce >= 0 && debounce <= 10_000 ? debounce : DEFAULT_SETTINGS.debounceMs,
    run: options["run"] === "onSave" ? "onSave" : "onType",
  };
}

/** A document the server lints: an action file or tool module a directory search would pick up, on disk. */
function lintable(uri: string): { path: string; kind: FileKind } | null {
  if (!uri.startsWith("file:")) return null;
  const path = fileURLToPath(uri);
  const kind = kindOf(path);
  return kind === null || !searchedName(path) ? null : { path, kind };
}

/** Starts the server; it runs until the client ends it. */
export function serveLsp(options: ServerOptions): Connection {
  const connection = createConnection(options.input, options.output);
  // Standard output is the protocol's: what would be printed there goes to the client's log.
  console.log = (...args: unknown[]) => connection.console.log(args.map(String).join(" "));
  console.info = console.log;
  console.debug = console.log;
  const documents = new TextDocuments(TextDocument);
  let encoding: Encoding = "utf-16";
  let pull = false;
  let refreshSupport = false;
  let settings = DEFAULT_SETTINGS;
  let folders: Folder[] = [];
  /** Folders made for documents outside every workspace folder: their own directory's config. */
  const loose = new Map<string, Promise<Folder>>();
  /** The tool name of each file linted here, by path, for duplicate-tool. */
  const knownTools = new Map<string, string | null>();
  /** Config problems shown, by config file, so each is said once. */
  const shown = new Map<string, string>();

  async function folderFor(path: string): Promise<Folder> {
    const found = folderOf(folders, path);
    if (found !== null) return found;
    const dir = dirname(path);
    let folder = loose.get(dir);
    if (folder === undefined) {
      folder = openFolder(dir).then((opened) => {
        reportProblem(opened);
        return opened;
      });
      loose.set(dir, folder);
    }
    return folder;
  }

  function reportProblem(folder: Folder): void {
    const file = folder.configFile;
    for (const [configFile] of shown) {
      if (folder.problem === null && configFile === file) {
        shown.delete(configFile);
        void connection.sendDiagnostics({ uri: pathToFileURL(configFile).href, diagnostics: [] });
      }
    }
    const problem: ConfigProblem | null = folder.problem;
    if (problem === null || shown.get(problem.file) === problem.message) return;
    shown.set(problem.file, problem.message);
    const at = { line: Math.max(0, problem.line - 1), character: Math.max(0, problem.column - 1) };
    const diagnostic: Diagnostic = { range: { start: at, end: at }, severity: 1, source: SOURCE, message: problem.message };
    void connection.sendDiagnostics({ uri: pathToFileURL(problem.file).href, diagnostics: [diagnostic] });
    // A notification, not a request: nothing waits for the user to dismiss it.
    void connection.sendNotification(ShowMessageNotification.type, {
      type: 1,
      message: `wymcp-lint: the config cannot be used, so the last good one keeps serving: ${problem.message}`,
    });
  }

  async function lintDocument(uri: string, document: TextDocument): Promise<Finding[]> {
    const target = lintable(uri);
    if (target === null) return [];
    const text = document.getText();
    // As a directory search does: an Elixir file is linted only when it may hold a Wymcp tool.
    if (target.kind === "elixir" && !mayUseWymcpTool(text)) return [];
    try {
      const folder = await folderFor(target.path);
      const file = fileNameIn(folder.dir, target.path);
      // The tool name it will have: an action file's is its file's; a module's, what its last lint found.
      const expected = target.kind === "json" || target.kind === "json5" ? toolNameOf(file) : (knownTools.get(target.path) ?? null);
      const duplicate = duplicateToolOf(target.path, file, expected, knownTools);
      const result = await options.linter.lint({ path: target.path, file, kind: target.kind, text, across: duplicate === null ? [] : [duplicate], rules: folder.rules });
      const before = knownTools.get(target.path);
      knownTools.set(target.path, result.tool);
      // The module's name turned out other than expected: the duplicate-tool given for the old name goes, and one for the new name needs another lint.
      const mistaken = result.tool !== expected;
      if (mistaken && duplicateToolOf(target.path, file, result.tool, knownTools) !== null) lints.changed(uri, true);
      const offences = mistaken && duplicate !== null ? result.offences.filter((o) => o.code !== "duplicate-tool") : result.offences;
      // Its tool name changed: the other documents of its directory may gain or lose a duplicate-tool.
      if (before !== undefined && before !== result.tool) {
        for (const other of documents.keys()) if (other !== uri && lintable(other) !== null && dirname(fileURLToPath(other)) === dirname(target.path)) lints.changed(other, true);
      }
      return findingsOf(offences, uri, new PositionMap(text, encoding), options.codeHref, (name) => pathToFileURL(join(folder.dir, name)).href);
    } catch (error) {
      // Our own bug: said in the client's log, and the document keeps no diagnostics.
      connection.console.error(`wymcp-lint could not lint ${target.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return [];
    }
  }

  const lints = new DocumentLints<TextDocument, Finding[]>(
    {
      current(uri) {
        const document = documents.get(uri);
        return document === undefined ? null : { version: document.version, document };
      },
    },
    lintDocument,
    (uri: string, linted: Linted<Finding[]>) => {
      if (!pull) void connection.sendDiagnostics({ uri, version: linted.version, diagnostics: linted.findings.map((f) => f.diagnostic) });
    },
    DEFAULT_SETTINGS.debounceMs,
  );

  connection.onInitialize(async (params: InitializeParams): Promise<InitializeResult> => {
    settings = settingsOf(params.initializationOptions);
    lints.debounceMs = settings.debounceMs;
    encoding = negotiateEncoding(params.capabilities.general?.positionEncodings);
    pull = params.capabilities.textDocument?.diagnostic !== undefined;
    refreshSupport = params.capabilities.workspace?.diagnostics?.refreshSupport === true;
    const dirs = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri === null || params.rootUri === undefined ? [] : [params.rootUri]);
    folders = await Promise.all(dirs.filter((uri) => uri.startsWith("file:")).map((uri) => openFolder(fileURLToPath(uri))));
    return {
      capabilities: {
        positionEncoding: encoding,
        // The documents apply incremental changes in UTF-16; under UTF-8 the client sends whole texts.
        textDocumentSync: { openClose: true, change: encoding === "utf-16" ? TextDocumentSyncKind.Incremental : TextDocumentSyncKind.Full, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: ["quickfix", FIX_ALL_KIND] },
        hoverProvider: true,
        ...(pull ? { diagnosticProvider: { identifier: SOURCE, interFileDependencies: true, workspaceDiagnostics: false } } : {}),
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: "wymcp-lint", version: options.version },
    };
  });

  connection.onInitialized(() => {
    for (const folder of folders) reportProblem(folder);
    // Where the client watches files for us: configs, ignore files, baselines, and the files tool modules import.
    void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: "**/*" }] }).catch(() => undefined);
  });

  /** A config file changed: its folder reads it again, and every document there is linted again. */
  async function configChanged(path: string): Promise<void> {
    const affected = [...folders, ...(await Promise.all(loose.values()))].filter((folder) => folderOf([folder], path) !== null || folder.configFile === path);
    for (const folder of affected) {
      await reloadFolder(folder);
      reportProblem(folder);
    }
    relint();
  }

  function relint(): void {
    lints.relintAll();
    if (pull && refreshSupport) void connection.languages.diagnostics.refresh();
  }

  connection.onDidChangeWatchedFiles(async ({ changes }) => {
    const paths = changes.filter((c) => c.uri.startsWith("file:")).map((c) => fileURLToPath(c.uri));
    const configs = paths.filter(isConfigName);
    for (const path of configs) await configChanged(path);
    // Any other file may be imported by a tool module, or be an ignore file or a baseline.
    if (configs.length === 0 && paths.some((path) => lintable(pathToFileURL(path).href) === null)) relint();
  });

  /** Documents just opened: the document manager reports their text as changed too, right after. */
  const opening = new Set<string>();
  documents.onDidOpen(({ document }) => {
    opening.add(document.uri);
    lints.changed(document.uri, true);
  });
  documents.onDidChangeContent(({ document }) => {
    if (!opening.delete(document.uri) && settings.run === "onType") lints.changed(document.uri);
  });
  documents.onDidSave(({ document }) => {
    const path = document.uri.startsWith("file:") ? fileURLToPath(document.uri) : null;
    if (path !== null && isConfigName(path)) void configChanged(path);
    else if (settings.run === "onSave") lints.changed(document.uri, true);
  });
  documents.onDidClose(({ document }) => {
    lints.closed(document.uri);
    if (!pull) void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  connection.languages.diagnostics.on(async (params): Promise<DocumentDiagnosticReport> => {
    const document = documents.get(params.textDocument.uri);
    const linted = document === undefined ? null : await lints.whenLinted(document.uri, document.version);
    if (linted === null) return { kind: "full", items: [] };
    if (params.previousResultId === linted.resultId) return { kind: "unchanged", resultId: linted.resultId };
    return { kind: "full", resultId: linted.resultId, items: linted.findings.map((f) => f.diagnostic) };
  });

  connection.onCodeAction((params: CodeActionParams): CodeAction[] => {
    const document = documents.get(params.textDocument.uri);
    const target = lintable(params.textDocument.uri);
    // Only what is known for the current version: an action never edits text it was not computed for.
    const linted = document === undefined ? null : lints.latest(document.uri);
    if (document === undefined || target === null || linted === null) return [];
    const map = new PositionMap(document.getText(), encoding);
    const only = params.context.only;
    const wants = (kind: string): boolean => only === undefined || only.some((o) => kind === o || kind.startsWith(`${o}.`));
    const actions = wants("quickfix") ? quickFixes(linted.findings, params.range, document.uri, target.kind, map) : [];
    const all = wants(FIX_ALL_KIND) ? fixAll(linted.findings, document.uri, map) : null;
    return all === null ? actions : [...actions, all];
  });

  connection.onHover((params) => {
    const document = documents.get(params.textDocument.uri);
    const target = lintable(params.textDocument.uri);
    if (document === undefined || target === null) return null;
    const map = new PositionMap(document.getText(), encoding);
    return hoverAt(lints.latest(document.uri)?.findings ?? [], map.offset(params.position), target.kind, map, options.explain);
  });

  connection.onShutdown(() => {
    lints.dispose();
    options.linter.stop();
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
