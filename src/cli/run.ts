// The CLI as a function: run(argv, io) parses the command line (options/), makes the run's
// engine (src/engine/: the config, the ignore and severity rules, the module processes, the
// CLI's policy), runs the paths, standard input or a running server through it (the engine
// takes every step of a run, in one order: lint, fixes, pins, token estimates, baseline),
// writes the chosen format through io and returns the exit code (docs/report.md): 0 passed, 1
// errors or too many warnings (from the totals, never from what was shown), 2 usage error or
// internal failure. It never calls process.exit;
// bin/wymcp-lint.js sets process.exitCode from it, and tests call it in-process with their
// own io. It owns the run's module processes (src/modules/pool.ts, with the standby the bin
// may pass in) and stops them before it returns.

import { lstatSync, type Stats } from "node:fs";
import { basename, dirname, extname, resolve } from "node:path";
import { describeThrown } from "../core/escape.js";
import { escapeText, inspectString } from "../text/escape.js";
import { PLAIN, type Palette } from "../core/report.js";
import { Engine, type Target } from "../engine/engine.js";
import { CLI, WATCH } from "../engine/policy.js";
import { DEFAULT_CACHE_FILE } from "../engine/cache.js";
import type { WatchTarget } from "../engine/watch.js";
import { CONFIG_FILE_NAMES } from "../config/find.js";
import { kindOf } from "../files/kind.js";
import { fileState } from "../files/regular-file.js";
import type { WatchedRun, WatchLoop } from "./watch.js";
import { ModulePool } from "../modules/pool.js";
import { ModuleStandby } from "../modules/standby.js";
import { startStandbyFor } from "./standby.js";
import type { Summary } from "../lint/result.js";
import { loadingPart, OPTIONAL_PARTS } from "../optional-parts.js";
import { UsageError } from "../usage-error.js";
import { ServerFailure } from "../server/failure.js";
import { loadFormatter } from "./formatters/index.js";
import type { Formatter } from "./formatters/types.js";
import type { Command, LintOptions } from "./options/command.js";
import { parseCommand } from "./options/index.js";
import { packageVersion } from "../engine/version.js";
import { appendAll } from "../core/append.js";
import { now } from "../core/clock.js";

export { UsageError } from "../usage-error.js";

/** Everything the CLI touches outside itself, so tests can run it in-process. */
export interface Io {
  readonly stdout: (s: string) => void;
  readonly stderr: (s: string) => void;
  /** All of standard input (for --stdin); bytes, so invalid UTF-8 is reported, not replaced. */
  readonly stdin?: () => Promise<string | Uint8Array>;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout is a terminal: colour is on by default only then. */
  readonly isTTY: boolean;
}

/** What bin/wymcp-lint.js started before it loaded the CLI (src/cli/early.ts), and what it says of its process. */
export interface RunContext {
  /** The standby module process, when the command line named a tool module. */
  readonly standby?: ModuleStandby | null;
  /**
   * The process is the command line's own and ends with this run: a lint that is no --watch
   * then keeps the Elixir parser on V8's baseline compiler (src/elixir/parser.ts), which a
   * process that lives on, or a program calling run(), must not have set for it.
   */
  readonly ownProcess?: boolean;
}

export const EXIT_CLEAN = 0;
export const EXIT_OFFENCES = 1;
export const EXIT_ERROR = 2;

const HINT = "Run wymcp-lint --help for usage.";

/** A mistake in the command line itself, which --help explains (a config's or a baseline's it does not). */
class CommandLineMistake extends UsageError {}

/** A message as the end of a sentence: one full stop, none after a question nor after a list of lines. */
function sentence(message: string): string {
  return /[.?!]$/.test(message) || message.includes("\n") ? message : `${message}.`;
}

/**
 * Whether the text report is coloured: --color/--no-color decide; otherwise FORCE_COLOR
 * ("0" and "false" turn it off), then NO_COLOR (non-empty), then a terminal that is not dumb.
 */
export function colourWanted(flag: boolean | undefined, env: Io["env"], isTTY: boolean): boolean {
  if (flag !== undefined) return flag;
  const force = env["FORCE_COLOR"];
  if (force !== undefined) return force !== "0" && force !== "false";
  if (env["NO_COLOR"] !== undefined && env["NO_COLOR"] !== "") return false;
  return isTTY && env["TERM"] !== "dumb";
}

async function palette(options: LintOptions, io: Io): Promise<Palette> {
  // Only the text format is coloured; the machine formats always get PLAIN.
  if (options.format !== "text" || !colourWanted(options.color, io.env, io.isTTY)) return PLAIN;
  return (await import("./palette.js")).COLOUR;
}

async function readStdin(io: Io): Promise<Buffer> {
  if (!io.stdin) throw new UsageError("--stdin was given but standard input is not available");
  const input = await io.stdin();
  return typeof input === "string" ? Buffer.from(input, "utf8") : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
}

/**
 * WYMCP_LINT_WORKERS: how many worker threads lint action files beside the main one (0: none),
 * overriding the choice by the run's size; for measuring and for machines where threads do
 * not pay. Absent or empty: undefined, the size decides.
 */
export function workersFromEnv(env: Io["env"]): number | undefined {
  const value = env["WYMCP_LINT_WORKERS"];
  if (value === undefined || value === "") return undefined;
  if (!/^\d{1,3}$/.test(value)) throw new UsageError(`WYMCP_LINT_WORKERS must be a whole number from 0 to 999; got ${inspectString(value)}`);
  return Number(value);
}

/** The engine of one command line: its config, ignore rules, load timeout, cache and module processes; a watch keeps a cache in memory without --cache. */
function engineFor(options: LintOptions, io: Io, pool: ModulePool, watching = false): Promise<Engine> {
  const workers = workersFromEnv(io.env);
  return Engine.create({
    cwd: io.cwd,
    policy: watching ? WATCH : CLI,
    // A watch follows what each file's result depends on.
    dependencies: watching,
    config: options.config,
    ignoreFiles: options.ignore,
    ignorePatterns: options.ignorePattern,
    loadTimeoutMs: options.loadTimeoutMs,
    elixirEvaluate: options.elixirEval,
    pool,
    ...(workers === undefined ? {} : { workers }),
    ...(options.cache
      ? { cache: { strategy: options.cacheStrategy, ...(options.cacheLocation === null ? {} : { location: options.cacheLocation }) } }
      : watching
        ? { cache: { inMemory: true } }
        : {}),
    warn: (message) => io.stderr(`wymcp-lint: warning: ${message}\n`),
  });
}

/**
 * The exit code, from the totals (never from what was shown): 1 when any offence is an
 * error, or when there are more warnings than --max-warnings (said on stderr, where it
 * cannot break a machine format's document); 0 otherwise.
 */
export function exitCode(summary: Summary, maxWarnings: number | null, io: Pick<Io, "stderr">): number {
  const tooManyWarnings = maxWarnings !== null && summary.warnings > maxWarnings;
  if (tooManyWarnings) {
    const found = `${summary.warnings} ${summary.warnings === 1 ? "warning" : "warnings"}`;
    io.stderr(`wymcp-lint: ${found} found, more than --max-warnings ${maxWarnings} allows\n`);
  }
  return summary.errors > 0 || tooManyWarnings ? EXIT_OFFENCES : EXIT_CLEAN;
}

/** --explain CODE: prints the code's explanation; an unknown code is a usage error. */
async function printExplanation(code: string, io: Io): Promise<number> {
  const { explain, unknownCodeMessage } = await import("../code-docs/explain.js");
  const text = explain(code);
  if (text === null) throw new CommandLineMistake(unknownCodeMessage(code));
  io.stdout(text.endsWith("\n") ? text : `${text}\n`);
  return EXIT_CLEAN;
}

async function parse(argv: readonly string[]): Promise<Command> {
  try {
    return await parseCommand(argv);
  } catch (error) {
    throw error instanceof UsageError ? new CommandLineMistake(error.message) : error;
  }
}

async function execute(argv: readonly string[], io: Io, startedAt: number, pool: ModulePool, ownProcess: boolean): Promise<number> {
  const command = await parse(argv);
  switch (command.kind) {
    case "help":
      io.stdout(command.text.endsWith("\n") ? command.text : `${command.text}\n`);
      return EXIT_CLEAN;
    case "version":
      io.stdout(`${packageVersion()}\n`);
      return EXIT_CLEAN;
    case "explain":
      return printExplanation(command.code, io);
    case "lsp":
      // Loaded only here: a lint never pays for the language server.
      return (await import("./lsp.js")).serveLanguageServer(command.loadTimeoutMs);
    case "mcp": {
      // Loaded only for --mcp: the server side of the MCP SDK is no lint's cost, and an optional part.
      const { serveMcp } = await loadingPart(OPTIONAL_PARTS.sdk, "--mcp", () => import("../mcp/server.js"));
      await serveMcp({ version: packageVersion(), loadTimeoutMs: command.loadTimeoutMs });
      return EXIT_CLEAN;
    }
    case "lint": {
      const { options } = command;
      startStandbyFor(options, pool.standby, io.cwd);
      // Loaded before any work, so a broken build fails at once rather than after linting.
      const format = await loadFormatter(options.format);
      if (options.watch) {
        const { watchLoop } = await import("./watch.js");
        return watchLoop(watchLoopOf(options, io, pool, format));
      }
      // Imported lazily, as all of the Elixir reader is (a run without Elixir files parses nothing).
      if (ownProcess) (await import("../elixir/parser.js")).parseOnBaselineTierOnly();
      // The config is read before any work, so a mistake in it is reported at once (exit 2).
      const engine = await engineFor(options, io, pool);
      if (options.printDeclaration !== null) {
        // Loaded only for --print-declaration.
        const { printDeclaration } = await import("./print-declaration.js");
        const printed = await printDeclaration(engine, options.printDeclaration, (message) => io.stderr(`wymcp-lint: ${message}\n`));
        io.stdout(printed.output);
        return printed.code;
      }
      const stdin = options.stdin !== null ? await readStdin(io) : null;
      const once = await lintOnce(options, io, engine, format, startedAt, stdin);
      io.stdout(once.output);
      return once.code;
    }
  }
}

/** What the command line lints: a running server, standard input as the file it names, or the paths. */
function targetOf(options: LintOptions, stdin: Buffer | null): Target {
  if (options.server !== null) return { server: options.server, timeoutMs: options.serverTimeoutMs };
  if (options.stdin !== null && stdin !== null) return { text: stdin, file: options.stdin.file };
  return { paths: options.paths };
}

/** One run of the command line through `engine` (which lints, fixes, pins, estimates and baselines as the CLI's policy says), formatted; the exit code, and what --fix, --update-pins and --update-baseline wrote. */
async function lintOnce(options: LintOptions, io: Io, engine: Engine, format: Formatter, startedAt: number, stdin: Buffer | null): Promise<WatchedRun> {
  const fixing = options.fix || options.fixDryRun;
  const {
    result,
    texts,
    written: stepsWrote,
  } = await engine.run(targetOf(options, stdin), {
    startedAt,
    ...(fixing ? { fix: { write: options.fix } } : {}),
    updatePins: options.updatePins,
    baseline: { file: options.baseline, update: options.updateBaseline },
    note: (message) => io.stderr(`wymcp-lint: ${message}\n`),
  });
  const written = new Map(stepsWrote);
  if (options.fix) for (const [file, text] of texts) written.set(resolve(io.cwd, file), text);
  const output = format(result, { maxOffences: options.maxOffences, palette: await palette(options, io), version: packageVersion(), cwd: io.cwd });
  return { code: exitCode(result.summary, options.maxWarnings, io), output, written };
}

/** Whether a path segment is a glob's (fast-glob's special characters). */
const GLOB = /[*?[\]{}!()]/;

/**
 * What --watch watches: the current directory's own entries (config, ignore files, baseline),
 * the config's, each path's directory, all below it for a directory or a glob, and the
 * directory of each file a tool module loaded (outside node_modules, whose packages change by install).
 */
function watchTargets(options: LintOptions, cwd: string, engine: Engine | null): WatchTarget[] {
  const targets: WatchTarget[] = [{ dir: cwd, recursive: false }];
  const config = engine?.config ?? null;
  if (config !== null) targets.push({ dir: config.dir, recursive: false });
  for (const file of engine?.dependencies() ?? []) if (!file.includes("/node_modules/")) targets.push({ dir: dirname(file), recursive: false });
  for (const path of options.paths.length === 0 ? ["."] : options.paths) {
    const segments = path.split("/");
    const glob = segments.findIndex((segment) => GLOB.test(segment));
    const fixed = resolve(cwd, glob < 0 ? path : segments.slice(0, glob).join("/") || ".");
    // A named path that loops or cannot be read is no directory: its parent is watched for it.
    const directory = glob >= 0 || fileState(fixed) === "a directory";
    targets.push(directory ? { dir: fixed, recursive: true } : { dir: dirname(fixed), recursive: false });
  }
  return targets;
}

/**
 * Whether a change to `path` can change a report: a file of a kind the linter reads (a JSON
 * file a module imports is one), a config, package.json or .gitignore, or a directory (one
 * made or gone; a name without an extension that is gone counts as one). A report redirected
 * into a watched directory, or an editor's swap file, is not.
 */
function watched(path: string): boolean {
  const name = basename(path);
  if (kindOf(name) !== null || name === ".gitignore" || name === "package.json" || (CONFIG_FILE_NAMES as readonly string[]).includes(name)) return true;
  // Not through a link: a search never enters a linked directory, and a link that loops is just a name.
  let stat: Stats | undefined;
  try {
    stat = lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return false;
  }
  return stat === undefined ? extname(name) === "" : stat.isDirectory();
}

/** The watch loop of a command line with --watch (src/cli/watch.ts). */
function watchLoopOf(options: LintOptions, io: Io, pool: ModulePool, format: Formatter): WatchLoop {
  const cwd = resolve(io.cwd);
  const cacheFile = resolve(cwd, options.cacheLocation ?? DEFAULT_CACHE_FILE);
  const configFile = typeof options.config === "string" ? resolve(cwd, options.config) : null;
  const configNames = new Set<string>([...CONFIG_FILE_NAMES, "package.json"]);
  return {
    cwd,
    stdout: io.stdout,
    redraw: io.isTTY && options.format === "text",
    json: options.format === "json",
    engine: () => engineFor(options, io, pool, true),
    once: async (engine) => {
      const once = await lintOnce(options, io, engine, format, now(), null);
      // The next change is linted in processes already up, as fresh as new ones (src/modules/pool.ts).
      pool.freshen();
      return once;
    },
    targets: (engine) => watchTargets(options, cwd, engine),
    isConfig: (path) => path === configFile || configNames.has(basename(path)),
    ignore: (path) => !watched(path) || path === cacheFile || /\.wymcp-lint-\d+-[0-9a-f]+\.tmp$/.test(path) || /\/\.git(\/|$)/.test(path),
    failed: (error) => failureCode(error, io),
  };
}

/**
 * A server that could not be linted: one error line, then the tail of its stderr, on our
 * stderr; the failure decides the exit code (src/server/failure.ts says why 1 or 2).
 */
function reportServerFailure(failure: ServerFailure, io: Io): number {
  const server = failure.server === undefined ? "the server" : `the server ${escapeText(failure.server)}`;
  const lines = [`wymcp-lint: error: cannot lint ${server}: ${escapeText(failure.message)}`];
  if (failure.stderrTail.length > 0) {
    lines.push("the server's stderr ended with:");
    appendAll(
      lines,
      failure.stderrTail.map((line) => `  ${line}`),
    );
  }
  io.stderr(`${lines.join("\n")}\n`);
  return failure.exitCode;
}

function describeInternal(error: unknown): string {
  const cause = error instanceof Error && error.cause !== undefined ? ` (${describeThrown(error.cause)})` : "";
  return `${describeThrown(error)}${cause}`;
}

/** A failure of a run, said on stderr: a server that could not be linted, a usage error, or our own bug; its exit code. */
function failureCode(error: unknown, io: Io): number {
  if (error instanceof ServerFailure) return reportServerFailure(error, io);
  if (error instanceof UsageError) {
    const hint = error instanceof CommandLineMistake ? ` ${HINT}` : "";
    io.stderr(`wymcp-lint: error: ${sentence(error.message)}${hint}\n`);
    return EXIT_ERROR;
  }
  const debug = io.env["WYMCP_LINT_DEBUG"];
  const stack = debug !== undefined && debug !== "" && error instanceof Error && error.stack ? `\n${error.stack}` : "";
  const hint = stack === "" ? " (set WYMCP_LINT_DEBUG=1 for the stack trace)" : "";
  io.stderr(`wymcp-lint: internal error: ${describeInternal(error)}${hint}${stack}\n`);
  return EXIT_ERROR;
}

/** Runs the CLI; resolves to the exit code and never rejects. */
export async function run(argv: readonly string[], io: Io, context: RunContext = {}): Promise<number> {
  const startedAt = now();
  // Idle processes are kept for --fix's passes and a watch's next run; the finally stops them.
  const pool = new ModulePool(context.standby ?? new ModuleStandby(), { keepIdle: true });
  try {
    return await execute(argv, io, startedAt, pool, context.ownProcess === true);
  } catch (error) {
    return failureCode(error, io);
  } finally {
    // A standby nothing adopted (a usage error, a file that was not found) is stopped, and
    // any module process a failure left running.
    pool.stop();
  }
}
