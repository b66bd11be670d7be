#!/usr/bin/env node
// The wymcp-lint command: real process io around run() (src/cli/run.ts), which returns the
// exit code. Only process.exitCode is set, so pending output is flushed before exit.
import { run } from "../dist/cli/run.js";

// A closed pipe (`wymcp-lint | head`) is not an error: stop writing, keep the exit code.
let stdoutOpen = true;
process.stdout.on("error", (error) => {
  if (error.code !== "EPIPE") throw error;
  stdoutOpen = false;
});

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks);
}

process.exitCode = await run(process.argv.slice(2), {
  stdout: (s) => {
    if (stdoutOpen) process.stdout.write(s);
  },
  stderr: (s) => process.stderr.write(s),
  stdin: readStdin,
  cwd: process.cwd(),
  env: process.env,
  isTTY: process.stdout.isTTY === true,
});
