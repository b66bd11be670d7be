// The language server protocol's library, imported in this one place: the connection and
// document manager of vscode-languageserver, the document of
// vscode-languageserver-textdocument, and the protocol's types the other files speak.

export {
  createConnection,
  DidChangeWatchedFilesNotification,
  ShowMessageNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeAction,
  type CodeActionParams,
  type Connection,
  type Diagnostic,
  type DiagnosticRelatedInformation,
  type DocumentDiagnosticReport,
  type Hover,
  type InitializeParams,
  type InitializeResult,
  type Range,
  type TextEdit,
} from "vscode-languageserver/node";
export { TextDocument } from "vscode-languageserver-textdocument";
