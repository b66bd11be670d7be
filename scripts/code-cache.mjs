// Makes the V8 code cache of the CLI's bundle (dist/bundle/code-cache/), as the last step of
// `npm run build`: loads the bundle's entries through the loader bin/wymcp-lint.js uses
// (src/cli/chunk-loader.ts), lints one small action file and renders its report, as the
// commonest run does (and again as JSON), so the cache holds what such a run compiles, then
// writes each loaded chunk's cache. A run of another kind compiles what it needs beyond that
// as before.

import { fileURLToPath } from "node:url";
import { ChunkLoader } from "../dist/bundle/chunk-loader.cjs";

const bundle = fileURLToPath(new URL("../dist/bundle/", import.meta.url));
const sample = fileURLToPath(new URL("../examples/catalogue.actions.json", import.meta.url));
const loader = new ChunkLoader(bundle);
const { startEarly } = loader.load(`${bundle}early.cjs`);
const argv = [sample];
const standby = startEarly(argv);
const { run } = loader.load(`${bundle}cli.cjs`);
const discard = () => {};
const io = { stdout: discard, stderr: discard, stdin: async () => Buffer.alloc(0), cwd: process.cwd(), env: {}, isTTY: false };
// As bin/wymcp-lint.js runs it, in a process of its own (the sample parses no Elixir, so no V8 flag changes).
const code = await run(argv, io, { standby, ownProcess: true });
if (code === 2) throw new Error(`the code cache's sample run failed (exit ${code})`);
// The same report as JSON, as CI and editors' tasks ask for it: its formatter's chunk is cached too.
const json = await run(["--format", "json", sample], io, {});
if (json === 2) throw new Error(`the code cache's JSON sample run failed (exit ${json})`);
const cached = loader.writeCodeCache();
console.log(`code cache: ${cached.length} chunks`);
