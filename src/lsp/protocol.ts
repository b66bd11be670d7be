// The language server protocol's library, imported in this one place: the connection and
// document manager of vscode-languageserver, the document of
// vscode-languageserver-textdocument, and the protocol's types the other files speak.
// vscode-languageserver is CommonJS: imported from ESM, Node first scans its sources for
// named exports, a large part of the server's start (bench/README.md); require() loads it
// without the scan.

import { createRequire } from "node:module";

const server: typeof import("vscode-languageserver/node") = createRequire(import.meta.url)("vscode-languageserver/node");

export const { createConnection, DidChangeWatchedFilesNotification, ShowMessageNotification, TextDocuments, TextDocumentSyncKind } = server;
export type {
  CodeAction,
  CodeActionParams,
  Connection,
  Diagnostic,
  DiagnosticRelatedInformation,
  DocumentDiagnosticReport,
  Hover,
  InitializeParams,
  InitializeResult,
  Range,
  TextEdit,
  WorkspaceEdit,
} from "vscode-languageserver/node";
export { TextDocument } from "vscode-languageserver-textdocument";
