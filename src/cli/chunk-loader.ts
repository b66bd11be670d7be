// Loads the CLI's bundle (dist/bundle/*.cjs, CommonJS chunks: scripts/bundle.mjs) with the V8
// code cache that `npm run build` made for it (scripts/code-cache.mjs), so a run does not
// parse and compile again the functions every run compiles (bench/README.md). bin/wymcp-lint.js
// loads its entries here; a chunk's requires of other chunks come back here, the rest go to
// Node. A cache is used only while its chunk has the length and checksum (engine/checksum.ts)
// it had when the cache was made, and the cache itself the checksum it was written with, as
// Node's own compile cache checks them: V8 checks only the source's length, and no checksum of
// its data outside debug builds (a damaged cache can crash it), and a file's mtime does not
// survive `npm pack` or a git checkout. A cache V8 rejects (another V8, other flags) only costs
// the compile it would have saved. Nothing here writes a file but writeCodeCache, which the
// build alone calls.

import type { Script } from "node:vm";
import { checksum } from "../engine/checksum.js";
import { CODE_CACHE_DIR } from "../engine/code-cache-folder.js";

const { readFileSync, writeFileSync, mkdirSync } = process.getBuiltinModule("node:fs");
const { createRequire } = process.getBuiltinModule("node:module");
const { basename, dirname, join, resolve } = process.getBuiltinModule("node:path");
const vm = process.getBuiltinModule("node:vm");

// With WYMCP_LINT_TRACE=chunks (docs/cli.md, "Environment"), a line on stderr for each chunk loaded.
const TRACED = process.env["WYMCP_LINT_TRACE"] === "chunks";

/**
 * A chunk's cache, `<chunk>.cache` in the caches' folder beside the chunks: a header of three
 * unsigned 32-bit integers (the chunk's length, its checksum, the checksum of V8's data), then V8's data.
 */
const HEADER_BYTES = 12;

interface Chunk {
  readonly exports: Record<string, unknown>;
  readonly script: Script;
  readonly bytes: Buffer;
}

// CommonJS's wrapper: the chunk's code as a function of what a CommonJS module receives, and
// the import() its dynamic imports of dependencies call (scripts/bundle.mjs).
const WRAP_HEAD = "(function (exports, require, module, __filename, __dirname, __import) { ";
const WRAP_TAIL = "\n});";
const importDependency = (id: string): Promise<unknown> => import(id);

function cacheState(script: Script, cachedData: Buffer | undefined): string {
  if (cachedData === undefined) return "none";
  return script.cachedDataRejected === true ? "rejected" : "used";
}

export class ChunkLoader {
  private readonly chunks = new Map<string, Chunk>();
  private readonly nodeRequire: NodeJS.Require;

  constructor(private readonly dir: string) {
    this.nodeRequire = createRequire(join(dir, "loader.cjs"));
  }

  /** The exports of the chunk at `file` (absolute, in this loader's folder), loaded once. */
  load(file: string): Record<string, unknown> {
    const known = this.chunks.get(file);
    if (known !== undefined) return known.exports;
    const bytes = readFileSync(file);
    const cachedData = this.cachedData(file, bytes);
    const script = new vm.Script(WRAP_HEAD + bytes.toString("utf8") + WRAP_TAIL, { filename: file, cachedData });
    const module = { exports: {} as Record<string, unknown> };
    // Registered before it runs, as Node does: a cycle among chunks sees the exports so far.
    this.chunks.set(file, { exports: module.exports, script, bytes });
    const require = (id: string): unknown => (id.startsWith("./") && id.endsWith(".cjs") ? this.load(resolve(this.dir, id)) : this.nodeRequire(id));
    if (TRACED) process.stderr.write(`wymcp-lint: trace: chunk ${basename(file)} (code cache: ${cacheState(script, cachedData)})\n`);
    const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
    wrapper(module.exports, require, module, file, dirname(file), importDependency);
    return module.exports;
  }

  /** V8's data from the cache made for `file`, when it was made from these bytes and is whole. */
  private cachedData(file: string, bytes: Buffer): Buffer | undefined {
    let cache: Buffer;
    try {
      cache = readFileSync(join(this.dir, CODE_CACHE_DIR, `${basename(file)}.cache`));
    } catch {
      return undefined;
    }
    if (cache.length < HEADER_BYTES || cache.readUInt32LE(0) !== bytes.length || cache.readUInt32LE(4) !== checksum(bytes)) return undefined;
    const data = cache.subarray(HEADER_BYTES);
    return cache.readUInt32LE(8) === checksum(data) ? data : undefined;
  }

  /**
   * For the build: writes the code cache of every chunk loaded so far, with what has been
   * compiled in it by now; returns the chunks' names.
   */
  writeCodeCache(): string[] {
    const out = join(this.dir, CODE_CACHE_DIR);
    mkdirSync(out, { recursive: true });
    for (const [file, { script, bytes }] of this.chunks) {
      const data = script.createCachedData();
      const header = Buffer.alloc(HEADER_BYTES);
      header.writeUInt32LE(bytes.length, 0);
      header.writeUInt32LE(checksum(bytes), 4);
      header.writeUInt32LE(checksum(data), 8);
      writeFileSync(join(out, `${basename(file)}.cache`), Buffer.concat([header, data]));
    }
    return [...this.chunks.keys()].map((file) => basename(file));
  }
}
