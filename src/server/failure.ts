// A server that cannot be linted is never a clean pass: why it failed, as one line, the
// exit code it gives, and the tail of what it wrote on stderr (when we started it). Thrown
// by session.ts and lint-server.ts, turned into the error line by the CLI (src/cli/run.ts).
//
// Exit 2 when we could not talk to the server at all (it did not start, the handshake
// failed or timed out, a request failed or timed out): nothing was linted, as with a usage
// error or an internal failure. Exit 1 when the server answered, but its help tool
// answered an error or an answer of the wrong shape: that is a defect of the server, found
// by linting it, as an offence is.

export type ServerFailureExit = 1 | 2;

export class ServerFailure extends Error {
  override readonly name = "ServerFailure";

  constructor(
    message: string,
    readonly exitCode: ServerFailureExit,
    /** The last lines of the server's stderr, escaped; empty for a server we did not start. */
    readonly stderrTail: readonly string[] = [],
    /** The server's label (its command line or URL), once known. */
    readonly server?: string,
  ) {
    super(message);
  }

  /** The same failure, naming the server, with its stderr tail (when the failure has none yet). */
  about(server: string, tail: readonly string[]): ServerFailure {
    return new ServerFailure(this.message, this.exitCode, this.stderrTail.length > 0 ? this.stderrTail : tail, server);
  }
}
