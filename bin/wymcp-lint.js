#!/usr/bin/env node
// The wymcp-lint command: real process io around run() (src/cli/run.ts), which returns the
// exit code. Only process.exitCode is set, so pending output is flushed before exit. Even a
// broken install exits 2 (internal failure), never 1, which means "offences found".
// run() comes from dist/bundle/cli.cjs: the CLI bundled into a few chunks by `npm run build`
// (scripts/bundle.mjs), which starts ~15 ms sooner than dist/cli/run.js and its ~35 modules,
// and sooner again with the code cache the build made for them (src/cli/chunk-loader.ts).

const internal = (what) => {
  if (stderrOpen) process.stderr.write(`wymcp-lint: internal error: ${what}\n`);
  process.exitCode = 2;
};

// A closed pipe (`wymcp-lint | head`) is not an error: stop writing, keep the exit code.
let stdoutOpen = true;
process.stdout.on("error", (error) => {
  stdoutOpen = false;
  if (error.code !== "EPIPE") internal(`cannot write the report: ${error.message}`);
});

// Nor is a stderr nobody reads: the message is lost, the exit code (2 for a usage error)
// stays; without a listener the write error would end the process with exit code 1.
let stderrOpen = true;
process.stderr.on("error", () => {
  stderrOpen = false;
});

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks);
}

// The bundle's entries, loaded with their code cache (src/cli/chunk-loader.ts).
const { fileURLToPath } = process.getBuiltinModule("node:url");
const BUNDLE = new URL("../dist/bundle/", import.meta.url);
const bundled = (entry) => fileURLToPath(new URL(`${entry}.cjs`, BUNDLE));
async function bundleLoader() {
  const { ChunkLoader } = await import("../dist/bundle/chunk-loader.js");
  return new ChunkLoader(fileURLToPath(BUNDLE));
}

// `wymcp-lint --version` alone is answered here, before any of the CLI loads: loading it and
// its command-line parser takes two to three times node's own start-up (bench/README.md). Any
// other command line, --version among other arguments included, is run()'s to read.
const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === "--version") {
  try {
    const { packageVersion } = await import("../dist/engine/version.js");
    if (stdoutOpen) process.stdout.write(`${packageVersion()}\n`);
  } catch (error) {
    internal(`cannot read the version: ${error instanceof Error ? error.message : String(error)}`);
  }
} else {
  await runCli();
}

// A module process named on the command line starts now, while the rest loads (src/cli/early.ts);
// run() adopts it or stops it.
async function runCli() {
  let standby = null;
  try {
    const chunks = await bundleLoader();
    const { languageServerCommand, startEarly, stopModuleProcessesOnSignals } = chunks.load(bundled("early"));
    // Ctrl-C, SIGTERM and SIGHUP stop every module process, then end the run as the signal would.
    stopModuleProcessesOnSignals();
    // An editor's `--lsp --stdio`: the server alone, so initialize is answered sooner; it never returns (it ends the process).
    const lsp = languageServerCommand(argv);
    if (lsp !== null) await chunks.load(bundled("lsp")).serveLanguageServer(lsp.loadTimeoutMs);
    standby = startEarly(argv);
    const { run } = chunks.load(bundled("cli"));
    const io = {
      stdout: (s) => {
        if (stdoutOpen) process.stdout.write(s);
      },
      stderr: (s) => {
        if (stderrOpen) process.stderr.write(s);
      },
      stdin: readStdin,
      cwd: process.cwd(),
      env: process.env,
      isTTY: process.stdout.isTTY === true,
    };
    const code = await run(argv, io, { standby, ownProcess: true });
    process.exitCode = Math.max(code, process.exitCode ?? 0);
  } catch (error) {
    // A CLI that could not load must not leave the standby holding this process open.
    standby?.stop();
    internal(`cannot start: ${error instanceof Error ? error.message : String(error)}`);
  }
}
