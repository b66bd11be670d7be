// What --server and --server-url name: a command we start (stdio) or the address of a
// server already running (Streamable HTTP), and how a report names it in place of a file:
// the command line, each word quoted the way a POSIX shell would need it, or the URL. The
// formatters escape that label like every other user string. Called by the CLI's options
// (checkServer) and by lint-server.ts.

import { inspectString } from "../text/escape.js";
import { UsageError } from "../usage-error.js";

export type ServerTarget =
  | { readonly kind: "stdio"; readonly command: readonly string[] }
  | { readonly kind: "http"; readonly url: string; readonly headers: Readonly<Record<string, string>> };

// Words a shell reads as themselves: no quoting needed.
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

function shellWord(word: string): string {
  if (PLAIN_WORD.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** How reports and errors name the server: its command line, or its URL. */
export function serverLabel(target: ServerTarget): string {
  return target.kind === "stdio" ? target.command.map(shellWord).join(" ") : target.url;
}

// RFC 9110's token: the characters a header name may hold.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** "Name: value" → [name, value]; null when it is not a header (no colon, a bad name, a line break). */
export function parseHeader(text: string): readonly [string, string] | null {
  const colon = text.indexOf(":");
  if (colon <= 0) return null;
  const name = text.slice(0, colon).trim();
  const value = text.slice(colon + 1).trim();
  if (!HEADER_NAME.test(name) || /[\r\n\0]/.test(value)) return null;
  return [name, value];
}

/** What the command line gave for a server (before it is checked). */
export interface GivenServer {
  /** --server was given. */
  readonly server: boolean;
  /** The arguments after "--". */
  readonly command: readonly string[];
  /** --server-url, when given. */
  readonly url: string | undefined;
  /** Each --header. */
  readonly headers: readonly string[];
  /** The paths given too (none may be, with a server). */
  readonly paths: readonly string[];
}

/** The server to lint, or null to lint files; a UsageError for a mistake in the flags. */
export function checkServer(given: GivenServer): ServerTarget | null {
  const { server, command, url, headers, paths } = given;
  if (server && url !== undefined) throw new UsageError("--server and --server-url are two ways to name one server; give one of them");
  if (!server && url === undefined) {
    if (headers.length > 0) throw new UsageError("--header is used only with --server-url");
    return null;
  }
  if (paths.length > 0) throw new UsageError(`a server is linted alone; got the paths ${paths.map(inspectString).join(", ")} as well (put the server's command after "--")`);
  if (server) {
    if (headers.length > 0) throw new UsageError("--header is used only with --server-url (a server started with --server reads no headers)");
    if (command.length === 0 || command[0] === "") throw new UsageError('--server needs the command that starts the server after "--", e.g. wymcp-lint --server -- node server.js');
    return { kind: "stdio", command };
  }
  return { kind: "http", url: checkUrl(url as string), headers: checkHeaders(headers) };
}

function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--server-url must be an http:// or https:// URL; got ${inspectString(url)}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new UsageError(`--server-url must be an http:// or https:// URL; got ${inspectString(url)}`);
  return url;
}

function checkHeaders(given: readonly string[]): Record<string, string> {
  // No prototype: a header named "__proto__" is a header like any other.
  const headers: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const text of given) {
    const header = parseHeader(text);
    if (header === null) throw new UsageError(`--header must be "Name: value"; got ${inspectString(text)}`);
    headers[header[0]] = header[1];
  }
  return headers;
}
