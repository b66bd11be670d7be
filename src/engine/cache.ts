// The result cache (docs/cli.md, "Cache"): one file (--cache-location) that keeps each file's own
// lint (src/inputs/lint-cache.ts says what that is) from one run to the next. The whole cache
// holds only for the key it was written under: the linter's version and build (build-identity.ts), the cache's format,
// Node's major version, the resolved config and the options that change results; any
// difference and every file misses. Within it, a file's entry holds while the file is
// unchanged: the same content hash (--cache-strategy content, the default, which CI checkouts
// hit) or the same size, mtime and inode (metadata, which reads no file). The content strategy
// reads no file whose size, mtime, ctime and inode are those it was hashed with, as git trusts
// its index, unless the file's mtime is racy: in the timestamp tick before the run that wrote
// the cache began, or later, so an edit in the same tick as the one hashed could hide behind an
// unchanged stat (git's "racy git"); such a file is hashed again. A tool module's
// entry also while every file it loaded is unchanged, a package under node_modules by its
// package.json version, and while what decides how it loads is (load-scope.ts).
//
// A cache is a hint, and its file may come from anywhere the project does: it is read only
// when this user's linter signed it (cache-secret.ts), and each entry only when it is what the
// linter writes (cache-entry.ts); one that is not costs a warning and its file's lint. The
// cache replaces only its own file: a link at its place is never followed, and a file there
// that is not a cache (a package.json named by mistake), a FIFO or a device is neither read
// nor written over. It is rewritten atomically (src/files/write.ts) after a run that changed it.

import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, readFileSync, readSync, type Stats, statSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config/config.js";
import { freezeToolLint, type ToolLint } from "../core/tool-lint.js";
import { describeThrown } from "../core/escape.js";
import type { FoundFile } from "../files/kind.js";
import { notRegularFile, readRegularFile } from "../files/regular-file.js";
import { writeFileAtomically } from "../files/write.js";
import type { LintCache } from "../inputs/lint-cache.js";
import { inspectString } from "../text/escape.js";
import { type Entry, isEntry } from "./cache-entry.js";
import { cacheSecret } from "./cache-secret.js";
import { LoadScopes } from "./load-scope.js";

export type CacheStrategy = "content" | "metadata";

/** Where the cache's file is when --cache-location names none, in the current directory. */
export const DEFAULT_CACHE_FILE = ".wymcp-lint-cache";

/** The cache file's format: a file of another format is read as no cache (4: signed, a module's entry keeps its load scope). */
const FORMAT = 4;
/** How every cache file the linter wrote begins: a file that begins otherwise is someone else's, and left alone. */
const OPENING = '{"wymcp-lint-cache":';
/** The whole opening of this format, up to the signed text: `{"wymcp-lint-cache":4,"signature":"<HMAC-SHA256, hex>","cache":`. */
const HEADER = /^\{"wymcp-lint-cache":(\d+),"signature":"([0-9a-f]{64})","cache":/;
/** The largest package.json read for its version. */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;
/** The largest cache file read (a cache of 100,000 files is a few tens of MB). */
const MAX_CACHE_BYTES = 256 * 1024 * 1024;

/** What the whole cache holds for: a difference in any of it and every file misses. */
export interface CacheKey {
  readonly version: string;
  /** What the running linter is built from (build-identity.ts): a rebuild at the same version is another linter. */
  readonly build: string;
  readonly strategy: CacheStrategy;
  readonly config: Config | null;
  readonly loadTimeoutMs: number;
}

/**
 * The coarsest timestamp tick of a common file system (FAT's 2 s; ext3 and HFS+ count whole
 * seconds): an mtime this close to the start of the run that wrote the cache is racy.
 */
const TICK_NS = 2_000_000_000n;

/** What a file is now, as this run looked it up: its stamp, and for the content strategy its stat. */
interface Seen {
  readonly stamp: string;
  readonly stat?: string;
}

/** The stat the content strategy trusts a hash by: an edit changes one of them (ctime whatever utimes sets). */
function statKey(stat: { size: bigint; mtimeNs: bigint; ctimeNs: bigint; ino: bigint }): string {
  return `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.ino}`;
}

/** The mtime in a statKey. */
function mtimeOf(key: string): bigint {
  return BigInt(key.split(":")[1] as string);
}

/** A run's use of the cache: files found in it, and files linted again. */
export interface CacheCounts {
  readonly hits: number;
  readonly misses: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The signature of a cache's signed text with `secret`, in hex. */
function signatureOf(secret: Buffer, text: string): string {
  // node:crypto is loaded at the first cache read or write: a run without --cache loads this
  // module too, and the built-in slows every start-up (bench/README.md).
  return process.getBuiltinModule("node:crypto").createHmac("sha256", secret).update(text).digest("hex");
}

/** Why the cache must leave what sits at `file` alone (a link, no regular file, a file not a cache); null when it may read and replace it. */
function notOurs(stats: Stats): string | null {
  if (stats.isSymbolicLink()) return "it is a symbolic link, which the cache never follows";
  const other = notRegularFile(stats);
  return other === null ? null : `it is ${other}, not a regular file`;
}

/** The package directory a file under node_modules belongs to (node_modules/name or node_modules/@scope/name); null elsewhere. */
function packageRoot(file: string): string | null {
  const marker = "/node_modules/";
  const at = file.lastIndexOf(marker);
  if (at < 0) return null;
  const parts = file.slice(at + marker.length).split("/");
  const name = parts[0]?.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  return name === undefined || name === "" ? null : file.slice(0, at + marker.length) + name;
}

/** The buffer every content stamp reads its file into: one, grown as needed, so 2,000 files allocate (and collect) no 2,000 buffers. */
let readBuffer = Buffer.allocUnsafe(1 << 16);

/** The SHA-1 of the file at `path`, read into readBuffer. Throws as reading it does, and for what is no regular file (a FIFO is never waited for). */
function contentHash(path: string): string {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!fstatSync(fd).isFile()) throw new Error(`${path} is not a regular file`);
    let length = 0;
    for (;;) {
      if (length === readBuffer.length) {
        const larger = Buffer.allocUnsafe(readBuffer.length * 2);
        readBuffer.copy(larger, 0, 0, length);
        readBuffer = larger;
      }
      const read = readSync(fd, readBuffer, length, readBuffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return process.getBuiltinModule("node:crypto").hash("sha1", readBuffer.subarray(0, length), "base64");
  } finally {
    closeSync(fd);
  }
}

export class ResultCache implements LintCache {
  /** Its file; null for a cache kept in memory only (a watch loop's without --cache). */
  readonly file: string | null;
  readonly #key: string;
  readonly #strategy: CacheStrategy;
  readonly #warn: (message: string) => void;
  #entries = new Map<string, Entry>();
  /** This run's lookups: each file as it was looked up, and the stamps of what it reached. */
  #visited = new Map<string, Seen>();
  #stamps = new Map<string, string | null>();
  /** An mtime at or after this (ns, the file system's clock) is racy: the content strategy hashes the file whatever its stat; null before the cache was first written. */
  #racyFrom: bigint | null = null;
  /** process.hrtime.bigint() when this run began: every stat it takes is later. */
  #began = process.hrtime.bigint();
  #hits = 0;
  #misses = 0;
  #changed = false;
  /** Why the file at the cache's place is left alone, neither read nor written over; null while it is the cache's own. */
  #leftAlone: string | null = null;
  /** The user's secret the file is signed with (cache-secret.ts); null for a cache kept in memory. */
  #secret: Buffer | null = null;
  /** This run's load scopes of tool modules (load-scope.ts). */
  #scopes = new LoadScopes((path) => this.#stampOf(path));

  /** The cache in `file` for `key`; `warn` hears, once, that the file could not be read or written. */
  constructor(file: string | null, key: CacheKey, warn: (message: string) => void) {
    this.file = file;
    const { version, build, strategy, config, loadTimeoutMs } = key;
    this.#key = JSON.stringify({ version, build, format: FORMAT, node: process.versions.node.split(".")[0], strategy, config, loadTimeoutMs });
    this.#strategy = key.strategy;
    this.#warn = warn;
    if (file !== null) this.#read(file);
  }

  #read(file: string): void {
    const secret = cacheSecret();
    if (!("secret" in secret)) {
      this.#leftAlone = "no secret";
      this.#warn(`the cache ${inspectString(file)} is not used: there is no secret to sign it with (${secret.why}); linting every file`);
      return;
    }
    this.#secret = secret.secret;
    let fd: number;
    try {
      const stats = lstatSync(file, { throwIfNoEntry: false });
      if (stats === undefined) return;
      const refused = notOurs(stats);
      if (refused !== null) {
        this.#leaveAlone(refused);
        return;
      }
      // Neither through a link nor waiting on a FIFO, should one have taken the file's place since.
      fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === "ENOENT") return;
      if (code === "ELOOP") this.#leaveAlone("it is a symbolic link, which the cache never follows");
      else this.#ignored(describeThrown(error));
      return;
    }
    let text: string;
    let writtenAt: bigint;
    try {
      // One descriptor, so the mtime is that of the text read.
      const stats = fstatSync(fd, { bigint: true });
      if (!stats.isFile() || stats.size > MAX_CACHE_BYTES) {
        this.#leaveAlone(stats.isFile() ? `it is larger than ${MAX_CACHE_BYTES / (1024 * 1024)} MiB, more than a cache holds` : "it is not a regular file");
        return;
      }
      writtenAt = stats.mtimeNs;
      text = readFileSync(fd, "utf8");
    } catch (error) {
      this.#ignored(describeThrown(error));
      return;
    } finally {
      closeSync(fd);
    }
    this.#load(text, writtenAt, secret.secret);
  }

  /** Takes the entries of the cache file's `text`, written at `writtenAt`, when it is this user's cache for this key. */
  #load(text: string, writtenAt: bigint, secret: Buffer): void {
    if (text === "") {
      this.#ignored("it is empty");
      return;
    }
    if (!text.startsWith(OPENING)) {
      this.#leaveAlone("it is not a wymcp-lint cache");
      return;
    }
    const header = HEADER.exec(text);
    if (header === null || header[1] !== String(FORMAT)) {
      const format = /^\{"wymcp-lint-cache":(\d+),/.exec(text)?.[1];
      this.#ignored(format !== undefined && format !== String(FORMAT) ? `it is of another format (${format})` : "it is cut short or damaged");
      return;
    }
    if (!text.endsWith("}")) {
      this.#ignored("it is cut short");
      return;
    }
    const signed = text.slice(header[0].length, -1);
    if (!process.getBuiltinModule("node:crypto").timingSafeEqual(Buffer.from(header[2] as string, "hex"), Buffer.from(signatureOf(secret, signed), "hex"))) {
      this.#ignored("it does not carry this user's signature (written elsewhere, or edited)");
      return;
    }
    let document: unknown;
    try {
      document = JSON.parse(signed);
    } catch {
      this.#ignored("it is not JSON");
      return;
    }
    const span = isRecord(document) ? document["span"] : undefined;
    if (!isRecord(document) || typeof document["key"] !== "string" || !isRecord(document["files"]) || !Number.isSafeInteger(span) || (span as number) < 0) {
      this.#ignored("it is not a cache of this format");
      return;
    }
    // Another version, config or options: nothing in it holds.
    if (document["key"] !== this.#key) return;
    let dropped: string | null = null;
    for (const [path, entry] of Object.entries(document["files"])) {
      if (isEntry(entry)) this.#entries.set(path, entry);
      else dropped ??= path;
    }
    if (dropped !== null) {
      this.#changed = true;
      this.#warn(
        `the cache ${inspectString(this.file ?? "")} has entries that are not what the linter writes (the first for ${inspectString(dropped)}); their files are linted again`,
      );
    }
    this.#racyFrom = writtenAt - BigInt(span as number) - TICK_NS;
  }

  #ignored(why: string): void {
    this.#changed = true;
    this.#warn(`the cache ${inspectString(this.file ?? "")} cannot be used (${why}); linting every file, and writing it again`);
  }

  #leaveAlone(why: string): void {
    this.#leftAlone = why;
    this.#warn(`the cache ${inspectString(this.file ?? "")} is neither used nor written over (${why})`);
  }

  /** Why what sits at the cache's place now must be left alone (save's look, as the run may have taken long); null when it is absent or the cache's own. */
  #refusalNow(file: string): string | null {
    const stats = lstatSync(file, { throwIfNoEntry: false });
    if (stats === undefined) return null;
    const refused = notOurs(stats);
    if (refused !== null || stats.size === 0) return refused;
    const opening = Buffer.alloc(OPENING.length);
    const fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    try {
      const read = readSync(fd, opening, 0, opening.length, 0);
      return read === OPENING.length && opening.toString("latin1") === OPENING ? null : "it is not a wymcp-lint cache";
    } finally {
      closeSync(fd);
    }
  }

  /** Starts a run: what files are is found again, and the counts start from zero. */
  beginRun(): void {
    this.#began = process.hrtime.bigint();
    this.#visited = new Map();
    this.#stamps = new Map();
    this.#scopes = new LoadScopes((path) => this.#stampOf(path));
    this.#hits = 0;
    this.#misses = 0;
  }

  get counts(): CacheCounts {
    return { hits: this.#hits, misses: this.#misses };
  }

  /** What the file at `path` is now, by the strategy (a file under node_modules by its package's version); null when it cannot be read. */
  #stampOf(path: string, asDependency = false): string | null {
    const known = this.#stamps.get(path);
    if (known !== undefined) return known;
    let stamp: string | null = null;
    const root = asDependency ? packageRoot(path) : null;
    if (root !== null) stamp = this.#packageStamp(root);
    stamp ??= this.#fileStamp(path);
    this.#stamps.set(path, stamp);
    return stamp;
  }

  #packageStamp(root: string): string | null {
    try {
      const manifest = readRegularFile(join(root, "package.json"), MAX_MANIFEST_BYTES);
      if (manifest === null) return null;
      const version = (JSON.parse(manifest.toString("utf8")) as { version?: unknown }).version;
      return typeof version === "string" ? `package ${version}` : null;
    } catch {
      return null;
    }
  }

  #fileStamp(path: string): string | null {
    try {
      if (this.#strategy === "metadata") {
        const stat = statSync(path, { bigint: true });
        return stat.isFile() ? `${stat.size}:${stat.mtimeNs}:${stat.ino}` : null;
      }
      return contentHash(path);
    } catch {
      return null;
    }
  }

  /** What a file of the run is now, by the strategy; its entry's hash is taken as its stamp when the content strategy may trust its stat. */
  #seen(path: string, entry: Entry | undefined): Seen | null {
    if (this.#strategy === "metadata") {
      const stamp = this.#stampOf(path);
      return stamp === null ? null : { stamp };
    }
    const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
    if (stat === undefined || !stat.isFile()) return null;
    const key = statKey(stat);
    if (entry?.stat === key && this.#racyFrom !== null && stat.mtimeNs < this.#racyFrom) {
      this.#stamps.set(path, entry.stamp);
      return { stamp: entry.stamp, stat: key };
    }
    const stamp = this.#stampOf(path);
    return stamp === null ? null : { stamp, stat: key };
  }

  lookup(found: FoundFile): ToolLint | null {
    const entry = this.#entries.get(found.path);
    // A name that is not UTF-8 has no path to key it by (files/kind.ts).
    const seen = found.bytes === undefined ? this.#seen(found.path, entry) : null;
    if (seen === null) {
      this.#misses++;
      return null;
    }
    this.#visited.set(found.path, seen);
    const holds = entry !== undefined && entry.stamp === seen.stamp && this.#loadsAsBefore(found.path, entry);
    if (!holds) {
      this.#misses++;
      return null;
    }
    // The same content under another stat (a fresh checkout, a touch): trusted by the new one from now on.
    if (entry.stat !== seen.stat) {
      this.#entries.set(found.path, { ...entry, stat: seen.stat as string });
      this.#changed = true;
    }
    this.#hits++;
    return freezeToolLint(entry.lint);
  }

  /** Whether a tool module's entry still holds beyond its own file: every file it loaded is unchanged, and what decides how they load. */
  #loadsAsBefore(path: string, entry: Entry): boolean {
    if (entry.loaded === undefined) return true;
    if (!Object.entries(entry.loaded).every(([file, was]) => this.#stampOf(file, true) === was)) return false;
    return entry.scope === this.#scopes.of(path, Object.keys(entry.loaded));
  }

  store(found: FoundFile, lint: ToolLint, dependencies?: readonly string[]): void {
    const seen = this.#visited.get(found.path);
    if (seen === undefined) return;
    const { stamp } = seen;
    const stat = seen.stat === undefined ? {} : { stat: seen.stat };
    this.#changed = true;
    this.#entries.delete(found.path);
    if (dependencies !== undefined) {
      const stamps: Record<string, string> = {};
      for (const file of dependencies) {
        if (file === found.path) continue;
        const was = this.#stampOf(file, true);
        // A file it depends on that cannot be read now cannot be checked later.
        if (was === null) return;
        stamps[file] = was;
      }
      this.#entries.set(found.path, { stamp, lint, loaded: stamps, scope: this.#scopes.of(found.path, Object.keys(stamps)), ...stat });
      return;
    }
    this.#entries.set(found.path, { stamp, lint, ...stat });
  }

  dependenciesOf(found: FoundFile): readonly string[] | null {
    const loaded = this.#entries.get(found.path)?.loaded;
    return loaded === undefined ? null : Object.keys(loaded);
  }

  /** Every file a tool module loaded when it was last linted, itself aside (a watch loop watches them, docs/cli.md, "Watch"). */
  loadedFiles(): Set<string> {
    const files = new Set<string>();
    for (const entry of this.#entries.values()) for (const file of Object.keys(entry.loaded ?? {})) files.add(file);
    return files;
  }

  /** Drops the file's entry: it was written by this run (--fix), so what it was linted from is gone. */
  forget(path: string): void {
    if (this.#entries.delete(path)) this.#changed = true;
  }

  /**
   * Drops the stat of each entry this run did not look up whose mtime is racy now: the cache
   * written again moves the racy window past it, and nothing has hashed it since (git smudges
   * such index entries the same way).
   */
  #smudge(): void {
    for (const [path, entry] of this.#entries) {
      if (entry.stat === undefined || this.#visited.has(path)) continue;
      if (this.#racyFrom !== null && mtimeOf(entry.stat) < this.#racyFrom) continue;
      const { stat: _, ...smudged } = entry;
      this.#entries.set(path, smudged);
    }
  }

  /** Writes the cache when this run changed it; a failure costs a warning, never the run. */
  save(): void {
    // An entry of a file this run did not look up is kept while the file is there (a run over part of a project keeps the rest).
    for (const path of this.#entries.keys()) {
      if (this.#visited.has(path) || existsSync(path)) continue;
      this.#entries.delete(path);
      this.#changed = true;
    }
    if (!this.#changed) return;
    this.#smudge();
    const span = process.hrtime.bigint() - this.#began;
    if (this.file === null) {
      this.#changed = false;
      this.#racyFrom = BigInt(Date.now()) * 1_000_000n - span - TICK_NS;
      return;
    }
    if (this.#leftAlone !== null || this.#secret === null) return;
    let refused: string | null;
    try {
      refused = this.#refusalNow(this.file);
    } catch (error) {
      refused = `what is there cannot be read: ${describeThrown(error)}`;
    }
    if (refused !== null) {
      this.#leaveAlone(refused);
      return;
    }
    const files: Record<string, Entry> = {};
    for (const [path, entry] of this.#entries) files[path] = entry;
    const signed = JSON.stringify({ key: this.#key, span: Number(span), files });
    const text = `${OPENING}${FORMAT},"signature":"${signatureOf(this.#secret, signed)}","cache":${signed}}`;
    try {
      writeFileAtomically(this.file, Buffer.from(text, "utf8"));
    } catch (error) {
      this.#warn(`the cache ${inspectString(this.file)} could not be written: ${describeThrown(error)}`);
      return;
    }
    this.#changed = false;
    const writtenAt = statSync(this.file, { bigint: true, throwIfNoEntry: false })?.mtimeNs;
    this.#racyFrom = writtenAt === undefined ? null : writtenAt - span - TICK_NS;
  }
}
