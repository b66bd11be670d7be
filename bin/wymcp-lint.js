#!/usr/bin/env node
// The wymcp-lint command: real process io around run() (src/cli/run.ts), which returns the
// exit code. Only process.exitCode is set, so pending output is flushed before exit. Even a
// broken install exits 2 (internal failure), never 1, which means "offences found".
// run() comes from dist/bundle/cli.cjs: the CLI bundled into a few chunks by `npm run build`
// (scripts/bundle.mjs), which starts ~15 ms sooner than dist/cli/run.js and its ~35 modules,
// and sooner again with the code cache the build made for them (src/cli/chunk-loader.ts).
// This file and the chunk loader are CommonJS (bin/package.json): a run that imports no ES
// module never loads Node's ES-module loader, nor the built-ins it needs (bench/README.md).

const { fstatSync, writeSync } = process.getBuiltinModule("node:fs");

// Whether the descriptor `fd` is a terminal, without loading node:tty (and its stream modules)
// for a pipe or a file, which are no character device.
function isTerminal(fd) {
  try {
    return fstatSync(fd).isCharacterDevice() && process.getBuiltinModule("node:tty").isatty(fd);
  } catch {
    return false; // no such descriptor
  }
}

/**
 * Writes to the descriptor `fd` itself, as Node's stream for it (process.stdout, .stderr)
 * would on Linux, without making that stream, which a small run notices (bench/README.md).
 * A terminal gets the stream, which writes what the console expects (UTF-16 on Windows); so
 * does the rest of a write, and every later one, when the descriptor cannot take it all now
 * (EAGAIN: someone made it non-blocking), since the stream waits. `failed` hears of a write
 * that failed for another reason; nothing is written after it.
 */
function output(fd, stream, failed) {
  let open = true;
  let streamed = null; // whether to write through the stream; decided at the first write
  let listening = false;
  const fail = (error) => {
    open = false;
    failed(error);
  };
  const toStream = (data) => {
    if (!listening) stream().on("error", fail);
    listening = true;
    streamed = true;
    stream().write(data);
  };
  return (text) => {
    if (!open) return;
    streamed ??= isTerminal(fd);
    if (streamed) return toStream(text);
    const bytes = Buffer.from(text, "utf8");
    let written = 0;
    try {
      while (written < bytes.length) written += writeSync(fd, bytes, written);
    } catch (error) {
      if (error.code === "EAGAIN") toStream(bytes.subarray(written));
      else fail(error);
    }
  };
}

// A stderr nobody reads is no error: the message is lost, the exit code (2 for a usage error)
// stays.
const writeStderr = output(
  2,
  () => process.stderr,
  () => {},
);

// The traces (WYMCP_LINT_TRACE, README.md) write to process.stderr themselves: a stderr nobody
// reads must not end the run there either.
if (process.env.WYMCP_LINT_TRACE !== undefined) process.stderr.on("error", () => {});

const internal = (what) => {
  writeStderr(`wymcp-lint: internal error: ${what}\n`);
  process.exitCode = 2;
};

// A closed pipe (`wymcp-lint | head`) is not an error: stop writing, keep the exit code.
const writeStdout = output(
  1,
  () => process.stdout,
  (error) => {
    if (error.code !== "EPIPE") internal(`cannot write the report: ${error.message}`);
  },
);

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks);
}

// The bundle's entries, loaded with their code cache (src/cli/chunk-loader.ts).
const { join } = process.getBuiltinModule("node:path");
const BUNDLE = join(__dirname, "..", "dist", "bundle");
const bundled = (entry) => join(BUNDLE, `${entry}.cjs`);
function bundleLoader() {
  const { ChunkLoader } = require("../dist/bundle/chunk-loader.cjs");
  return new ChunkLoader(BUNDLE);
}

// `wymcp-lint --version` alone is answered here, before any of the CLI loads: loading it and
// its command-line parser takes two to three times node's own start-up (bench/README.md). Any
// other command line, --version among other arguments included, is run()'s to read.
const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === "--version") printVersion();
else runCli();

function printVersion() {
  try {
    const { packageVersion } = bundleLoader().load(bundled("version"));
    writeStdout(`${packageVersion()}\n`);
  } catch (error) {
    internal(`cannot read the version: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// A module process named on the command line starts now, while the rest loads (src/cli/early.ts);
// run() adopts it or stops it.
async function runCli() {
  let standby = null;
  try {
    const chunks = bundleLoader();
    const { languageServerCommand, startEarly, stopModuleProcessesOnSignals } = chunks.load(bundled("early"));
    // Ctrl-C, SIGTERM and SIGHUP stop every module process, then end the run as the signal would.
    stopModuleProcessesOnSignals();
    // An editor's `--lsp --stdio`: the server alone, so initialize is answered sooner; it never returns (it ends the process).
    const lsp = languageServerCommand(argv);
    if (lsp !== null) await chunks.load(bundled("lsp")).serveLanguageServer(lsp.loadTimeoutMs);
    standby = startEarly(argv);
    const { run } = chunks.load(bundled("cli"));
    const io = {
      stdout: writeStdout,
      stderr: writeStderr,
      stdin: readStdin,
      cwd: process.cwd(),
      env: process.env,
      isTTY: isTerminal(1),
    };
    const code = await run(argv, io, { standby, ownProcess: true });
    process.exitCode = Math.max(code, process.exitCode ?? 0);
  } catch (error) {
    // A CLI that could not load must not leave the standby holding this process open.
    standby?.stop();
    internal(`cannot start: ${error instanceof Error ? error.message : String(error)}`);
  }
}
