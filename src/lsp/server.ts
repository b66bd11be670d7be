// `wymcp-lint --lsp`: the language server on standard input and output (docs/editors.md),
// on vscode-languageserver. It lints each open action file and tool module from its
// unsaved text (documents.ts: debounced, one lint per document at a time, never a stale
// version) under its workspace folder's config (workspace.ts), and serves the results as
// diagnostics (diagnostics.ts; pulled where the client supports it, pushed otherwise),
// code actions (code-actions.ts) and hover (hover.ts). The library ends the process on
// `exit`, when standard input closes and when the client's process dies; the module
// processes are stopped on the way out.

import { pathToFileURL } from "node:url";
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
import { kindOf, searchedKind, searchTakes, type InputKindId } from "../files/kind.js";
import { type Commenting, FIX_ALL_KIND, fixAll, quickFixes } from "./code-actions.js";
import { SOURCE, type Finding } from "./diagnostics.js";
import { DocumentLints, type Linted } from "./documents.js";
import { negotiateEncoding, PositionMap, type Encoding } from "./encoding.js";
import { hoverAt, type Explain } from "./hover.js";
import type { FileWatch } from "../engine/watch.js";
import type { Linting } from "./linting.js";
import { pathOfUri, pathsOfUris } from "./uri.js";
import type { ConfigProblem } from "./workspace.js";

/** The code docs (hover, and each diagnostic's link), loaded at their first use. */
export interface CodeDocs {
  /** A code's explanation as Markdown (the CLI's --explain). */
  readonly explain: Explain;
  /** The address of a code's doc. */
  readonly codeHref: (code: string) => string;
}

export interface ServerOptions {
  readonly docs: () => Promise<CodeDocs>;
  readonly version: string;
  /** Wall time each tool module gets to load, in milliseconds. */
  readonly loadTimeoutMs: number;
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

/** A document the server lints: a file a directory search would pick up by its name, on disk. */
function lintable(uri: unknown): { path: string; kind: InputKindId } | null {
  const path = pathOfUri(uri);
  if (path === null) return null;
  const kind = kindOf(path);
  return kind === null || searchedKind(path) === null ? null : { path, kind };
}

/** How directives are written in the document at `path` of `kind`, and read there, as its input kind says (src/inputs/); null where it has no comments. */
async function commentingOf(path: string, kind: InputKindId): Promise<Commenting | null> {
  const input = (await import("../inputs/index.js")).inputKind(kind);
  const syntax = input.commentSyntax(path);
  return syntax === null ? null : { syntax, directivesOf: (text) => input.directivesOf(text, path) };
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
  /** Whether the client tells of workspace folders added and removed. */
  let folderChanges = false;
  /** Whether the client takes versioned edits (documentChanges): it then refuses an edit for a version it has moved on from. */
  let versioned = false;
  /** Whether the client watches files for the server (it takes a registration of didChangeWatchedFiles); else the server watches them itself. */
  let clientWatches = false;
  /** The server's own watch of the disk, when the client does not watch files for it. */
  let watching: FileWatch | null = null;
  /** Whether the server is shutting down: nothing is watched from then on. */
  let stopped = false;
  let settings = DEFAULT_SETTINGS;
  let dirs: string[] = [];
  let docs: Promise<CodeDocs> | null = null;
  const codeDocs = (): Promise<CodeDocs> => (docs ??= options.docs());
  /** The lint side (linting.ts), loaded after initialize has its answer; null until then. */
  let linting: Promise<Linting> | null = null;

  /** The lint side once loaded, for what must stop it at once (the process's exit). */
  let loaded: Linting | null = null;
  // However the process ends (exit, the parent's death, a closed input), no module process outlives it.
  process.once("exit", () => {
    watching?.close();
    loaded?.stop();
  });

  function lintSide(): Promise<Linting> {
    linting ??= Promise.all([import("./linting.js"), codeDocs()]).then(([{ Linting }, { codeHref }]) => {
      loaded = new Linting(dirs, {
        loadTimeoutMs: options.loadTimeoutMs,
        codeHref,
        report: reportProblem,
        openDocuments: () => documents.keys(),
        relint: (uri) => lints.changed(uri, true),
      });
      return loaded;
    });
    return linting;
  }

  /** The diagnostic of each config or baseline that cannot be used, by its path: what the file shows, open or not. */
  const problems = new Map<string, Diagnostic>();

  /** A config or baseline that cannot be used: one diagnostic in it and one message; with null, the diagnostic taken back. */
  function reportProblem(file: string, problem: ConfigProblem | null): void {
    const uri = pathToFileURL(file).href;
    if (problem === null) {
      problems.delete(file);
      void connection.sendDiagnostics({ uri, diagnostics: [] });
      return;
    }
    const at = { line: Math.max(0, problem.line - 1), character: Math.max(0, problem.column - 1) };
    const diagnostic: Diagnostic = { range: { start: at, end: at }, severity: 1, source: SOURCE, message: problem.message };
    problems.set(file, diagnostic);
    void connection.sendDiagnostics({ uri, diagnostics: [diagnostic] });
    // A notification, not a request: nothing waits for the user to dismiss it.
    void connection.sendNotification(ShowMessageNotification.type, {
      type: 1,
      message: `wymcp-lint: ${problem.file} cannot be used, so ${problem.meanwhile}: ${problem.message}`,
    });
  }

  /** Never rejects: the document lints that wait on it (documents.ts) must go on whatever happens. */
  async function lintDocument(uri: string, document: TextDocument, signal: AbortSignal): Promise<Finding[]> {
    const target = lintable(uri);
    if (target === null) return [];
    try {
      const text = document.getText();
      // As a directory search does: an Elixir file is linted only when it may hold a Wymcp tool.
      if (!searchTakes(target.path, () => text)) return [];
      const findings = await (await lintSide()).lint(uri, target.path, target.kind, text, encoding, signal);
      // What it depends on (a file a module loaded, a folder for a document outside them) is watched from now on.
      void watchDisk();
      return findings;
    } catch (error) {
      // Abandoned for a newer text (documents.ts): nothing to say.
      if (signal.aborted) return [];
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
    folderChanges = params.capabilities.workspace?.workspaceFolders === true;
    // A client that takes resource operations takes documentChanges, where they are written (LSP, WorkspaceEdit).
    const workspaceEdit = params.capabilities.workspace?.workspaceEdit;
    versioned = workspaceEdit?.documentChanges === true || (workspaceEdit?.resourceOperations?.length ?? 0) > 0;
    clientWatches = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    const uris: unknown[] = params.workspaceFolders?.map((f: { uri?: unknown } | null) => f?.uri) ?? [params.rootUri];
    dirs = pathsOfUris(uris);
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
    // The folders' configs are read, and their problems reported, now, not before initialize's answer.
    void lintSide();
    if (folderChanges) {
      connection.workspace.onDidChangeWorkspaceFolders(async ({ added, removed }) => {
        const dirsOf = (folders: readonly ({ uri?: unknown } | null)[]): string[] => pathsOfUris(folders.map((f) => f?.uri));
        await (await lintSide()).foldersChanged(dirsOf(added), dirsOf(removed));
        void watchDisk();
        relintAll();
      });
    }
    // Configs, ignore files, baselines, and the files tool modules import: watched by the client
    // where it can (asked only then: a client that cannot logs the request as a failure), else by the server.
    if (clientWatches) void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: "**/*" }] }).catch(() => undefined);
    else void watchDisk();
  });

  /** The server's own watch (engine/watch.ts), on every place the lint side depends on so far; called again as that grows. */
  async function watchDisk(): Promise<void> {
    if (clientWatches || stopped) return;
    const side = await lintSide();
    if (watching === null) {
      const { FileWatch } = await import("../engine/watch.js");
      if (stopped) return;
      watching = new FileWatch([], (paths) => void changedOnDisk([...paths]));
    }
    watching.add(await side.watchTargets());
  }

  /** These documents are linted again; a pull client is asked to pull again. */
  function relint(uris: Iterable<string>): void {
    lints.relint(uris);
    if (pull && refreshSupport) void connection.languages.diagnostics.refresh();
  }

  const relintAll = (): void => relint([...documents.keys()]);

  /** Files changed on disk: the documents that depend on them are linted again. */
  async function changedOnDisk(paths: readonly string[]): Promise<void> {
    const again = await (await lintSide()).changed(paths);
    if (again.size > 0) relint(again);
  }

  connection.onDidChangeWatchedFiles(({ changes }) => changedOnDisk(pathsOfUris(changes.map((c: { uri?: unknown } | null) => c?.uri))));

  /** Documents just opened: the document manager reports their text as changed too, right after. */
  const opening = new Set<string>();
  // Only documents the server lints have a lint; any other (a config, a URI that names no file) gets no diagnostics from one.
  documents.onDidOpen(({ document }) => {
    if (lintable(document.uri) === null) return;
    opening.add(document.uri);
    lints.changed(document.uri, true);
  });
  documents.onDidChangeContent(({ document }) => {
    if (lintable(document.uri) === null) return;
    if (!opening.delete(document.uri) && settings.run === "onType") lints.changed(document.uri);
  });
  documents.onDidSave(({ document }) => {
    // Saved, it is on disk: what depends on it (a config, a file a module imports) is linted again.
    const path = pathOfUri(document.uri);
    if (path !== null) void changedOnDisk([path]);
    // Under onSave, what was saved is linted (a new generation: a pull made on save waits for it).
    if (settings.run === "onSave" && lintable(document.uri) !== null) relint([document.uri]);
  });
  documents.onDidClose(({ document }) => {
    if (lintable(document.uri) === null) return;
    lints.closed(document.uri);
    void linting?.then((side) => side.closed(document.uri));
    if (!pull) void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  connection.languages.diagnostics.on(async (params): Promise<DocumentDiagnosticReport> => {
    if (lintable(params.textDocument.uri) === null) {
      // A config or baseline that cannot be used shows its problem whoever asks; any other document no lint of ours.
      const problem = problems.get(pathOfUri(params.textDocument.uri) ?? "");
      return { kind: "full", items: problem === undefined ? [] : [problem] };
    }
    const document = documents.get(params.textDocument.uri);
    // Under onSave, a pull made as the text changes gets what the last open or save found: it lints nothing.
    const linted = document === undefined ? null : await lints.whenLinted(document.uri, settings.run === "onSave" ? 0 : document.version);
    if (linted === null) return { kind: "full", items: [] };
    if (params.previousResultId === linted.resultId) return { kind: "unchanged", resultId: linted.resultId };
    return { kind: "full", resultId: linted.resultId, items: linted.findings.map((f) => f.diagnostic) };
  });

  connection.onCodeAction(async (params: CodeActionParams): Promise<CodeAction[]> => {
    const document = documents.get(params.textDocument.uri);
    const target = lintable(params.textDocument.uri);
    if (document === undefined || target === null) return [];
    const { version } = document;
    // Only what is known for the version asked about, linted now when it is not yet (a fix-all on
    // save right after an edit): an action never edits text it was not computed for.
    const linted = await lints.now(document.uri);
    if (linted === null || linted.version !== version || document.version !== version) return [];
    const map = new PositionMap(document.getText(), encoding);
    const edited = { uri: document.uri, version: versioned ? version : null };
    const only = params.context.only;
    const wants = (kind: string): boolean => only === undefined || only.some((o) => kind === o || kind.startsWith(`${o}.`));
    const actions = wants("quickfix") ? await quickFixes(linted.findings, params.range, edited, await commentingOf(target.path, target.kind), map) : [];
    const all = wants(FIX_ALL_KIND) ? fixAll(linted.findings, edited, map) : null;
    return all === null ? actions : [...actions, all];
  });

  connection.onHover(async (params) => {
    const document = documents.get(params.textDocument.uri);
    const target = lintable(params.textDocument.uri);
    if (document === undefined || target === null) return null;
    const map = new PositionMap(document.getText(), encoding);
    const directives = (await (await commentingOf(target.path, target.kind))?.directivesOf(map.text)) ?? [];
    return hoverAt(lints.latest(document.uri)?.findings ?? [], map.offset(params.position), directives, map, (await codeDocs()).explain);
  });

  connection.onShutdown(async () => {
    stopped = true;
    watching?.close();
    lints.dispose();
    (await linting)?.stop();
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
