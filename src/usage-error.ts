// The typed error for a mistake in how the linter was called: a bad flag, a path that does
// not exist, nothing to lint, an unsupported file kind. Thrown by option parsing and
// discovery; the CLI (src/cli/run.ts) turns it into one line on stderr and exit code 2,
// while any other exception is an internal failure.

export class UsageError extends Error {
  override readonly name = "UsageError";
}
